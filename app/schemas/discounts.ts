/**
 * Discount codes (issue 23 item 2, decision 109): the seller's form on /my-discounts and
 * `POST /api/user/discount-codes`, the buyer's code field on /cart, the JSON checkout's `discount_code`.
 * Form fields are text; the JSON face's numbers must be JSON numbers (withJsonTypes), then one schema checks both.
 */
import { z } from "zod";

import { jsonId, jsonKindError, withJsonTypes } from "./json";
import { rowId } from "~/utils/ids";

const asText = (v: unknown) => (typeof v === "number" ? String(v) : v);
const blankAsNull = (v: unknown) => (v === undefined || v === null || (typeof v === "string" && v.trim() === "") ? null : v);

/** What a buyer types: letters, digits, '-' and '_'. */
export const discountCodeText = z
  .string({ invalid_type_error: "The discount code must be text" })
  .trim()
  .max(32, "This discount code does not exist. Please check its spelling.");

const code = z.preprocess(
  asText,
  z
    .string({ required_error: "Code is required", invalid_type_error: "Code must be text" })
    .trim()
    .min(3, "Code needs 3 to 32 characters")
    .max(32, "Code needs 3 to 32 characters")
    .regex(/^[A-Za-z0-9_-]+$/, "Code may hold letters, digits, '-' and '_' only"),
);

const percent = z.preprocess(
  (v) => blankAsNull(asText(v)),
  z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,2})?$/, "Percent off must be a number from 0.01 to 100")
    .transform((v) => Math.round(Number(v) * 100))
    .refine((bp) => bp >= 1 && bp <= 10000, "Percent off must be a number from 0.01 to 100")
    .nullable(),
);

const amount = z.preprocess(
  (v) => blankAsNull(asText(v)),
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "Amount off must be an amount like 5 or 5.00")
    .transform((v) => Math.round(Number(v) * 100))
    .refine((cents) => cents >= 1, "Amount off must be at least 0.01")
    .nullable(),
);

const day = (label: string) =>
  z.preprocess(
    blankAsNull,
    z
      .string({ invalid_type_error: `${label} must be a date (YYYY-MM-DD)` })
      .trim()
      .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date (YYYY-MM-DD)`)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), `${label} must be a real date`)
      .nullable(),
  );

const maxUses = z.preprocess(
  (v) => blankAsNull(asText(v)),
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, "Use limit must be a whole number from 1 to 1000000")
    .transform(Number)
    .refine((n) => n >= 1 && n <= 1_000_000, "Use limit must be a whole number from 1 to 1000000")
    .nullable(),
);

/** A form's checkbox ("on") or a JSON boolean. */
const flag = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** Product ids: the form's `product_ids` ("3, 7" or repeated fields), JSON's array or null (the whole store). */
const productIds = z.preprocess(
  (v) => {
    if (v === undefined || v === null || v === "") return null;
    if (typeof v === "string") return v.split(/[\s,]+/).filter(Boolean).map((s) => (/^\d+$/.test(s) ? Number(s) : s));
    if (Array.isArray(v)) return v.map((s) => (typeof s === "string" && /^\d+$/.test(s) ? Number(s) : s));
    return v;
  },
  z
    .array(jsonId("Each of product_ids"), { invalid_type_error: "product_ids must be a list of design ids or null" })
    .min(1, "Choose at least one design, or the whole store")
    .max(500, "At most 500 designs")
    .nullable(),
);

export const CreateDiscountCodeSchema = z
  .object({
    code,
    percent_off: percent.optional().default(null),
    amount_off: amount.optional().default(null),
    product_ids: productIds.optional().default(null),
    starts: day("Start date").optional().default(null),
    ends: day("End date").optional().default(null),
    max_uses: maxUses.optional().default(null),
    once_per_buyer: flag.optional().default(false),
  })
  .superRefine((v, ctx) => {
    if ((v.percent_off === null) === (v.amount_off === null)) {
      ctx.addIssue({ code: "custom", path: ["percent_off"], message: "Give either a percent off or an amount off" });
    }
    if (v.starts && v.ends && v.ends < v.starts) ctx.addIssue({ code: "custom", path: ["ends"], message: "The end date is before the start date" });
  });
export type CreateDiscountCodeInput = z.infer<typeof CreateDiscountCodeSchema>;

/**
 * POST /api/user/discount-codes: the same fields; numbers as JSON numbers, `product_ids` a JSON array of JSON
 * numbers (or null), `once_per_buyer` a JSON boolean. `"yes"`, `1` or `"3, 7"` are the form's spellings, not JSON's:
 * a 400 naming the field, as everywhere in the API (issue 34 item 6: `"yes"` was read as false).
 */
export const ApiCreateDiscountCodeSchema = z
  .record(z.unknown())
  .superRefine((body, ctx) => {
    const ids = body.product_ids;
    if (ids !== undefined && ids !== null) {
      if (!Array.isArray(ids)) {
        ctx.addIssue({ code: "custom", path: ["product_ids"], message: "product_ids must be a JSON list of design ids, or null for the whole store" });
      } else {
        ids.forEach((id, i) => {
          const message = jsonKindError(`product_ids[${i}]`, "id", id);
          if (message) ctx.addIssue({ code: "custom", path: ["product_ids"], message });
        });
      }
    }
    const once = body.once_per_buyer;
    if (once !== undefined && once !== null && typeof once !== "boolean") {
      ctx.addIssue({ code: "custom", path: ["once_per_buyer"], message: "once_per_buyer must be true or false" });
    }
  })
  .pipe(withJsonTypes(CreateDiscountCodeSchema, { percent_off: "number", amount_off: "number", max_uses: "int" }));

/** POST /api/user/remove-discount-code {id}. */
export const ApiRemoveDiscountCodeSchema = z.object({ id: jsonId("id") });

/** The /my-discounts Remove button. */
export const RemoveDiscountCodeSchema = z.object({ intent: z.literal("remove"), id: z.coerce.number({ invalid_type_error: "Invalid id" }).int().positive().transform(rowId) });

/** The /cart code form (intent apply-discount; empty code or intent remove-discount takes it off). */
export const ApplyDiscountSchema = z.object({ intent: z.literal("apply-discount"), discount_code: z.preprocess((v) => v ?? "", discountCodeText) });
