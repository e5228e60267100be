/**
 * The seller's forms (spec 5: Design, Variants, Store settings), one schema each, shared by the HTML
 * actions (parseWithZod on the form data), the JSON routes (safeParse of the decoded JSON parts) and the
 * browser (native constraints). Field names are the API's (spec 3, Own product and pdetails).
 */
import { z } from "zod";

import { jsonId } from "./json";

import { DESIGN_CATEGORIES, subcategoriesFor } from "../utils/catalog";
import type { KeepRow } from "../utils/form-rows";
import type { LayoutFormValues } from "./layout";
import { rowId } from "~/utils/ids";

export const NAME_MAX = 50;
export const DESC_MAX = 250;
export const TERMS_MAX = 2000;
export const MIN_PRICE = 5;
export const MAX_PRICE = 100_000;
export const MAX_VARIANTS = 30;
export const MAX_INVENTORY = 1_000_000;

export const PRODUCT_TYPE_OPTIONS = [
  { id: "Pattern", label: "Pattern" },
  { id: "Made", label: "Made to order" },
  { id: "Ready", label: "Ready to ship" },
] as const;
export const DELIVERY_OPTIONS = [
  { id: "Digital", label: "Digital (DXF download)" },
  { id: "Print", label: "Print (printed and shipped by us from Los Angeles, US only)" },
] as const;

export const DESIGN_MESSAGES = {
  nameRequired: "Name is required",
  nameTooLong: `Name can be at most ${NAME_MAX} characters`,
  descRequired: "Description is required",
  descTooLong: `Description can be at most ${DESC_MAX} characters`,
  priceRequired: "Price is required",
  priceNotNumber: "Price must be a number",
  priceTooLow: `Price must be at least ${MIN_PRICE}`,
  priceTooHigh: `Price can be at most ${MAX_PRICE.toLocaleString("en-US")}`,
  priceStep: "Price can have at most 2 decimals (step 0.01)",
  typeRequired: "Availability is required",
  deliveryRequired: "Delivery is required for a pattern",
  categoryRequired: "Category is required",
  subcategoryRequired: "Subcategory is required",
  subcategoryMismatch: "Choose a subcategory of the chosen category",
  parcelRequired: "Parcel size is required for made and ready apparel",
  termsTooLong: `Terms can be at most ${TERMS_MAX} characters`,
  variantValueRequired: "Size is required",
  variantValueTooLong: "Size can be at most 30 characters",
  skuTooLong: "SKU can be at most 64 characters",
  quantityInteger: "Quantity must be a whole number",
  quantityNegative: "Quantity cannot be negative",
  quantityTooHigh: `Quantity can be at most ${MAX_INVENTORY.toLocaleString("en-US")}`,
  tooManyVariants: `A design can have at most ${MAX_VARIANTS} sizes`,
  mediaRequired: "Add at least one image or video",
  mediaTooMany: "A design can have at most 10 images or videos",
  sizeChartRequired: "Size chart image is required",
  patternRequired: "Pattern file (DXF) is required for a pattern",
} as const;

/** Strings and numbers alike become trimmed strings; blanks become undefined (as conform does). */
const text = (v: unknown) => {
  if (typeof v === "number") return String(v);
  if (typeof v !== "string") return v;
  const t = v.trim();
  return t === "" ? undefined : t;
};

const requiredText = (required: string, max: number, tooLong: string) =>
  z.preprocess(text, z.string({ required_error: required, invalid_type_error: required }).max(max, tooLong));

