import { z } from "zod";

import { AUTH_MESSAGES } from "~/utils/messages";

const email = z
  .string({ required_error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(254, "Email is too long")
  .email("Enter a valid email address");

const password = z
  .string({ required_error: "Password is required" })
  .min(1, "Password is required")
  .max(200, "Password is too long");

/** New passwords: at least 8 characters. */
export const newPassword = z
  .string({ required_error: "Password is required" })
  .min(8, "Password must be at least 8 characters")
  .max(200, "Password is too long");

const name = (label: string) =>
  z
    .string({ required_error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(60, `${label} is too long`);

export const LoginSchema = z.object({
  email,
  password,
  redirectTo: z.string().optional(),
});

export const RegisterSchema = z
  .object({
    email,
    firstName: name("First name"),
    lastName: name("Last name"),
    password: newPassword,
    confirmPassword: z.string({ required_error: "Confirm your password" }),
    redirectTo: z.string().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

export const RecoverSchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password: newPassword,
    confirmPassword: z.string({ required_error: "Confirm your password" }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDoNotMatch,
    path: ["confirmPassword"],
  });

/** JSON face of spec 7.1 (firstname/lastname as the spec names them). */
export const ApiLoginSchema = z.object({ email: z.string().trim().min(1), password: z.string().min(1) });
export const ApiRegisterSchema = z.object({
  email: z.string().trim().min(1),
  password: z.string().min(1),
  firstname: z.string().trim().min(1).max(60),
  lastname: z.string().trim().min(1).max(60),
});
export const ApiRecoverySchema = z.object({ email: z.string().trim().min(1) });
