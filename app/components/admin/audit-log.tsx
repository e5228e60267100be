import { formatCents } from "~/utils/money";

/** The audit trail of one order, store, user or the settings: who did what, when, and what changed. */
export type AuditEntryView = { id: number; action: string; adminEmail: string | null; details: Record<string, unknown>; createdAt: string };

const ACTION_LABELS: Record<string, string> = {
  ship: "Shipped",
  refund: "Refunded",
  "approve-transfer": "Approved a transfer",
  "reject-transfer": "Rejected a transfer",
  "payout-refused": "Approved a transfer the payment provider refused",
  "remove-product": "Removed a product",
  "edit-user": "Edited the user",
  "adjust-balance": "Adjusted the balance",
  "save-settings": "Saved the settings",
  "export-data": "Exported the user's data",
  "delete-account": "Deleted the account",
};

/** Words for the details' keys; amounts (`...Cents`) are shown as money. */
const DETAIL_LABELS: Record<string, string> = {
  refundedCents: "refunded",
  debitCents: "taken from the store",
  refundId: "refund",
  provider: "payment",
  by: "by",
};

/** Text with its line breaks as line breaks (an address's \r\n is not shown as the characters `\r\n`: issue 46 item 21). */
const lines = (text: string) => text.replace(/\r\n?/g, "\n");

function detailValue(key: string, value: unknown): string {
  if (key.endsWith("Cents") && typeof value === "number") return formatCents(value);
  return typeof value === "string" ? lines(value) : JSON.stringify(value);
}

/** A changed value: text in quotes with its line breaks, anything else as JSON. */
const changedValue = (value: unknown) => (typeof value === "string" ? `"${lines(value)}"` : JSON.stringify(value));

function describe(details: Record<string, unknown>): string {
  const changes = details.changes as Record<string, { from: unknown; to: unknown }> | undefined;
  if (changes) {
    return Object.entries(changes)
      .map(([field, c]) => `${field}: ${changedValue(c.from)} → ${changedValue(c.to)}`)
      .join("\n");
  }
  return Object.entries(details)
    .map(([key, value]) => `${DETAIL_LABELS[key] ?? key}: ${detailValue(key, value)}`)
    .join("; ");
}

export function AuditLog({ entries, title = "Audit log" }: { entries: AuditEntryView[]; title?: string }) {
  return (
    <section aria-labelledby="audit-heading" className="card mt-8 p-6">
      <h2 id="audit-heading" className="text-lg font-semibold">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No administrator actions recorded yet.</p>
      ) : (
        <ol className="mt-3 space-y-2 text-sm">
          {entries.map((e) => (
            <li key={e.id} className="border-b border-slate-100 pb-2">
              <span className="font-medium">{ACTION_LABELS[e.action] ?? e.action}</span> by {e.adminEmail ?? "a removed administrator"} on{" "}
              <time dateTime={e.createdAt}>{e.createdAt.replace("T", " ").slice(0, 16)} UTC</time>
              <p className="whitespace-pre-line break-words text-slate-600">{describe(e.details)}</p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
