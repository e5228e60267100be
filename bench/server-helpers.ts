// What the benches that start build/server.js share (bench/pattern-load.ts, bench/improve-load.ts): sessions made
// in the database and signed as the app signs them, the server's processes, and a seller's upload form.
import crypto from "node:crypto";
import fs from "node:fs";

import type Database from "better-sqlite3";
import sharp from "sharp";

export const sha256 = (t: string) => crypto.createHash("sha256").update(t).digest("hex");
export const newToken = () => crypto.randomBytes(32).toString("base64url");

/** Signs the session cookie as the app does (cookie-signature: HMAC-SHA256, base64 without padding). */
export async function sessionCookie(raw: string, secret: string): Promise<string> {
  const { createCookieSessionStorage } = await import("@remix-run/node");
  const storage = createCookieSessionStorage<{ token: string }>({ cookie: { name: "__session", httpOnly: true, sameSite: "lax", path: "/", secrets: [secret] } });
  const session = await storage.getSession();
  session.set("token", raw);
  const header = await storage.commitSession(session);
  return header.slice(0, header.indexOf(";"));
}

/** A server's processes: the supervisor and its children. */
export function serverPids(pid: number): number[] {
  const all = [pid];
  try {
    all.push(...fs.readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number));
  } catch {
    // no children file: the supervisor alone
  }
  return all;
}

/** The form of a new digital pattern with its DXF (POST /api/user/update-product). */
export async function patternForm(dxf: Buffer, name: string): Promise<FormData> {
  const form = new FormData();
  form.append("product", JSON.stringify({ name, desc: "Load.", price: 12, type: "Pattern", category1: "women", category2: "dresses" }));
  form.append("delivery", "Digital");
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#aa3333" } }).png().toBuffer();
  form.append("sizeChart", new Blob([new Uint8Array(png)], { type: "image/png" }), "chart.png");
  form.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "look.png");
  form.append("pattern", new Blob([new Uint8Array(dxf)], { type: "application/dxf" }), `${name}.dxf`);
  return form;
}

/** A new session of `userId` written in the server's database (a day long); its raw token. */
export function addSession(db: Database.Database, userId: number): string {
  const raw = newToken();
  const now = Date.now();
  db.prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, user_agent) VALUES (?, ?, ?, ?, 'bench')").run(sha256(raw), userId, now, now + 86_400_000);
  return raw;
}
