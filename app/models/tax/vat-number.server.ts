/**
 * A business buyer's VAT number, checked for form and check digits with `jsvat-next` (decision 123). Greece's
 * numbers start with EL; Northern Ireland's XI counts as the UK.
 */
import { createRequire } from "node:module";

import { VAT_COUNTRIES } from "~/models/tax/rates.server";

// A CommonJS package whose exports Node's ESM cannot list and Vite's SSR loader takes for an ES module's: required.
const jsvat = createRequire(import.meta.url)("jsvat-next") as typeof import("jsvat-next");

/** A register's confirmation of a VAT number (issue 46, item 1), kept on the checkout as evidence. */
export type VatConfirmation = {
  source: "vies" | "hmrc";
  /** VIES's request identifier or HMRC's consultation number; the date the register answered when it gave none. */
  reference: string;
  /** The registered name and address, where the register discloses them. */
  name: string | null;
  address: string | null;
  checkedAt: Date;
};

/** A well-formed number; `confirmation` once a register confirmed it (only a confirmed number is reverse-charged). */
export type VatNumber = { value: string; country: string; confirmation?: VatConfirmation };

/** The number without spaces, dots or dashes, upper case; null when it is not a well-formed EU or UK number. */
export function parseVatNumber(input: string): VatNumber | null {
  const compact = input.replace(/[\s.-]/g, "").toUpperCase();
  if (!/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(compact)) return null;
  const result = jsvat.checkVAT(compact, jsvat.countries);
  if (!result.isValid || !result.value) return null;
  const prefix = compact.slice(0, 2);
  const country = prefix === "EL" ? "GR" : prefix === "XI" ? "GB" : prefix;
  if (!VAT_COUNTRIES.includes(country)) return null;
  return { value: result.value, country };
}
