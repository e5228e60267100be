/**
 * A store's shipping rates for apparel (decision 108), typed in dollars on /store-settings and the design form, sent
 * as JSON numbers (or strings) to /api/user/shipping-rates and as a product's `shipping_override`.
 */
import { z } from "zod";

export const MAX_SHIPPING_DOLLARS = 1000;
export const MAX_FREE_ABOVE_DOLLARS = 100_000;

export const SHIPPING_MESSAGES = {
  required: "Enter an amount in dollars, 0 for free",
  notNumber: "Enter an amount in dollars, like 4.50",
  negative: "An amount cannot be negative",
  step: "An amount can have at most 2 decimals",
  tooHigh: `A rate can be at most $${MAX_SHIPPING_DOLLARS.toLocaleString("en-US")}`,
  freeAboveTooHigh: `Free shipping above can be at most $${MAX_FREE_ABOVE_DOLLARS.toLocaleString("en-US")}`,
  notObject: "shipping_override must be an object of rates or null",
  saved: "Shipping rates saved",
  cleared: "Shipping rates removed: your apparel ships free",
} as const;

const blankToUndefined = (v: unknown) => {
  if (typeof v === "number") return String(v);
  if (typeof v !== "string") return v;
  const t = v.trim();
  return t === "" ? undefined : t;
};

function dollars(max: number, tooHigh: string) {
  return z
    .string({ required_error: SHIPPING_MESSAGES.required, invalid_type_error: SHIPPING_MESSAGES.notNumber })
    .superRefine((value, ctx) => {
      const n = Number(value);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)$/.test(value) || !Number.isFinite(n)) ctx.addIssue({ code: "custom", message: SHIPPING_MESSAGES.notNumber });
      else if (n < 0) ctx.addIssue({ code: "custom", message: SHIPPING_MESSAGES.negative });
      else if (n > max) ctx.addIssue({ code: "custom", message: tooHigh });
      else if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) ctx.addIssue({ code: "custom", message: SHIPPING_MESSAGES.step });
    })
    .transform((value) => Math.round(Number(value) * 100));
}

const rate = z.preprocess(blankToUndefined, dollars(MAX_SHIPPING_DOLLARS, SHIPPING_MESSAGES.tooHigh));
/** Blank, absent or null: no free-shipping threshold. */
const freeAbove = z.preprocess(
  (v) => (v === null ? undefined : blankToUndefined(v)),
  dollars(MAX_FREE_ABOVE_DOLLARS, SHIPPING_MESSAGES.freeAboveTooHigh)
    .optional()
    .transform((v) => v ?? null),
);

/** The five fields in dollars to cents; the JSON and form field names are the same. */
export const ShippingRatesSchema = z
  .object({
    domestic_first: rate,
    domestic_additional: rate,
    international_first: rate,
    international_additional: rate,
    free_above: freeAbove,
  })
  .transform((v) => ({
    domesticFirstCents: v.domestic_first,
    domesticAdditionalCents: v.domestic_additional,
    internationalFirstCents: v.international_first,
    internationalAdditionalCents: v.international_additional,
    freeAboveCents: v.free_above,
  }));

export const SHIPPING_FIELDS = ["domestic_first", "domestic_additional", "international_first", "international_additional", "free_above"] as const;
/** The design form's names of a design's own rates: `ship_domestic_first` ... */
export const SHIPPING_PREFIX = "ship_";
export type ShippingField = (typeof SHIPPING_FIELDS)[number];
export const SHIPPING_LABELS: Record<ShippingField, string> = {
  domestic_first: "Domestic, first item",
  domestic_additional: "Domestic, each additional item",
  international_first: "International, first item",
  international_additional: "International, each additional item",
  free_above: "Free shipping when the order from your store reaches (optional)",
};

export type ShippingOverrideInput =
  | { ok: true; rates: z.output<typeof ShippingRatesSchema> | null }
  | { ok: false; errors: Record<string, string[]> };

/**
 * A design's `shipping_override` (JSON face) or its override fields (design form, `prefix`ed): null or an empty
 * set of fields clears it; otherwise all four rates are needed. Errors are keyed `<key><field>`.
 */
export function parseShippingOverrideInput(value: unknown, key = "shipping_override."): ShippingOverrideInput {
  if (value === null) return { ok: true, rates: null };
  if (typeof value !== "object" || Array.isArray(value)) return { ok: false, errors: { [key.replace(/\.$/, "")]: [SHIPPING_MESSAGES.notObject] } };
  const fields = value as Record<string, unknown>;
  if (SHIPPING_FIELDS.every((f) => fields[f] === undefined || fields[f] === null || String(fields[f]).trim() === "")) return { ok: true, rates: null };
  const parsed = ShippingRatesSchema.safeParse(fields);
  if (parsed.success) return { ok: true, rates: parsed.data };
  const errors: Record<string, string[]> = {};
  for (const issue of parsed.error.issues) (errors[`${key}${issue.path.join(".")}`] ??= []).push(issue.message);
  return { ok: false, errors };
}