/** A price in dollars, typed (string) or sent as a JSON number, to integer cents. */
const price = z.preprocess(
  text,
  z
    .string({ required_error: DESIGN_MESSAGES.priceRequired, invalid_type_error: DESIGN_MESSAGES.priceNotNumber })
    .superRefine((value, ctx) => {
      const n = Number(value);
      if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(value) || !Number.isFinite(n)) {
        ctx.addIssue({ code: "custom", message: DESIGN_MESSAGES.priceNotNumber });
      } else if (n < MIN_PRICE) {
        ctx.addIssue({ code: "custom", message: DESIGN_MESSAGES.priceTooLow });
      } else if (n > MAX_PRICE) {
        ctx.addIssue({ code: "custom", message: DESIGN_MESSAGES.priceTooHigh });
      } else if (Math.abs(n * 100 - Math.round(n * 100)) > 1e-6) {
        ctx.addIssue({ code: "custom", message: DESIGN_MESSAGES.priceStep });
      }
    })
    .transform((value) => Math.round(Number(value) * 100)),
);

const quantity = z.preprocess(
  text,
  z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      if (value === undefined) return;
      const n = Number(value);
      if (!/^[+-]?\d+(\.\d+)?$/.test(value) || !Number.isInteger(n)) {
        ctx.addIssue({ code: "custom", message: DESIGN_MESSAGES.quantityInteger });
      } else if (n < 0) {
        ctx.addIssue({ code: "custom", message: DESIGN_MESSAGES.quantityNegative });
      } else if (n > MAX_INVENTORY) {
        ctx.addIssue({ code: "custom", message: DESIGN_MESSAGES.quantityTooHigh });
      }
    })
    .transform((value) => (value === undefined ? 0 : Number(value))),
);

export const VariantSchema = z.object({
  /** An existing variant of the product (kept, updated); absent for a new row. */
  id: z.preprocess(text, z.coerce.number().int().positive().transform(rowId).optional()),
  value: requiredText(DESIGN_MESSAGES.variantValueRequired, 30, DESIGN_MESSAGES.variantValueTooLong),
  sku: z.preprocess(text, z.string().max(64, DESIGN_MESSAGES.skuTooLong).optional().default("")),
  inventory: quantity,
  /**
   * The stock the form showed when it was loaded: a save then moves the stock by the difference typed, so units
   * reserved by checkouts meanwhile are not handed out again. Absent (the JSON face, new rows): the stock is set.
   */
  was: z.preprocess(text, z.coerce.number().int().min(0).optional().catch(undefined)),
});
export type VariantInput = z.infer<typeof VariantSchema>;

const oneOf = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.preprocess(text, z.enum(values, { errorMap: () => ({ message }) }));

const CATEGORY_IDS = DESIGN_CATEGORIES.map((c) => c.id) as [string, ...string[]];

const DESIGN_FIELDS = {
  name: requiredText(DESIGN_MESSAGES.nameRequired, NAME_MAX, DESIGN_MESSAGES.nameTooLong),
  desc: requiredText(DESIGN_MESSAGES.descRequired, DESC_MAX, DESIGN_MESSAGES.descTooLong),
  price,
  type: oneOf(["Pattern", "Made", "Ready"], DESIGN_MESSAGES.typeRequired),
  category1: oneOf(CATEGORY_IDS, DESIGN_MESSAGES.categoryRequired),
  terms: z.preprocess(text, z.string().max(TERMS_MAX, DESIGN_MESSAGES.termsTooLong).optional().default("")),
};

export type DesignInput = {
  name: string;
  desc: string;
  priceCents: number;
  type: "Pattern" | "Made" | "Ready";
  /** Patterns only. */
  delivery: "Digital" | "Print" | null;
  category1: string;
  category2: string;
  terms: string;
  /** Made and Ready only. */
  parcel_size: "Small" | "Medium" | "Large" | null;
  /** Made and Ready only (spec 5: variants are not shown for Pattern). */
  variants: VariantInput[];
};

/** Field errors by field name (`variants[1].inventory` for a row's field), as the form shows them. */
export type FieldErrors = Record<string, string[]>;

export type RawDesign = {
  name?: unknown;
  desc?: unknown;
  price?: unknown;
  type?: unknown;
  delivery?: unknown;
  category1?: unknown;
  category2?: unknown;
  terms?: unknown;
  parcel_size?: unknown;
  variants?: unknown;
};

