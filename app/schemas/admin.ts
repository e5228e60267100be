/**
 * The administrator's inputs (spec 7.4), shared by the HTML forms (conform) and the JSON routes. The spec's admin
 * forms send free text; these are the server's checks, each error at its field.
 */
import { z } from "zod";

import { USER_STATUSES } from "../../db/tables";

import { jsonId, withJsonTypes } from "./json";
import { isoDay } from "~/utils/dates";

/**
 * A JSON body's numbers reach the form schemas as text (the form's own fields are text). Which fields must be JSON
 * numbers is said once per JSON call, by `withJsonTypes` (app/schemas/json.ts): a money field sent as `"100"` is a
 * 400 naming it, never read as text.
 */
const asText = (v: unknown) => (typeof v === "number" ? String(v) : v);
const blankAsUnset = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);

const text = (label: string, max = 100) =>
  z.preprocess(asText, z.string().trim().max(max, `${label} is too long (${max} characters at most)`)).optional().default("");
const required = (label: string, max = 100) =>
  z.preprocess(
    asText,
    z
      .string({ required_error: `${label} is required` })
      .trim()
      .min(1, `${label} is required`)
      .max(max, `${label} is too long (${max} characters at most)`),
  );

/** Spec 5, Shipping dialog: the seller side's schema (tracking and one of the carriers), the API's integer id. */
export { ApiShipSchema, CARRIERS, ShipSchema } from "./selling";

/** Dollars with at most two decimals, 0 or more, to cents. */
export const dollarsField = (label: string) =>
  z.preprocess(
    asText,
    z
      .string({ required_error: `${label} is required` })
      .trim()
      .regex(/^\d{1,7}(\.\d{1,2})?$/, `${label} must be an amount of 0 or more, like 5 or 5.00`)
      .transform((v) => Math.round(Number(v) * 100)),
  );

/** A percentage from 0 to 100 with at most two decimals, to basis points. */
export const percentField = (label: string) =>
  z.preprocess(
    asText,
    z
      .string({ required_error: `${label} is required` })
      .trim()
      .regex(/^\d{1,3}(\.\d{1,2})?$/, `${label} must be a number from 0 to 100`)
      .transform((v) => Math.round(Number(v) * 100))
      .refine((bp) => bp <= 10000, `${label} must be a number from 0 to 100`),
  );

/** POST /api/admin/save-settings and the /admin/settings form: the save names of spec 7.4. */
export const SaveSettingsSchema = z.object({
  margin: percentField("Margin"),
  min_fee: dollarsField("Min Fee"),
  margin_pattern: percentField("Margin for patterns"),
  min_fee_pattern: dollarsField("Min Fee for patterns"),
  auto_approve_transfers: z.preprocess(
    (v) => (v === true ? "1" : v === false ? "0" : asText(v)),
    z.enum(["0", "1"], { errorMap: () => ({ message: "Choose True (1) or False (0)" }) }),
  ),
  flat_fee: dollarsField("Printing Fee"),
  pss: dollarsField("Shipping Fee"),
  shipping_name: required("Shipping Name"),
  shipping_street: required("Street"),
  shipping_street2: text("Street 2"),
  shipping_city: required("City"),
  shipping_zip: required("Zip", 20),
  shipping_state: required("State"),
  shipping_phone: z.preprocess(
    asText,
    z.string().trim().regex(/^[0-9+()\-.\s]{5,30}$/, "Enter a valid phone number").optional().or(z.literal("")).default(""),
  ),
  shipping_email: z.preprocess(
    asText,
    z.string({ required_error: "Email is required" }).trim().email("Enter a valid email address").max(200),
  ),
  shipping_country: required("Country", 60),
  // Where refund requests, make reports and help requests go (issue 46 item 19). Left out by an older client: kept.
  contact_email: z
    .preprocess(
      asText,
      z
        .string()
        .trim()
        .max(200, "Contact email is too long (200 characters at most)")
        .refine((v) => v === "" || z.string().email().safeParse(v).success, "Enter a valid email address"),
    )
    .optional(),
  // Tax (decision 123). Left out by a client that predates them, each keeps what is stored.
  tax_mode: z.enum(["none", "vat", "stripe"], { errorMap: () => ({ message: "Choose none, vat or stripe" }) }).optional(),
  platform_legal_name: z.preprocess(asText, z.string().trim().max(200, "Legal name is too long (200 characters at most)")).optional(),
  // A textarea posts its line breaks as \r\n: stored as \n (issue 46 item 21).
  platform_address: z
    .preprocess(asText, z.string().trim().max(500, "Address is too long (500 characters at most)").transform((v) => v.replace(/\r\n?/g, "\n")))
    .optional(),
  platform_vat_number: z.preprocess(asText, z.string().trim().max(20, "VAT number is too long (20 characters at most)")).optional(),
  vies_check: z
    .preprocess((v) => (v === true ? "1" : v === false ? "0" : asText(v)), z.enum(["0", "1"], { errorMap: () => ({ message: "Choose 1 or 0" }) }))
    .optional(),
});
export type SaveSettingsInput = z.infer<typeof SaveSettingsSchema>;

