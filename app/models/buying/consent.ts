/**
 * Consent for downloads (issue 23 item 7, decision 107): a cart holding a Digital pattern is checked out only when
 * the buyer asks for the download at once and acknowledges losing the right of withdrawal once it starts
 * (Consumer Rights Directive art. 16(m)). The rule, its texts and the date shown; client-safe (the cart's box reads
 * the label), so it imports no server module.
 */
import { isDownloadPattern, type Delivery, type ProductType } from "~/utils/catalog";
import { isoMinute } from "~/utils/dates";

/** The box's label in the cart, unticked by default (the form field `digital_consent`). */
export const DIGITAL_CONSENT_LABEL = "I want the download now and understand I lose my right of withdrawal once it starts";

/** Whether checking out these lines needs the buyer's consent: any Digital pattern among them. */
export function needsDigitalConsent(lines: { type: ProductType; delivery: Delivery | null }[]): boolean {
  return lines.some((line) => isDownloadPattern(line.type, line.delivery));
}

/**
 * The consent time a checkout of these lines stores: `now` when it holds a Digital pattern and the buyer
 * consented, null when it holds none; "refused" when it holds one without consent.
 */
export function digitalConsentAt(
  lines: { type: ProductType; delivery: Delivery | null }[],
  consented: boolean,
  now: Date,
): Date | null | "refused" {
  if (!needsDigitalConsent(lines)) return null;
  return consented ? now : "refused";
}

/** The sentence that states a recorded consent, on /purchase/{id} and in the confirmation email (UTC). */
export function digitalConsentStatement(at: Date): string {
  return `You asked for the download to start at once and acknowledged that you lose your right of withdrawal once it starts, on ${isoMinute(at)} UTC.`;
}