function addError(errors: FieldErrors, field: string, message: string) {
  (errors[field] ??= []).push(message);
}

/**
 * Spec 5, Design and Variants: every field is checked (not only until the first failure), so the form
 * shows each problem at its field at once. Files and the rules that need the stored product (media count,
 * size chart, pattern file) are the model's.
 */
export function validateDesign(raw: RawDesign): { ok: true; value: DesignInput } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const out: Record<string, unknown> = {};
  for (const [field, schema] of Object.entries(DESIGN_FIELDS)) {
    const result = schema.safeParse(raw[field as keyof RawDesign]);
    if (result.success) out[field] = result.data;
    else addError(errors, field, result.error.issues[0]!.message);
  }
  const type = out.type as DesignInput["type"] | undefined;
  const isPattern = type === "Pattern";
  const delivery = text(raw.delivery);
  if (isPattern && delivery !== "Digital" && delivery !== "Print") addError(errors, "delivery", DESIGN_MESSAGES.deliveryRequired);
  const parcel = text(raw.parcel_size);
  if (type && !isPattern && parcel !== "Small" && parcel !== "Medium" && parcel !== "Large") {
    addError(errors, "parcel_size", DESIGN_MESSAGES.parcelRequired);
  }
  const category2 = text(raw.category2);
  if (typeof category2 !== "string") addError(errors, "category2", DESIGN_MESSAGES.subcategoryRequired);
  else if (out.category1 && !subcategoriesFor(out.category1 as string).some((c) => c.id === category2)) {
    addError(errors, "category2", DESIGN_MESSAGES.subcategoryMismatch);
  }
  const variants: VariantInput[] = [];
  if (!isPattern) {
    const rows = Array.isArray(raw.variants) ? raw.variants : raw.variants === undefined ? [] : null;
    if (rows === null) addError(errors, "variants", "Variants must be a list");
    else if (rows.length > MAX_VARIANTS) addError(errors, "variants", DESIGN_MESSAGES.tooManyVariants);
    else {
      rows.forEach((row, i) => {
        const result = VariantSchema.safeParse(row ?? {});
        if (result.success) variants.push(result.data);
        else for (const issue of result.error.issues) addError(errors, `variants[${i}].${issue.path.join(".")}`, issue.message);
      });
    }
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    value: {
      name: out.name as string,
      desc: out.desc as string,
      priceCents: out.price as number,
      type: type!,
      delivery: isPattern ? (delivery as "Digital" | "Print") : null,
      category1: out.category1 as string,
      category2: category2 as string,
      terms: out.terms as string,
      parcel_size: isPattern ? null : (parcel as "Small" | "Medium" | "Large"),
      variants,
    },
  };
}

/**
 * Where each face shows a refused design's problems (`saveDesign` keys them by the design's own keys): the keys a
 * face names otherwise; every other key is its field's name. The form posts the change note as `pattern_note`;
 * the JSON face (spec 7.3) also sends new media as `images`.
 */
export const DESIGN_FORM_FIELDS: Record<string, string> = { patternNote: "pattern_note" };
export const DESIGN_API_FIELDS: Record<string, string> = { media: "images", patternNote: "pattern_note" };

/** A refused design's problems at a face's field names, in their order. */
export function designProblemsAt(problems: FieldErrors, fields: Record<string, string>): FieldErrors {
  const out: FieldErrors = {};
  for (const [key, messages] of Object.entries(problems)) (out[fields[key] ?? key] ??= []).push(...messages);
  return out;
}

/** The design's key of a file field either face posts (`images`, spec 7.3's name for new media, is `media`). */
export function designFileKey(field: string): string {
  return field === "images" ? "media" : field;
}

/** The first field error as one line, for the JSON face's `{ error }`. */
export function firstError(errors: FieldErrors): string {
  const [field, messages] = Object.entries(errors)[0] ?? ["", ["Invalid request"]];
  return field ? `${field}: ${messages[0]}` : messages[0]!;
}

