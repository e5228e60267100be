/** Users, sessions and mail for the messaging specs. */
import fs from "node:fs/promises";
import path from "node:path";

import { expect, type APIRequestContext, type BrowserContext } from "@playwright/test";
import sharp from "sharp";

import { sessionCookie } from "./app";
import { readDb } from "./db";
import { DATA_DIR, uniqueEmail } from "./utils";

export type TestUser = { id: number; email: string; password: string; token: string; auth: { Authorization: string } };

/** Registers a user through the JSON face and answers its id and token. */
export async function newUser(
  request: APIRequestContext,
  { firstName = "Robin", lastName = "Tester", prefix = "msg" }: { firstName?: string; lastName?: string; prefix?: string } = {},
): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const password = "messaging-pass-1";
  const res = await request.post("/api/auth/register", { data: { email, password, firstname: firstName, lastname: lastName } });
  expect(res.status()).toBe(201);
  const { token } = (await res.json()) as { token: string };
  const [{ id }] = readDb<{ id: number }>("SELECT id FROM users WHERE email = ?", email) as [{ id: number }];
  return { id, email, password, token, auth: { Authorization: token } };
}

/** Logs a browser context in with a user's token: the app's signed session cookie, minted by its session storage. */
export async function signIn(context: BrowserContext, baseURL: string, user: TestUser) {
  const { name, value } = await sessionCookie(user.token);
  await context.addCookies([{ name, value, url: baseURL, httpOnly: true, sameSite: "Lax" }]);
}

type OutboxMail = { to: string; subject: string; text: string; html?: string; date: string };

/** Every mail to an address in the app's outbox. */
export async function mailsTo(to: string): Promise<OutboxMail[]> {
  const dir = path.join(DATA_DIR, "outbox");
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(
    names.filter((n) => n.endsWith(".json")).map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), "utf8")) as OutboxMail),
  );
  return mails.filter((m) => m.to === to).sort((a, b) => a.date.localeCompare(b.date));
}

/** A small real PDF, a real PNG, and an executable (ELF header) to be renamed. */
export const PDF_BYTES = Buffer.from(
  "%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
  "latin1",
);
export function pngBytes(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: "#b4443a" } }).png().toBuffer();
}
export const EXE_BYTES = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00]), Buffer.alloc(120, 0)]);

/** A client address of its own per test, so the per-address help limit of one test does not touch another. */
export function uniqueAddress(): string {
  const n = Math.floor(Math.random() * 250) + 1;
  const m = Math.floor(Math.random() * 250) + 1;
  return `10.${(process.pid % 250) + 1}.${n}.${m}`;
}

/** Where help requests are announced: the platform email, or else the administrators. */
export function helpInbox(): string {
  const [settings] = readDb<{ email: string }>("SELECT email FROM platform_settings WHERE id = 1");
  if (settings?.email.trim()) return settings.email.trim();
  return readDb<{ email: string }>("SELECT email FROM users WHERE role = 'admin' ORDER BY id LIMIT 1")[0]!.email;
}

/** DD/MM/YYYY HH:mm of a stored timestamp, in a time zone (the browser's with JavaScript, UTC without). */
export function formatIn(ms: number, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}
