import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";

import { files, helpRequests, platformSettings, users } from "../../../db/tables";
import { outbox, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { type Db, first } from "~/utils/db.server";
import { HELP_ERROR_FIELDS } from "~/schemas/messages";
import { helpAnswer } from "./errors.server";
import { helpRecipients, listHelpRequests, submitHelpRequest, type SubmitHelpResult } from "./help.server";

let db: Db;
let dir: string;

beforeEach(() => {
  dir = useTestEnv();
  db = createTestDb();
});

function temp(name: string, bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(16).slice(2)}.part`);
  fs.writeFileSync(file, bytes);
  return { field: "resume", originalName: name, declaredType: "application/pdf", path: file, size: bytes.length };
}

/** What both faces answer a result: the status and text of the error table, at the form's field. */
function answerOf(result: SubmitHelpResult) {
  if (result.ok) return result;
  return { ok: false, ...helpAnswer(result), field: HELP_ERROR_FIELDS[result.error] };
}

const INPUT = { name: "Pat", email: "pat@example.test", message: "Can I sell printed patterns?", socialMedia: "@pat", website: "https://pat.example" };
const PDF = Buffer.from("%PDF-1.4\n%%EOF\n", "latin1");
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46]), Buffer.alloc(64)]);

describe("help requests", () => {
  it("stores the request with a private résumé and emails the platform's contact address", async () => {
    await db.update(platformSettings).set({ email: "studio@patternhouse.test", contactEmail: "help@patternhouse.test" });
    const result = await submitHelpRequest({ db, input: INPUT, resume: temp("cv.pdf", PDF), userId: null, clientKey: "1.2.3.4", origin: "https://ph.test" });
    if (!result.ok) throw new Error(helpAnswer(result).message);
    expect(result.request).toMatchObject({ name: "Pat", socialMedia: "@pat", website: "https://pat.example", userId: null });
    const file = await first(db.select().from(files).where(eq(files.name, result.request.resumeFile!)).limit(1));
    expect(file).toMatchObject({ kind: "resume", ownerId: null, contentType: "application/pdf", originalName: "cv.pdf" });
    expect(fs.existsSync(path.join(dir, "uploads", file!.name))).toBe(true);
    const mails = outbox(dir);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "help@patternhouse.test", subject: `Help request #${result.request.id} from Pat` });
    expect(mails[0]!.text).toContain(`https://ph.test/admin/help/${result.request.id}`);
  });

  it("refuses an executable renamed .pdf and stores nothing", async () => {
    const result = await submitHelpRequest({ db, input: INPUT, resume: temp("cv.pdf", ELF), userId: null, clientKey: "1.2.3.4", origin: "https://ph.test" });
    expect(answerOf(result)).toEqual({
      ok: false,
      status: 400,
      field: "resume",
      message: "cv.pdf is not a PDF or Word document or an image (JPEG, PNG, GIF, WebP or BMP).",
    });
    expect(await db.select().from(helpRequests)).toEqual([]);
    expect(await db.select().from(files)).toEqual([]);
  });

  it("accepts an image résumé, re-encoded", async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: "#fff" } }).png().toBuffer();
    const result = await submitHelpRequest({ db, input: INPUT, resume: temp("work.png", png), userId: null, clientKey: "k", origin: "o" });
    expect(result.ok && result.request.resumeFile).toMatch(/\.png$/);
  });

  it("five requests an hour per address; other addresses are not affected", async () => {
    const send = (clientKey: string) => submitHelpRequest({ db, input: INPUT, resume: null, userId: null, clientKey, origin: "o" });
    for (let i = 0; i < 5; i++) expect((await send("9.9.9.9")).ok).toBe(true);
    expect(answerOf(await send("9.9.9.9"))).toEqual({ ok: false, status: 429, field: null, message: "You can send at most 5 requests an hour. Please try again later." });
    expect((await send("8.8.8.8")).ok).toBe(true);
    expect((await listHelpRequests({ db })).total).toBe(6);
  });

  it("without a platform contact address, the administrators are told (not the print studio's shipping email)", async () => {
    await db.update(platformSettings).set({ email: "studio@patternhouse.test", contactEmail: "" });
    const admin = await makeUser(db, { role: "admin" });
    await makeUser(db);
    expect(await helpRecipients({ db })).toEqual([admin.email]);
    await db.update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    expect(await helpRecipients({ db })).toEqual([]);
  });

  it("the admin list is newest first and paginated by 20", async () => {
    for (let i = 0; i < 21; i++) await db.insert(helpRequests).values({ ...INPUT, message: `m${i}`, createdAt: new Date(1_000_000 + i) });
    const first = await listHelpRequests({ db });
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: 21 });
    expect(first.items[0]!.message).toBe("m20");
    expect((await listHelpRequests({ db, page: 2 })).items.map((r) => r.message)).toEqual(["m0"]);
    expect((await listHelpRequests({ db, page: 99 })).page).toBe(2);
  });
});
