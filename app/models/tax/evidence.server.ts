/**
 * Where the buyer is, on two pieces of evidence (decision 123): the profile's country and the country of the card that
 * paid. In `vat` mode they must not contradict each other where either is an EU member state or the UK: the rate
 * charged depends on it. Unknown card countries (the local test provider, a wallet that does not say) decide nothing.
 */
import { isVatCountry } from "~/models/tax/rates.server";

export function evidenceConflicts({ profileCountry, cardCountry }: { profileCountry: string | null; cardCountry: string | null | undefined }): boolean {
  if (!cardCountry || !profileCountry || cardCountry === profileCountry) return false;
  return isVatCountry(profileCountry) || isVatCountry(cardCountry);
}

/** The buyer's email when the payment was given back for it. */
export function evidenceRefusal({ profileCountry, cardCountry }: { profileCountry: string; cardCountry: string }): string {
  return (
    `Your payment was refunded in full and nothing was ordered: the card you paid with was issued in ${cardCountry}, ` +
    `but the address in your profile is in ${profileCountry}. VAT on downloads depends on where you live, so the two must agree. ` +
    "Please check the country in your settings, or pay with a card from your country, and check out again."
  );
}
