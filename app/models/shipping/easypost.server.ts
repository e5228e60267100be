/**
 * The EasyPost label provider (when EASYPOST_API_KEY is set), through the real `@easypost/api` SDK: a shipment
 * from the parcel size's dimensions and weight and the two addresses, the lowest rate bought, and the carrier's
 * 4x6 PDF label URL, tracking code, carrier and cost returned. EasyPost has no idempotency keys: the shipment
 * carries `reference: order-<id>`, and the caller must never buy twice for one order (see labels.server.ts).
 */
import { easyPostSdk } from "~/utils/optional-sdk.server";

import { type Address, addresseeName, checkLabelAddresses } from "./addresses";
import type { LabelInput, LabelProvider, LabelResult } from "./label-provider";
import { PARCEL_LIMITS } from "./parcels";

/**
 * "7.58" → 758: EasyPost rates are decimal strings of dollars. Parsed digit by digit, never through a float
 * ("0.29" * 100 is 28.999999999999996). Null for anything that is not a plain non-negative amount.
 */
export function dollarsToCents(value: unknown): number | null {
  const match = typeof value === "string" || typeof value === "number" ? /^(\d+)(?:\.(\d{1,2})0*)?$/.exec(String(value).trim()) : null;
  if (!match) return null;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0"));
  return Number.isSafeInteger(cents) ? cents : null;
}

function toEasyPostAddress(a: Address) {
  return {
    name: addresseeName(a),
    street1: a.street.trim(),
    street2: a.street2?.trim() || undefined,
    city: a.city.trim(),
    state: a.state.trim(),
    zip: a.postal_code.trim(),
    country: a.country.trim().toUpperCase(),
    phone: a.phone?.trim() || undefined,
    email: a.email?.trim() || undefined,
  };
}

/** The SDK's errors carry the API's message (and code); network errors are plain Errors. */
function describeError(error: unknown): string {
  if (error && typeof error === "object") {
    const e = error as { message?: unknown; code?: unknown };
    const message = typeof e.message === "string" && e.message ? e.message : "unknown error";
    return typeof e.code === "string" && e.code && !message.includes(e.code) ? `${message} (${e.code})` : message;
  }
  return String(error);
}

export function createEasyPostClient({ apiKey, apiUrl, timeoutMs = 30_000 }: { apiKey: string; apiUrl?: string; timeoutMs?: number }) {
  // The SDK appends paths such as "shipments" to the base URL, so it must end with "/v2/".
  const baseUrl = apiUrl ? apiUrl.replace(/\/*$/, "/") : undefined;
  const EasyPostClient = easyPostSdk();
  return new EasyPostClient(apiKey, { baseUrl, timeout: timeoutMs });
}

export function createEasyPostLabelProvider(options: { apiKey: string; apiUrl?: string; timeoutMs?: number }): LabelProvider {
  const client = createEasyPostClient(options);
  return {
    name: "easypost",
    async buyLabel(input: LabelInput): Promise<LabelResult> {
      const invalid = checkLabelAddresses(input);
      if (invalid) return { ok: false, ...invalid };
      const parcel = PARCEL_LIMITS[input.parcelSize];
      const fail = (message: string): LabelResult => ({ ok: false, error: "label-provider-error", message });
      try {
        const shipment = await client.Shipment.create({
          reference: input.reference ?? `order-${input.orderId}`,
          from_address: toEasyPostAddress(input.from),
          to_address: toEasyPostAddress(input.to),
          parcel: { length: parcel.lengthIn, width: parcel.widthIn, height: parcel.heightIn, weight: parcel.maxWeightOz },
          options: { label_format: "PDF", label_size: "4x6" },
        });
        if (!shipment.rates?.length) {
          const reasons = (shipment.messages ?? []).map((m) => String(m.message)).filter(Boolean);
          return fail(`No shipping rates for this parcel${reasons.length ? `: ${reasons.join("; ")}` : "."}`);
        }
        const rate = shipment.lowestRate();
        const costCents = dollarsToCents(rate.rate);
        if (costCents === null) return fail(`EasyPost answered a rate that is not an amount: ${JSON.stringify(rate.rate)}`);
        const bought = await client.Shipment.buy(shipment.id, rate);
        const label = bought.postage_label;
        if (!label?.label_url) return fail("EasyPost bought the shipment but returned no label.");
        const selected = bought.selected_rate ?? rate;
        return {
          ok: true,
          labelUrl: label.label_url,
          contentType: label.label_file_type || "application/pdf",
          trackingNumber: bought.tracking_code || null,
          carrier: selected.carrier || null,
          costCents: dollarsToCents(selected.rate) ?? costCents,
          providerShipmentId: bought.id,
        };
      } catch (error) {
        return fail(`EasyPost could not make the label: ${describeError(error)}`);
      }
    },
  };
}