/**
 * POST /api/admin/save-settings: the form's schema, with the fees and margins as JSON numbers (as get-settings
 * answers them). `auto_approve_transfers` is a flag, not an amount: "0"/"1" as get-settings reads it, 0/1 or a
 * boolean.
 */
export const ApiSaveSettingsSchema = withJsonTypes(SaveSettingsSchema, {
  pss: "number",
  flat_fee: "number",
  margin: "number",
  min_fee: "number",
  margin_pattern: "number",
  min_fee_pattern: "number",
});

const signedDollars = z.preprocess(
  (v) => blankAsUnset(asText(v)),
  z
    .string()
    .trim()
    .regex(/^-?\d{1,7}(\.\d{1,2})?$/, "Balance must be an amount like 120 or -15.50")
    .transform((v) => Math.round(Number(v) * 100))
    .optional(),
);

/** The user edit form of spec 7.4 (names as the API's update-user), with the reason of a balance change. */
/** Which field of the user form shows each refusal of `updateAdminUser` (the JSON face names it as `field`). */
/** Why the admin user model refuses an update (the codes of ADMIN_ERRORS.updateUser); declared beside the form it
 * validates so that schemas never import a model. */
export type UpdateUserError = "not-found" | "duplicate-email" | "reason-required" | "no-store" | "own-account";

export const UPDATE_USER_ERROR_FIELDS: Record<UpdateUserError, "email" | "reason" | "balance" | "status" | null> = {
  "not-found": null,
  "duplicate-email": "email",
  "reason-required": "reason",
  "no-store": "balance",
  "own-account": "status",
};

export const UpdateUserSchema = z.object({
  first_name: required("First name", 60),
  last_name: required("Last name", 60),
  email: z.preprocess(asText, z.string({ required_error: "Email is required" }).trim().toLowerCase().email("Enter a valid email address").max(200)),
  phone: text("Phone", 30),
  street: text("Street"),
  street2: text("Street 2"),
  city: text("City"),
  state: text("State"),
  postal_code: z.preprocess(asText, z.string().trim().max(20, "Zip is too long")).optional(),
  country: z.preprocess(asText, z.string().trim().max(60, "Country is too long")).optional(),
  status: z.enum(USER_STATUSES, { errorMap: () => ({ message: "Choose Active, Inactive or Suspended" }) }),
  accountname: z.preprocess(asText, z.string().trim().max(100, "Account name is too long")).optional(),
  /** Blank keeps the stored (encrypted) number. */
  accountnumber: z.preprocess(
    (v) => blankAsUnset(asText(v)),
    z.string().trim().regex(/^\d{4,17}$/, "Account number must be 4 to 17 digits").optional(),
  ),
  accountrouting: z.preprocess(
    (v) => blankAsUnset(asText(v)),
    z.string().trim().regex(/^\d{9}$/, "Routing number must be 9 digits").optional(),
  ),
  accounttype: z.preprocess(blankAsUnset, z.enum(["savings", "checking"], { errorMap: () => ({ message: "Choose savings or checking" }) }).optional()),
  balance: signedDollars,
  reason: z.preprocess((v) => blankAsUnset(asText(v)), z.string().trim().max(300, "The reason is too long (300 characters at most)").optional()),
});
export type UpdateUserInput = z.infer<typeof UpdateUserSchema>;

/** POST /api/admin/update-user: the form's fields, the user's id and the balance as JSON numbers (dollars). */
export const ApiUpdateUserSchema = withJsonTypes(UpdateUserSchema.extend({ id: jsonId("id") }), { balance: "number" });

/** POST /api/admin/handle-transfer {status, id, storeid}: the transfer and the store it must belong to. */
export const HandleTransferSchema = z.object({
  status: z.enum(["Completed", "Rejected"], { errorMap: () => ({ message: "status must be Completed or Rejected" }) }),
  id: jsonId("id"),
  storeid: jsonId("storeid"),
  reason: z.preprocess(asText, z.string().trim().max(300)).optional(),
});

/** POST /api/admin/remove-product {id, owner}: owner is the store owner's user id. */
export const RemoveProductSchema = z.object({ id: jsonId("id"), owner: jsonId("owner").optional() });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && isoDay(d) === v;
};
/** A value a date input can show (anything else it drops, with a console warning). */
export const isDateValue = (v: string) => DATE.test(v) && isRealDate(v);

/** The financial filter: YYYY-MM-DD dates, start not after end. */
export const FinancialRangeSchema = z
  .object({
    start_date: z.string({ required_error: "Start Date is required" }).trim().regex(DATE, "Use the format YYYY-MM-DD").refine(isRealDate, "Not a valid date"),
    end_date: z.string({ required_error: "End Date is required" }).trim().regex(DATE, "Use the format YYYY-MM-DD").refine(isRealDate, "Not a valid date"),
  })
  .refine((r) => r.start_date <= r.end_date, { message: "End Date must not be before Start Date", path: ["end_date"] });