export const STORE_MESSAGES = {
  nameRequired: "Store name is required",
  nameTooLong: "Store name can be at most 60 characters",
  /** Another store has the name, in any case and with or without surrounding spaces (decision 092). */
  nameTaken: "This store name is already taken. Please choose another one.",
  bioRequired: "Bio is required",
  bioTooLong: "Bio can be at most 1000 characters",
  accountNameTooLong: "Account name can be at most 100 characters",
  accountNumber: "Account number must be 4 to 17 digits",
  routing: "Routing number must be 9 digits",
  accountType: "Account type must be savings or checking",
  payoutIncomplete: "Enter the account name, account number and routing number together",
  mediaTooMany: "A store can have at most 10 images or videos",
  settingsUpdated: "Store settings updated successfully!",
} as const;

/** A masked account number as shown back to the owner (e.g. `****6789`): sending it back keeps the stored one. */
export const MASKED_ACCOUNT = /^[*•]+\d{4}$/;

/** Spec 3, Store payout details (pdetails). All optional until the seller fills them in, then complete. */
export const PayoutSchema = z
  .object({
    accountname: z.preprocess(text, z.string().max(100, STORE_MESSAGES.accountNameTooLong).optional().default("")),
    accountnumber: z.preprocess(
      (v) => (typeof text(v) === "string" ? (text(v) as string).replace(/[\s-]/g, "") : text(v)),
      z
        .string()
        .refine((v) => v === "" || MASKED_ACCOUNT.test(v) || /^\d{4,17}$/.test(v), STORE_MESSAGES.accountNumber)
        .optional()
        .default(""),
    ),
    accountrouting: z.preprocess(text, z.string().regex(/^(\d{9})?$/, STORE_MESSAGES.routing).optional().default("")),
    accounttype: z.preprocess(
      text,
      z.enum(["savings", "checking"], { errorMap: () => ({ message: STORE_MESSAGES.accountType }) }).optional().default("checking"),
    ),
  })
  .superRefine((v, ctx) => {
    const given = [v.accountname, v.accountnumber, v.accountrouting].filter(Boolean).length;
    // A name and routing number with the number left empty keep the stored number, which the page shows only masked
    // (issue 34 item 22); the model refuses it when no number is stored.
    const keepsNumber = !v.accountnumber && !!v.accountname && !!v.accountrouting;
    if (given > 0 && given < 3 && !keepsNumber) {
      const path = !v.accountname ? "accountname" : !v.accountnumber ? "accountnumber" : "accountrouting";
      ctx.addIssue({ code: "custom", path: [path], message: STORE_MESSAGES.payoutIncomplete });
    }
  });
export type PayoutInput = z.infer<typeof PayoutSchema>;

/** Spec 5, Store settings: name and bio required. */
export const StoreSchema = z.object({
  name: requiredText(STORE_MESSAGES.nameRequired, 60, STORE_MESSAGES.nameTooLong),
  bio: requiredText(STORE_MESSAGES.bioRequired, 1000, STORE_MESSAGES.bioTooLong),
});
export type StoreInput = z.infer<typeof StoreSchema>;

/** The design form as typed (strings), shown again with its errors after a refused save. */
export type VariantRow = { id: string; value: string; sku: string; inventory: string; was?: string };

export type DesignFormValues = {
  name: string;
  desc: string;
  price: string;
  type: string;
  delivery: string;
  category1: string;
  category2: string;
  terms: string;
  parcel_size: string;
  variants: VariantRow[];
  keep: KeepRow[];
  /** The design's own shipping rates as typed (decision 108); blank: the store's. */
  shipping?: Record<string, string>;
  /** A pattern's cutting-layout settings as typed (issue 25, app/schemas/layout.ts). */
  layout?: LayoutFormValues;
};

