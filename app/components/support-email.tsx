/** The support address the legal pages point to. */
export const SUPPORT_EMAIL = "support@patternhouse.example";

/** The support address as a mail link (the legal pages' Contact sections). */
export function SupportEmailLink() {
  return (
    <a className="underline" href={`mailto:${SUPPORT_EMAIL}`}>
      {SUPPORT_EMAIL}
    </a>
  );
}
