import { apiRoute, domainError } from "~/auth/api-route.server";
import { clientKeyOf } from "~/auth/login.server";
import { helpAnswer, MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { HELP_SENT, submitHelpRequest } from "~/models/messaging/help.server";
import { HELP_ERROR_FIELDS, HelpSchema } from "~/schemas/messages";
import { apiError, invalidBody, readBody } from "~/utils/api.server";
import { publicOrigin } from "~/utils/mail.server";
import { readMultipart, UploadRequestError, type MultipartResult } from "~/utils/multipart.server";

/**
 * POST /api/user/send-help-request, for visitors and users: multipart with a JSON part `stuff` {name, message,
 * email, social_media, website} and an optional file part `resume` (PDF, DOC/DOCX or an image, 25 MB, checked by
 * content); a JSON body with those fields works too (without a file). 201 {success, message, id}; 400 {error};
 * 429 past 5 requests an hour from one address.
 */
const route = apiRoute({ method: "POST", guard: "viewer" }, async ({ request, db, user }) => {
  const multipart = /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "");
  let upload: MultipartResult | null = null;
  try {
    let raw: unknown;
    if (multipart) {
      upload = await readMultipart(request, { maxFiles: 1 }).catch((error: unknown) => {
        if (error instanceof UploadRequestError) throw apiError(error.status, error.message);
        throw error;
      });
      const stuff = upload.fields.get("stuff");
      if (typeof stuff === "string") {
        try {
          raw = JSON.parse(stuff);
        } catch {
          return domainError(MESSAGING_ERRORS.help, "stuff-not-json");
        }
      } else {
        raw = Object.fromEntries(upload.fields.entries());
      }
      const problem = upload.problems[0];
      if (problem) return apiError(400, `${problem.field}: ${problem.message}`);
    } else {
      raw = await readBody(request);
    }
    const parsed = HelpSchema.safeParse(raw);
    if (!parsed.success) return invalidBody(parsed.error);
    const { social_media, website, ...rest } = parsed.data;
    const input = { ...rest, socialMedia: social_media, website };
    const resume = upload?.files.find((f) => f.field === "resume") ?? null;
    const result = await submitHelpRequest({ db, input, resume, userId: user?.id ?? null, clientKey: clientKeyOf(request), origin: publicOrigin(request) });
    if (!result.ok) {
      const { status, message } = helpAnswer(result);
      const field = HELP_ERROR_FIELDS[result.error];
      return apiError(status, field ? `${field}: ${message}` : message);
    }
    return Response.json({ success: true, message: HELP_SENT, id: result.request.id }, { status: 201 });
  } finally {
    await upload?.cleanup();
  }
});
export const loader = route.loader;
export const action = route.action;
