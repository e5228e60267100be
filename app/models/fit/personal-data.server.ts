/** Fit's section of the personal-data export (decision 103, issue 36): the buyer's body measurements, if saved. */
import type { ExportSubject } from "~/utils/personal-data";
import { getMeasurements } from "~/models/fit/chart.server";
import { measurementsJson } from "~/models/fit/json";

export async function fitPersonalData({ db, user }: ExportSubject) {
  const measured = await getMeasurements({ db }, user.id);
  return { measurements: measured ? measurementsJson(measured) : null };
}
