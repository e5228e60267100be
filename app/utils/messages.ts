/** The exact user-facing texts of spec section 8 (and a few the spec leaves to us). */
export const AUTH_MESSAGES = {
  registrationFailed: "An error occurred while registering. Please try again.",
  unknownEmail: "The e-mail address you entered does not belong to any user.",
  wrongPassword:
    "The password you entered does not match. Please try again or click on the forgot password link to reset your password.",
  passwordMismatch: "The passwords you entered do not match. Please try again.",
  inactive: "Your account is inactive. Please contact the administrator.",
  duplicateEmail:
    "An account with this email address already exists, please login or use a different email address.",
  generalLogin: "Something went wrong while logging in. Please try again.",
  passwordsDoNotMatch: "Passwords do not match",
  newPasswordsDoNotMatch: "New passwords do not match",
  recoverySent: "Recovery email sent, please check your email for instructions.",
  resetLinkInvalid: "This password reset link is invalid or has expired. Please request a new one.",
  passwordReset: "Your password has been changed. You can now log in with your new password.",
  tooManyRegistrations: "Too many accounts were created from your network in the last hour. Please try again later.",
} as const;

/** Spec 2.3, /help: the success text (hidden after 4.5 s with JavaScript). */
export const HELP_SENT = "Your request has been sent successfully.";

/** Past the login limit; the wait is the configured window (LOGIN_WINDOW_MINUTES, 15 by default). */
export function tooManyAttemptsText(minutes: number): string {
  return `Too many failed login attempts. Please wait ${minutes === 1 ? "1 minute" : `${minutes} minutes`} and try again.`;
}
