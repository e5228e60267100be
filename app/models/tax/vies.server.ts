/**
 * A business buyer's VAT number at checkout (decision 123): well formed, of the buyer's own country, and, when the
 * administrator turned it on, known to the EU's VIES service (its REST API; VIES_URL points tests at a fake).
 */
import type { PlatformSettings } from "../../../db/schema";
import { parseVatNumber, type VatNumber } from "~/models/tax/vat-number.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";

export type VatNumberError = "vat-number-invalid" | "vat-number-country" | "vat-number-unknown" | "vies-unavailable";

const VIES_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api";
const VIES_TIMEOUT_MS = 8_000;

export async function checkBuyerVatNumber({
  settings,
  input,
  country,
}: {
  settings: Pick<PlatformSettings, "viesCheck">;
  input: string;
  /** The buyer's country (profile). */
  country: string;
}): Promise<{ ok: true; vatNumber: VatNumber } | { ok: false; error: VatNumberError }> {
  const vatNumber = parseVatNumber(input);
  if (!vatNumber) return { ok: false, error: "vat-number-invalid" };
  if (vatNumber.country !== country) return { ok: false, error: "vat-number-country" };
  if (!settings.viesCheck) return { ok: true, vatNumber };
  const known = await askVies(vatNumber);
  if (known === null) return { ok: false, error: "vies-unavailable" };
  return known ? { ok: true, vatNumber } : { ok: false, error: "vat-number-unknown" };
}

/** VIES's answer: true (valid), false (not registered), null (the service did not answer). */
async function askVies(vatNumber: VatNumber): Promise<boolean | null> {
  const base = getEnv().VIES_URL ?? VIES_URL;
  const prefix = vatNumber.value.slice(0, 2);
  try {
    const response = await fetch(`${base.replace(/\/$/, "")}/check-vat-number`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ countryCode: prefix, vatNumber: vatNumber.value.slice(2) }),
      signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`VIES answered ${response.status}`);
    const body = (await response.json()) as { valid?: unknown };
    if (typeof body.valid !== "boolean") throw new Error("VIES answered without `valid`");
    return body.valid;
  } catch (error) {
    log.warn({ event: "vies-unavailable", country: prefix, err: error }, "the VIES service could not check a VAT number");
    return null;
  }
}