/** A design's status (decision 106): a draft is seen by its seller only; published is listed and buyable. */
export const PRODUCT_STATUS_VALUES = ["draft", "published"] as const;
export const STATUS_MESSAGE = 'status must be "draft" or "published"';
export const productStatusSchema = z.enum(PRODUCT_STATUS_VALUES, { errorMap: () => ({ message: STATUS_MESSAGE }) });
/** POST /api/user/publish-product {id, status?}: publish (default) or turn back into a draft. */
export const PublishProductSchema = z.object({ id: jsonId("id"), status: productStatusSchema.default("published") });
/** The /my-designs buttons and the edit screen's: publish or unpublish one design. */
export const PublishFormSchema = z.object({
  intent: z.enum(["publish", "unpublish"]),
  productId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).transform(rowId),
});

export const PRODUCT_MESSAGES = {
  created: "Product created successfully!",
  updated: "Product updated successfully!",
  removed: "Product removed successfully!",
  draftSaved: "Draft saved. Buyers cannot see it until you publish it.",
  published: "Design published: buyers can find it now.",
  unpublished: "Design turned back into a draft: buyers no longer see it.",
  incompleteProfile: "Your profile is incomplete: a shipping address and phone number are needed to upload designs.",
} as const;

export const EMPTY_DESIGN: DesignFormValues = {
  name: "",
  desc: "",
  price: "",
  type: "",
  delivery: "",
  category1: "",
  category2: "",
  terms: "",
  parcel_size: "",
  variants: [{ id: "", value: "", sku: "", inventory: "0" }],
  keep: [],
};

// The seller's orders and shipping (issue 10).

/** Spec 5, Shipping dialog: the carriers a seller or administrator may choose. */
export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL", "Other"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The ship form (HTML) and POST /api/user/ship-order {id, tracking, carrier}: tracking and carrier required. */
export const ShipSchema = z.object({
  tracking: z
    .string({ required_error: "Tracking number is required" })
    .trim()
    .min(1, "Tracking number is required")
    .max(64, "The tracking number is too long (64 characters at most)")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Use letters, digits, spaces and dashes only"),
  carrier: z.enum(CARRIERS, {
    errorMap: (issue) => ({
      message: issue.code === "invalid_type" ? "Carrier is required" : "Choose a carrier: USPS, UPS, FedEx, DHL or Other",
    }),
  }),
});

export const ApiShipSchema = ShipSchema.extend({
  id: jsonId("id"),
});

/** The carrier's public tracking page for a number; Other carriers have none we can build. */
export function trackingUrl(carrier: Carrier, tracking: string): string | null {
  const n = encodeURIComponent(tracking.replace(/\s+/g, ""));
  switch (carrier) {
    case "USPS":
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case "UPS":
      return `https://www.ups.com/track?tracknum=${n}`;
    case "FedEx":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case "DHL":
      return `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`;
    default:
      return null;
  }
}

/** The seller's order list filter (spec 2.4 /my-orders): all, Pending, Shipped, Refunded. */
export const ORDER_FILTERS = ["Pending", "Shipped", "Refunded"] as const;

/** The edit screen's "Read as" choices for the current pattern file (decision 100): 'file' is what the file says. */
export const PATTERN_UNITS_CHOICES = [
  { value: "file", label: "as the file says" },
  { value: "mm", label: "millimetres" },
  { value: "cm", label: "centimetres" },
  { value: "in", label: "inches" },
] as const;

export const PATTERN_UNITS_MESSAGES = {
  choose: "Choose how to read the pattern file.",
  reread: "The pattern file was read again. Check the pieces and the fabric below.",
} as const;

/** The "Read as" form (intent `units`): the seller's units, or null for what the file says. */
export const patternUnitsSchema = z.object({
  units: z
    .enum(["file", "mm", "cm", "in"], { errorMap: () => ({ message: PATTERN_UNITS_MESSAGES.choose }) })
    .transform((v) => (v === "file" ? null : v)),
});
