/**
 * An account's makes, reports and tester applications (issue 37) in its deletion (decision 103), written through
 * db/schema in the deletion's transaction: accounts sits below the makes and testing domains. The makes go (their
 * photos become unreferenced files, deleted after the transaction), the reports go, and the applications keep no
 * note or measurements (the seller's choice and the design's "tested by" stay, as reviews stay with the deleted
 * name). Their export is each domain's section (makes/ and testing/personal-data.server.ts).
 */
import { eq, inArray } from "drizzle-orm";

import { makePhotos, makeReports, makes, testerApplications } from "../../../db/tables";
import type { DbOrTx } from "~/utils/db.server";

/** Deletes the user's makes and reports, blanks their applications; answers the photos to delete. */
export async function forgetCommunityData(tx: DbOrTx, userId: number): Promise<string[]> {
  const own = (await tx.select({ id: makes.id }).from(makes).where(eq(makes.userId, userId))).map((m) => m.id);
  const files = own.length ? (await tx.select({ file: makePhotos.file }).from(makePhotos).where(inArray(makePhotos.makeId, own))).map((p) => p.file) : [];
  if (own.length) await tx.delete(makes).where(inArray(makes.id, own));
  await tx.delete(makeReports).where(eq(makeReports.reporterId, userId));
  await tx.update(testerApplications).set({ note: "", measurements: null }).where(eq(testerApplications.userId, userId));
  return files;
}
