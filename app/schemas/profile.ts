import { z } from "zod";

import { newPassword } from "~/schemas/auth";
import { COUNTRY_CODES } from "~/utils/countries";
import { AUTH_MESSAGES } from "~/utils/messages";

const required = (label: string, max = 100) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** What both faces say after a saved profile or password (the page's flash message, the JSON answer's `message`). */
export const PROFILE_MESSAGES = {
  updated: "Profile updated successfully!",
  passwordChanged: "Password changed successfully!",
} as const;

/** The address form (spec 5: everything but street2 is required). Field names are the API's. */
export const ProfileSchema = z.object({
  first_name: required("First name", 60),
  last_name: required("Last name", 60),
  street: required("Street"),
  street2: z.string().trim().max(100, "Street 2 is too long").optional().default(""),
  city: required("City"),
  state: required("State"),
  zip: required("Zip", 20),
  country: z.enum(COUNTRY_CODES, {
    errorMap: () => ({ message: "Choose a country" }),
  }),
  phone: required("Phone", 30).regex(/^[0-9+()\-.\s]{5,30}$/, "Enter a valid phone number"),
  /** Optional: a business buyer's name on its invoices (issue 46, item 1). Absent from a JSON call: left as it is. */
  company_name: z.string().trim().max(120, "Company name is too long").optional(),
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

/** The JSON face also accepts postal_code (the read name) in place of zip. */
export const ApiProfileSchema = z.preprocess((raw) => {
  if (raw && typeof raw === "object" && !("zip" in raw) && "postal_code" in raw) {
    return { ...raw, zip: (raw as Record<string, unknown>).postal_code };
  }
  return raw;
}, ProfileSchema);

export const ChangePasswordSchema = z
  .object({
    old_password: z.string({ required_error: "Current password is required" }).min(1, "Current password is required"),
    new_password: newPassword,
    repeat_password: z.string({ required_error: "Repeat the new password" }),
  })
  .refine((v) => v.new_password === v.repeat_password, {
    message: AUTH_MESSAGES.newPasswordsDoNotMatch,
    path: ["repeat_password"],
  });

export const ApiChangePasswordSchema = z.object({
  old_password: z.string().min(1, "old_password is required"),
  new_password: newPassword,
});
