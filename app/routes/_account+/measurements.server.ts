/** The /settings "Measurements" form's post (intent "measurements", issue 24): parse, save, flash, back to the section. */
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";

import { FIT_ERRORS } from "~/models/fit/errors";
import { saveMeasurements } from "~/models/fit/measurements.server";
import { MeasurementsFormSchema } from "~/schemas/measurements";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";

export async function measurementsAction(request: Request, userId: number, formData: FormData) {
  const submission = parseWithZod(formData, { schema: MeasurementsFormSchema });
  if (submission.status !== "success") return data({ intent: "measurements" as const, result: submission.reply() }, { status: 400 });
  const result = await saveMeasurements({ db: getDb(), userId, measurements: submission.value });
  if (!result.ok) {
    const { status, message } = FIT_ERRORS.saveMeasurements[result.error];
    return data({ intent: "measurements" as const, result: submission.reply({ formErrors: [message] }) }, { status });
  }
  return redirectWithFlash(request, "/settings#measurements", { kind: "success", message: "Measurements saved." });
}
