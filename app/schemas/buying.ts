import { z } from "zod";

import { discountCodeText } from "~/schemas/discounts";
import { jsonId, jsonInt } from "~/schemas/json";
import { rowId } from "~/utils/ids";

const id = z.coerce.number({ invalid_type_error: "Invalid id" }).int().positive().transform(rowId);

/** The product page's Add to Cart form (intent=add, productId, variantId, quantity). */
export const AddToCartSchema = z.object({
  intent: z.literal("add"),
  productId: id,
  variantId: z.preprocess((v) => (v === "" || v === null ? undefined : v), id.optional()),
  quantity: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.coerce.number().int().min(1).max(99).default(1)),
  /** The made-to-measure form's hidden `madeToMeasure=on` (decision 115): the buyer's own size, a line of its own. */
  madeToMeasure: z.boolean().optional().default(false),
});

export const RemoveFromCartSchema = z.object({ intent: z.literal("remove"), itemId: id });

/** The rate form (spec: 1 to 5 stars and a comment). */
export const RateSchema = z.object({
  rating: z.coerce
    .number({ required_error: "Choose a rating from 1 to 5 stars", invalid_type_error: "Choose a rating from 1 to 5 stars" })
    .int()
    .min(1, "Choose a rating from 1 to 5 stars")
    .max(5, "Choose a rating from 1 to 5 stars"),
  comment: z.string().trim().max(1000, "The comment is too long (1000 characters at most)").optional().default(""),
});

/** POST /api/user/rate-product {id, rating, comment, products}: JSON types (ids and rating are integers). */
const strictRating = jsonInt("rating")
  .min(1, "Choose a rating from 1 to 5 stars")
  .max(5, "Choose a rating from 1 to 5 stars");
export const ApiRateSchema = z.object({
  id: jsonId("id"),
  rating: strictRating,
  comment: z.string({ invalid_type_error: "comment must be text" }).trim().max(1000, "The comment is too long (1000 characters at most)").optional().default(""),
  products: z
    .array(
      z.union([
        jsonId("products"),
        z.object({ id: jsonId("id") }).transform((p) => p.id),
        z.object({ productId: jsonId("productId") }).transform((p) => p.productId),
      ]),
    )
    .optional(),
});

const apiItem = z
  .object({
    productId: jsonId("productId").optional(),
    id: jsonId("id").optional(),
    variantId: jsonId("variantId").nullish(),
    quantity: jsonInt("quantity").min(1, "quantity must be at least 1").max(99, "quantity can be at most 99").default(1),
    /** The buyer's own size of a pattern (decision 115); its measurements are copied onto the order. */
    made_to_measure: z.boolean({ invalid_type_error: "made_to_measure must be true or false" }).optional().default(false),
  })
  .refine((i) => i.productId ?? i.id, { message: "productId is required" })
  .transform((i) => ({ productId: (i.productId ?? i.id)!, variantId: i.variantId ?? null, quantity: i.quantity, ...(i.made_to_measure ? { madeToMeasure: true } : {}) }));

/**
 * POST /api/user/checkout {items?, discount_code?, digital_consent?}: with items the cart becomes those lines first;
 * without, the cart is used. `digital_consent: true` is needed when the cart holds a Digital pattern (decision 107).
 */
export const ApiCheckoutSchema = z.object({
  items: z.array(apiItem, { invalid_type_error: "items must be a list" }).max(50).optional(),
  /** A discount code (decision 109); absent or null: none (the cart's entered code is dropped). */
  discount_code: discountCodeText.nullable().optional(),
  digital_consent: z.boolean({ invalid_type_error: "digital_consent must be true or false" }).optional(),
  /** A business buyer's VAT number (decision 123); checked by the checkout, blank or absent: none. */
  vat_number: z.string({ invalid_type_error: "vat_number must be text" }).trim().max(20, "vat_number is too long").nullable().optional(),
  /** The business's name for the invoice, with a VAT number (issue 46, item 1); absent: the profile's. */
  company_name: z.string({ invalid_type_error: "company_name must be text" }).trim().max(120, "company_name is too long").nullable().optional(),
});

/** The cart's Checkout form: the download consent box (`on` when ticked, absent when not). */
export const CheckoutFormSchema = z.object({
  digital_consent: z.boolean().optional(),
  vat_number: z.string().trim().max(20, "A VAT number has at most 20 characters").optional(),
  company_name: z.string().trim().max(120, "A company name has at most 120 characters").optional(),
});
