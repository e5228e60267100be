import crypto from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import type { Transporter } from "nodemailer";

import { getEnv, type Env } from "~/utils/env.server";
import { log, logError } from "~/utils/log.server";
import { nodemailerSdk } from "~/utils/optional-sdk.server";

export type Mail = { to: string; subject: string; text: string; html?: string };

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** Default: every message is written to DATA_DIR/outbox as JSON, and a line is logged. */
export function createOutboxMailer({ dir, from }: { dir: string; from: string }): Mailer {
  return {
    async send(mail) {
      await fs.mkdir(dir, { recursive: true });
      const date = new Date();
      const file = path.join(
        dir,
        `${date.toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(4).toString("hex")}.json`,
      );
      await fs.writeFile(file, JSON.stringify({ from, ...mail, date: date.toISOString() }, null, 2));
      log.info({ event: "mail", subject: mail.subject, outbox: path.basename(file) }, "a mail was written to the outbox");
    },
  };
}

/** With SMTP_URL: real delivery through nodemailer. */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  const transport: Transporter = nodemailerSdk().createTransport(url);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
      log.info({ event: "mail", subject: mail.subject, via: "smtp" }, "a mail was sent");
    },
  };
}

/** Where mail is written when no SMTP_URL is set. */
export function outboxDir(dataDir: string): string {
  return path.join(dataDir, "outbox");
}

let mailer: { env: Env; mailer: Mailer } | undefined;

/** The mailer of the current environment (made once per environment: the tests give each file its own). */
export function getMailer(): Mailer {
  const env = getEnv();
  if (mailer?.env !== env) {
    mailer = {
      env,
      mailer: env.SMTP_URL
        ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
        : createOutboxMailer({ dir: outboxDir(env.DATA_DIR), from: env.MAIL_FROM }),
    };
  }
  return mailer.mailer;
}

/** Sends without letting a mail failure break the user's request; the failure is logged. */
export async function sendMail(mail: Mail): Promise<boolean> {
  try {
    await getMailer().send(mail);
    return true;
  } catch (error) {
    logError({ event: "mail-failed", subject: mail.subject }, "a mail could not be sent", error);
    return false;
  }
}

/**
 * The absolute origin for links in emails and for the payment provider's return addresses:
 * PUBLIC_URL, or `http://localhost:PORT` when it is unset (the server says so at start). Never the
 * request's Host or X-Forwarded-Host, which a client chooses. The request parameter is kept for
 * the callers' convenience and ignored.
 */
export function publicOrigin(_request?: Request): string {
  return configuredOrigin(getEnv());
}

/**
 * A URL the JSON face hands its client: a path of this site (the local payment and onboarding pages) made absolute
 * on the address the client itself called; a provider's absolute URL unchanged. Emails and provider return URLs use
 * publicOrigin instead.
 */
export function clientUrl(url: string, request: Request): string {
  return new URL(url, new URL(request.url).origin).href;
}

export function configuredOrigin(env: { PUBLIC_URL?: string; PORT: number }): string {
  return env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : `http://localhost:${env.PORT}`;
}

/** Escapes text for an HTML email body. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
