/**
 * A business buyer's VAT number at checkout (decision 123, issue 46 item 1): well formed, of the buyer's own country,
 * and confirmed by the tax authority's register: the EU's VIES service (its REST API, VIES_URL) for EU and Northern
 * Irish (XI) numbers, HMRC's "Check a UK VAT number" API (HMRC_API_URL) for GB numbers. In `vat` mode the
 * confirmation is always asked (a reverse charge rests on it); in the other modes only when the administrator turned
 * `vies_check` on. A service that does not answer is a refusal (503), never an acceptance. The confirmation's
 * reference and the registered name and address are kept on the checkout as evidence.
 */
import type { PlatformSettings } from "../../../db/tables";
import { parseVatNumber, type VatConfirmation, type VatNumber } from "~/models/tax/vat-number.server";
import { getEnv } from "~/utils/env.server";
import { log } from "~/utils/log.server";

export type VatNumberError = "vat-number-invalid" | "vat-number-country" | "vat-number-unknown" | "vies-unavailable" | "hmrc-unavailable";

const VIES_URL = "https://ec.europa.eu/taxation_customs/vies/rest-api";
const HMRC_API_URL = "https://api.service.hmrc.gov.uk";
const TIMEOUT_MS = 8_000;

/** A register's answer: confirmed (with its evidence), not registered, or no answer. */
type Lookup = { known: true; confirmation: VatConfirmation } | { known: false } | null;

export async function checkBuyerVatNumber({
  settings,
  input,
  country,
  now = new Date(),
}: {
  settings: Pick<PlatformSettings, "viesCheck" | "taxMode" | "vatNumber">;
  input: string;
  /** The buyer's country (profile). */
  country: string;
  now?: Date;
}): Promise<{ ok: true; vatNumber: VatNumber } | { ok: false; error: VatNumberError }> {
  const vatNumber = parseVatNumber(input);
  if (!vatNumber) return { ok: false, error: "vat-number-invalid" };
  if (vatNumber.country !== country) return { ok: false, error: "vat-number-country" };
  if (settings.taxMode !== "vat" && !settings.viesCheck) return { ok: true, vatNumber };
  const requester = settings.vatNumber ? parseVatNumber(settings.vatNumber) : null;
  const hmrc = vatNumber.value.startsWith("GB");
  const answer = hmrc ? await askHmrc(vatNumber, requester, now) : await askVies(vatNumber, requester, now);
  if (answer === null) return { ok: false, error: hmrc ? "hmrc-unavailable" : "vies-unavailable" };
  return answer.known ? { ok: true, vatNumber: { ...vatNumber, confirmation: answer.confirmation } } : { ok: false, error: "vat-number-unknown" };
}

/** A register's "not disclosed" ("---", blank) is no name. */
function given(text: unknown): string | null {
  if (typeof text !== "string") return null;
  const trimmed = text.trim();
  return trimmed === "" || /^-+$/.test(trimmed) ? null : trimmed.slice(0, 300);
}

/**
 * VIES (POST /check-vat-number). With the platform's own EU VAT number as requester, VIES answers a request
 * identifier (the consultation number); a member state's system being down (`userError` other than VALID/INVALID)
 * is no answer.
 */
async function askVies(vatNumber: VatNumber, requester: VatNumber | null, now: Date): Promise<Lookup> {
  const base = getEnv().VIES_URL ?? VIES_URL;
  const prefix = vatNumber.value.slice(0, 2);
  const asker = requester && !requester.value.startsWith("GB") ? { requesterMemberStateCode: requester.value.slice(0, 2), requesterNumber: requester.value.slice(2) } : {};
  try {
    const response = await fetch(`${base.replace(/\/$/, "")}/check-vat-number`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ countryCode: prefix, vatNumber: vatNumber.value.slice(2), ...asker }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`VIES answered ${response.status}`);
    const body = (await response.json()) as { valid?: unknown; userError?: unknown; requestIdentifier?: unknown; requestDate?: unknown; name?: unknown; address?: unknown };
    if (typeof body.valid !== "boolean") throw new Error("VIES answered without `valid`");
    if (typeof body.userError === "string" && !["VALID", "INVALID"].includes(body.userError)) throw new Error(`VIES answered ${body.userError}`);
    if (!body.valid) return { known: false };
    const reference = given(body.requestIdentifier) ?? given(body.requestDate) ?? now.toISOString();
    return { known: true, confirmation: { source: "vies", reference, name: given(body.name), address: given(body.address), checkedAt: now } };
  } catch (error) {
    log.warn({ event: "vies-unavailable", country: prefix, err: error }, "the VIES service could not check a VAT number");
    return null;
  }
}

