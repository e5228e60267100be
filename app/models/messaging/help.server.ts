import { desc, eq, sql } from "drizzle-orm";

import { helpRequests } from "../../../db/tables";
import { type Db, first, rawRow } from "~/utils/db.server";
import { platformContactEmails } from "~/models/platform/settings.server";
import { hit } from "~/utils/rate-limit.server";
import { escapeHtml, sendMail } from "~/utils/mail.server";
import { inspectFile } from "~/models/files/inspect.server";
import { FileStoreUnavailableError, storeFile } from "~/models/files/store.server";
import { type TempFile } from "~/utils/multipart.server";
import { MESSAGE_LIMITS } from "./limits.server";
import type { HelpError } from "~/schemas/messages";
import { isId } from "~/utils/ids";

export { HELP_SENT } from "~/utils/messages";

export type HelpRequestInput = {
  name: string;
  email: string;
  message: string;
  socialMedia?: string;
  website?: string;
};

/**
 * Counts one help request from a client address (5 an hour, in SQLite so it holds across processes). Only a
 * request that passed every check counts, so a typo does not use up an attempt.
 */
export async function hitHelpRateLimit({ db, clientKey, now = Date.now() }: { db: Db; clientKey: string; now?: number }): Promise<boolean> {
  return (await hit({ db, key: `help:${clientKey}`, limit: MESSAGE_LIMITS.helpRequestsPerHour, windowMs: 60 * 60_000, now })).allowed;
}

/** Stores a help or become-a-seller request; the résumé is a private file already stored (files.name). */
export async function createHelpRequest({
  db,
  input,
  userId,
  resumeFile,
}: {
  db: Db;
  input: HelpRequestInput;
  userId: number | null;
  resumeFile: string | null;
}) {
  return (await db
    .insert(helpRequests)
    .values({
      userId,
      name: input.name,
      email: input.email,
      message: input.message,
      socialMedia: input.socialMedia ?? "",
      website: input.website ?? "",
      resumeFile,
    })
    .returning())[0];
}

export type HelpRequest = Awaited<ReturnType<typeof createHelpRequest>>;

/** Where help requests (and make reports) are announced: the platform's contact address, else every administrator. */
export async function helpRecipients({ db }: { db: Db }): Promise<string[]> {
  return await platformContactEmails({ db });
}

/** Emails the platform about a new request, with a link to it in the admin area (not the résumé itself). */
export async function notifyPlatformOfHelpRequest({ db, request, origin }: { db: Db; request: HelpRequest; origin: string }) {
  const link = `${origin}/admin/help/${request.id}`;
  const lines = [
    `${request.name} <${request.email}> sent a request${request.userId ? ` (user #${request.userId})` : ""}:`,
    "",
    request.message,
    "",
    ...(request.socialMedia ? [`Social media: ${request.socialMedia}`] : []),
    ...(request.website ? [`Website: ${request.website}`] : []),
    ...(request.resumeFile ? ["A portfolio / résumé is attached in the admin area."] : []),
    `Open it: ${link}`,
  ];
  for (const to of await helpRecipients({ db })) {
    await sendMail({
      to,
      subject: `Help request #${request.id} from ${request.name}`,
      text: lines.join("\n"),
      html: lines.map((l) => (l ? `<p style="white-space:pre-line">${escapeHtml(l)}</p>` : "")).join(""),
    });
  }
}

export const HELP_PAGE_SIZE = 20;

/** The administrators' list, newest first, paginated. */
export async function listHelpRequests({ db, page = 1 }: { db: Db; page?: number }) {
  const total = (await rawRow<{ n: number }>(db, sql`SELECT count(*) AS n FROM help_requests`))!.n;
  const pageCount = Math.max(1, Math.ceil(total / HELP_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const items = await db
    .select()
    .from(helpRequests)
    .orderBy(desc(helpRequests.createdAt), desc(helpRequests.id))
    .limit(HELP_PAGE_SIZE)
    .offset((current - 1) * HELP_PAGE_SIZE);
  return { items, page: current, pageCount, total };
}

export async function getHelpRequest({ db, id }: { db: Db; id: number }) {
  if (!isId(id)) return undefined;
  return await first(db.select().from(helpRequests).where(eq(helpRequests.id, id)).limit(1));
}

/** What a help request's résumé may be (spec: portfolio / résumé): PDF, DOC/DOCX or an image, checked by content. */
export const RESUME_ACCEPT = ["document", "image"] as const;

export type { HelpError };

/** A refusal is a code (MESSAGING_ERRORS.help); a refused résumé carries the file check's own words. */
export type SubmitHelpResult =
  | { ok: true; request: HelpRequest }
  | { ok: false; error: "resume-refused"; message: string }
  | { ok: false; error: "resume-unstored" | "too-many" };

/**
 * Both faces of /help: checks the résumé's content, counts the request against the address's limit, keeps the
 * résumé as a private file (kind "resume", no owner: only administrators may read it), stores the request and
 * emails the platform.
 */
export async function submitHelpRequest({
  db,
  input,
  resume,
  userId,
  clientKey,
  origin,
}: {
  db: Db;
  input: HelpRequestInput;
  resume: TempFile | null;
  userId: number | null;
  clientKey: string;
  origin: string;
}): Promise<SubmitHelpResult> {
  let inspected = null;
  if (resume) {
    const checked = await inspectFile(resume, RESUME_ACCEPT);
    if (!checked.ok) return { ok: false, error: "resume-refused", message: checked.message };
    inspected = checked.file;
  }
  if (!await hitHelpRateLimit({ db, clientKey })) return { ok: false, error: "too-many" };
  let resumeFile: string | null = null;
  if (resume && inspected) {
    try {
      resumeFile = (await storeFile({ db, temp: resume, inspected, kind: "resume", ownerId: null })).name;
    } catch (error) {
      if (error instanceof FileStoreUnavailableError) return { ok: false, error: "resume-unstored" };
      return { ok: false, error: "resume-refused", message: `${resume.originalName} could not be read.` };
    }
  }
  const request = await createHelpRequest({ db, input, userId, resumeFile });
  await notifyPlatformOfHelpRequest({ db, request, origin });
  return { ok: true, request };
}
