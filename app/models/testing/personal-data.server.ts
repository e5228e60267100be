/**
 * Testing's section of the personal-data export (decision 103, issue 37): the user's applications to tester calls,
 * with the measurements they chose to share, whether they were chosen, and their feedback per size. Deleting an
 * account blanks their notes and measurements (accounts/community-data.server.ts).
 */
import { asc, eq } from "drizzle-orm";

import { testerApplications, testerCalls, testerFeedback } from "../../../db/tables";
import { iso, parseJson, type ExportSubject } from "~/utils/personal-data";

export async function testingPersonalData({ db, user }: ExportSubject) {
  const applications = await db
    .select({ application: testerApplications, productId: testerCalls.productId })
    .from(testerApplications)
    .innerJoin(testerCalls, eq(testerCalls.id, testerApplications.callId))
    .where(eq(testerApplications.userId, user.id))
    .orderBy(asc(testerApplications.id));
  return {
    tester_applications: await Promise.all(applications.map(async ({ application: a, productId }) => ({
      call_id: a.callId,
      product_id: productId,
      note: a.note,
      // The size they said they would sew (issue 46, item 10).
      size: a.size,
      shared_measurements: a.measurements === null ? null : parseJson(a.measurements),
      chosen_at: iso(a.chosenAt),
      order_id: a.orderId,
      created_at: iso(a.createdAt),
      feedback: await db
        .select({ size: testerFeedback.size, notes: testerFeedback.notes })
        .from(testerFeedback)
        .where(eq(testerFeedback.applicationId, a.id))
        .orderBy(asc(testerFeedback.size)),
    }))),
  };
}
