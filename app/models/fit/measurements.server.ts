/** Saving a buyer's measurements (issue 24, decision 112); `getMeasurements` (chart.server) reads them back. */
import { userMeasurements } from "../../../db/tables";
import { getMeasurements, zoneColumnsOf } from "./chart.server";
import { FIT_ZONES, type Measurements } from "~/utils/measurements";
import { inRange } from "~/utils/measurement-units";
import { isActiveUser } from "~/models/accounts/users.server";
import { type Db, transaction } from "~/utils/db.server";
import { hit } from "~/utils/rate-limit.server";

export type SaveMeasurementsError = "invalid" | "account-closed" | "rate-limited";

/**
 * Changes of one account's measurements per window (issue 46, item 2): sizes from makes compares them with makers',
 * so an asker may not move them step by step to find someone's. Saving the same values again is not a change.
 */
export const MEASUREMENT_CHANGES_LIMIT = { changes: 10, windowMs: 24 * 60 * 60 * 1000 } as const;

/**
 * Stores the buyer's measurements, replacing what they had: every zone whole millimetres in its plausible range, or
 * null (unknown). Private to the buyer: nothing else reads this row but their profile, the advice they ask for and
 * their own data export; deleting the account deletes it (foreign key, on delete cascade).
 */
export async function saveMeasurements({
  db,
  userId,
  measurements,
  now = new Date(),
}: {
  db: Db;
  userId: number;
  measurements: Measurements;
  now?: Date;
}): Promise<{ ok: true; measurements: Measurements } | { ok: false; error: SaveMeasurementsError }> {
  if (measurements.unit !== "cm" && measurements.unit !== "in") return { ok: false, error: "invalid" };
  for (const zone of FIT_ZONES) {
    const mm = measurements[zone];
    if (mm !== null && !(Number.isSafeInteger(mm) && inRange(zone, mm))) return { ok: false, error: "invalid" };
  }
  const values = { unit: measurements.unit, ...zoneColumnsOf(measurements) };
  const before = await getMeasurements({ db }, userId);
  const changed = !before || FIT_ZONES.some((zone) => before[zone] !== measurements[zone]);
  const { changes: limit, windowMs } = MEASUREMENT_CHANGES_LIMIT;
  if (changed && !(await hit({ db, key: `measurements:${userId}`, limit, windowMs, now: now.getTime() })).allowed) return { ok: false, error: "rate-limited" };
  // Written only while the account is active, checked in the same transaction (issue 34, item 1).
  const written = await transaction(db,
    async (tx) => {
      if (!await isActiveUser(tx, userId)) return false;
      await tx.insert(userMeasurements)
        .values({ userId, ...values })
        .onConflictDoUpdate({ target: userMeasurements.userId, set: { ...values, updatedAt: now } });
      return true;
    },
    { behavior: "immediate" },
  );
  if (!written) return { ok: false, error: "account-closed" };
  const saved = { unit: measurements.unit } as Measurements;
  for (const zone of FIT_ZONES) saved[zone] = measurements[zone];
  return { ok: true, measurements: saved };
}
