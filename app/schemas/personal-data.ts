/**
 * The forms of people's data (decision 103): deleting one's own account on /settings (password and a typed
 * confirmation), an administrator deleting an account on /admin/user/{id} (a reason and the typed confirmation),
 * and POST /api/user/delete {password}.
 */
import { z } from "zod";

/** What the person types to confirm; shown in the form's label. */
export const DELETE_CONFIRMATION = "DELETE";

const confirmation = z
  .string({ required_error: `Type ${DELETE_CONFIRMATION} to confirm` })
  .trim()
  .refine((value) => value === DELETE_CONFIRMATION, `Type ${DELETE_CONFIRMATION} (in capitals) to confirm`);

export const DeleteAccountSchema = z.object({
  password: z.string({ required_error: "Enter your password to confirm" }).min(1, "Enter your password to confirm").max(1000, "Password is too long"),
  confirm: confirmation,
});

export const AdminDeleteAccountSchema = z.object({
  reason: z
    .string({ required_error: "Give the reason (the user's request)" })
    .trim()
    .min(1, "Give the reason (the user's request)")
    .max(500, "The reason can be at most 500 characters"),
  confirm: confirmation,
});

export const ApiDeleteAccountSchema = z.object({
  password: z.string({ required_error: "password is required", invalid_type_error: "password must be a string" }).min(1, "password is required").max(1000, "password is too long"),
});