/** HMRC's OAuth token (client credentials), kept until shortly before it expires. */
let hmrcToken: { base: string; value: string; expiresAt: number } | null = null;

async function hmrcAuthorization(base: string): Promise<Record<string, string>> {
  const { HMRC_CLIENT_ID: id, HMRC_CLIENT_SECRET: secret } = getEnv();
  if (!id || !secret) return {}; // HMRC refuses the lookup (401): no answer, logged
  if (hmrcToken && hmrcToken.base === base && hmrcToken.expiresAt > Date.now()) return { Authorization: `Bearer ${hmrcToken.value}` };
  const response = await fetch(`${base}/oauth/token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: new URLSearchParams({ client_id: id, client_secret: secret, grant_type: "client_credentials" }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`HMRC's token endpoint answered ${response.status}`);
  const body = (await response.json()) as { access_token?: unknown; expires_in?: unknown };
  if (typeof body.access_token !== "string") throw new Error("HMRC's token endpoint answered without `access_token`");
  const seconds = typeof body.expires_in === "number" ? body.expires_in : 3600;
  hmrcToken = { base, value: body.access_token, expiresAt: Date.now() + Math.max(0, seconds - 60) * 1000 };
  return { Authorization: `Bearer ${body.access_token}` };
}

/**
 * HMRC's "Check a UK VAT number" v2 (GET /organisations/vat/check-vat-number/lookup/{target}[/{requester}]): 200 with
 * the registered name and address, and with the platform's own GB number as requester a consultation number; 404 not
 * registered. It knows numbers of 9 or 12 digits only: a government department's or health authority's (GD, HA) number
 * cannot be confirmed, so it is not reverse-charged.
 */
async function askHmrc(vatNumber: VatNumber, requester: VatNumber | null, now: Date): Promise<Lookup> {
  const target = vatNumber.value.slice(2);
  if (!/^(\d{9}|\d{12})$/.test(target)) return { known: false };
  const base = (getEnv().HMRC_API_URL ?? HMRC_API_URL).replace(/\/$/, "");
  const asker = requester?.value.startsWith("GB") && /^\d{9}$/.test(requester.value.slice(2)) ? `/${requester.value.slice(2)}` : "";
  try {
    const lookup = async () =>
      fetch(`${base}/organisations/vat/check-vat-number/lookup/${target}${asker}`, {
        headers: { Accept: "application/vnd.hmrc.2.0+json", ...(await hmrcAuthorization(base)) },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    let response = await lookup();
    // A kept token HMRC no longer takes (revoked, or the service restarted): one new token, one more try.
    if (response.status === 401 && hmrcToken) {
      hmrcToken = null;
      response = await lookup();
    }
    if (response.status === 404) return { known: false };
    if (!response.ok) throw new Error(`HMRC answered ${response.status}`);
    const body = (await response.json()) as {
      target?: { name?: unknown; vatNumber?: unknown; address?: Record<string, unknown> };
      processingDate?: unknown;
      consultationNumber?: unknown;
    };
    if (!body.target || body.target.vatNumber !== target) throw new Error("HMRC answered without the target");
    const address = Object.entries(body.target.address ?? {})
      .filter(([key]) => key !== "countryCode")
      .map(([, value]) => given(value))
      .filter((line): line is string => line !== null)
      .join("\n");
    const reference = given(body.consultationNumber) ?? given(body.processingDate) ?? now.toISOString();
    return { known: true, confirmation: { source: "hmrc", reference, name: given(body.target.name), address: address || null, checkedAt: now } };
  } catch (error) {
    log.warn({ event: "hmrc-unavailable", err: error }, "HMRC's VAT number check could not check a UK VAT number");
    return null;
  }
}
