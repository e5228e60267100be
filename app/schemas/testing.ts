/**
 * Tester calls (issue 37): the seller's call on a draft, an application, the choice and a tester's feedback per size;
 * the forms of /my-tester-calls and /tester-call/{id} and the JSON calls read these schemas.
 */
import { z } from "zod";

import { jsonBool, jsonId } from "~/schemas/json";
import { rowId } from "~/utils/ids";

const callSizes = z
  .array(z.string({ invalid_type_error: "Each size is text" }).trim().min(1, "A size cannot be empty").max(40, "A size is 40 characters at most"), {
    required_error: "Say which sizes you want tested",
    invalid_type_error: "sizes must be a list of sizes",
  })
  .min(1, "Say which sizes you want tested")
  .max(30, "30 sizes at most");
const testers = z.number({ required_error: "Say how many testers you want", invalid_type_error: "testers must be a whole number" }).int("testers must be a whole number").min(1, "At least one tester").max(100, "100 testers at most");
const closesOn = z
  .string({ required_error: "Give a closing date", invalid_type_error: "closes_on must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "closes_on must be a date (YYYY-MM-DD)")
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), "closes_on must be a date (YYYY-MM-DD)");
const brief = z.string({ required_error: "Say what testers must send", invalid_type_error: "brief must be text" }).trim().min(1, "Say what testers must send").max(4000, "The brief is 4000 characters at most");
const size = z.string({ required_error: "Say which size you would sew", invalid_type_error: "size must be text" }).trim().min(1, "Say which size you would sew").max(40, "A size is 40 characters at most");
const note = z.string({ invalid_type_error: "note must be text" }).trim().max(2000, "The note is 2000 characters at most");

export const ApiOpenTesterCallSchema = z.object({ product_id: jsonId("product_id"), sizes: callSizes, testers, closes_on: closesOn, brief });
export const ApiEditTesterCallSchema = ApiOpenTesterCallSchema.omit({ product_id: true });
export const ApiApplyTesterCallSchema = z.object({ size, note: note.optional().default(""), share_measurements: jsonBool("share_measurements").optional().default(false) });
export const ApiChooseTestersSchema = z.object({ user_ids: z.array(jsonId("user_ids"), { required_error: "user_ids is required", invalid_type_error: "user_ids must be a list of ids" }).min(1, "Choose at least one tester") });

/** The forms of /my-tester-calls and /tester-call/{id} (sizes typed comma-separated; a ticked box sends "on"). */
const callFields = {
  sizes: z.preprocess((v) => (typeof v === "string" ? v.split(",").map((s) => s.trim()).filter(Boolean) : v), callSizes),
  testers: z.preprocess((v) => (typeof v === "string" && v.trim() !== "" ? Number(v) : undefined), testers),
  closesOn,
  brief,
};
export const OpenTesterCallFormSchema = z.object({
  intent: z.literal("open"),
  productId: z.coerce.number({ invalid_type_error: "Choose a draft" }).int().positive("Choose a draft").transform(rowId),
  ...callFields,
});
/** Editing an open call before choosing (issue 46, item 10): the open form's fields. */
export const EditTesterCallFormSchema = z.object({ intent: z.literal("edit"), callId: z.coerce.number().int().positive().transform(rowId), ...callFields });
export const ChooseTestersFormSchema = z.object({
  intent: z.literal("choose"),
  callId: z.coerce.number().int().positive().transform(rowId),
  userIds: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.coerce.number().int().positive().transform(rowId)).min(1, "Tick at least one applicant")),
});
export const ApplyTesterCallFormSchema = z.object({
  intent: z.literal("apply"),
  size,
  note: note.optional().default(""),
  share_measurements: z.preprocess((v) => v === "on", z.boolean()),
});
export const TesterFeedbackFormSchema = z.object({
  intent: z.literal("feedback"),
  size: z.string({ required_error: "Choose the size" }).trim().min(1, "Choose the size"),
  notes: z.string({ required_error: "Say how this size went" }).trim().min(1, "Say how this size went").max(4000, "The feedback is 4000 characters at most"),
});
