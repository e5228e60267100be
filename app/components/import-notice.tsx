/** The checkout's warning of import VAT and duties (decision 151), for a buyer in the EU or the UK of goods shipped from outside. */
export function ImportNotice({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p role="note" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="import-notice">
      {text}
    </p>
  );
}
