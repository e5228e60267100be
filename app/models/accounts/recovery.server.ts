/** Password recovery by email: a single-use link valid for one hour. */
import { createPasswordReset } from "~/models/accounts/password-reset.server";
import type { Db } from "~/utils/db.server";
import { escapeHtml, sendMail } from "~/utils/mail.server";
import { log } from "~/utils/log.server";

/**
 * Sends a recovery email with a single-use link valid for one hour. For an unknown address
 * nothing is sent, and the caller answers exactly as for a known one.
 */
export async function requestRecovery({ db, origin, email }: { db: Db; origin: string; email: string }) {
  const reset = await createPasswordReset({ db, email });
  if (!reset) {
    log.info({ event: "recovery-unknown" }, "recovery requested for an unknown or inactive address");
    return;
  }
  const link = `${origin}/reset-password?token=${encodeURIComponent(reset.token)}`;
  await sendMail({
    to: reset.user.email,
    subject: "Reset your Patternhouse password",
    text: [
      `Hi ${reset.user.firstName},`,
      "",
      "Someone asked to reset the password of your Patternhouse account.",
      "Open this link within one hour to choose a new password (it works once):",
      "",
      link,
      "",
      "If you did not ask for this, ignore this email: your password stays as it is.",
    ].join("\n"),
    html: `<p>Hi ${escapeHtml(reset.user.firstName)},</p><p>Someone asked to reset the password of your Patternhouse account. Open this link within one hour to choose a new password (it works once):</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>If you did not ask for this, ignore this email: your password stays as it is.</p>`,
  });
}
