import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { userMeasurements, users } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { getMeasurements, noMeasurements } from "./chart.server";
import { measurementsJson } from "./json";
import { saveMeasurements } from "./measurements.server";
import { deleteAccount } from "~/models/accounts/deletion.server";
import { ApiMeasurementsSchema, MeasurementsFormSchema } from "~/schemas/measurements";

const form = (fields: Record<string, string>) => MeasurementsFormSchema.safeParse({ unit: "cm", ...fields });

describe("the measurements form schema", () => {
  it("reads cm and inches to whole millimetres; empty is unknown", () => {
    expect(form({ bust: "96.5", waist: "", hip: " 102 " })).toMatchObject({
      success: true,
      data: { unit: "cm", bust: 965, waist: null, hip: 1020, height: null, high_bust: null, inseam: null, arm: null },
    });
    expect(form({ unit: "in", bust: "38,25", inseam: "30" })).toMatchObject({ success: true, data: { unit: "in", bust: 972, inseam: 762 } });
  });

  it("refuses anything but a number, and values outside the zone's range, per field", () => {
    const result = form({ bust: "abc", waist: "-70", hip: "1e3", height: "1700", arm: "60" });
    expect(result.success).toBe(false);
    const errors = result.error!.flatten().fieldErrors as Record<string, string[]>;
    expect(errors.bust).toEqual(["Enter a number, e.g. 96.5"]);
    expect(errors.waist).toEqual(["Enter a number, e.g. 96.5"]);
    expect(errors.hip).toEqual(["Enter a number, e.g. 96.5"]);
    expect(errors.height).toEqual(["Height must be between 50 and 250 cm"]);
    expect(errors.arm).toBeUndefined();
    // 96 typed as inches is a 2.4 m bust: out of range.
    expect(form({ unit: "in", bust: "99" }).error!.flatten().fieldErrors).toEqual({ bust: ["Bust / chest must be between 11.8 and 98.4 in"] });
    expect(form({ unit: "mm" as string, bust: "960" }).success).toBe(false);
  });
});

describe("the JSON measurements schema", () => {
  it("takes whole millimetres or null; an absent zone is null", () => {
    expect(ApiMeasurementsSchema.parse({ unit: "in", bust: 965, waist: null })).toEqual({ ...noMeasurements("in"), bust: 965 });
  });

  it("refuses strings, fractions, out-of-range values and a missing or unknown unit", () => {
    const problem = (body: unknown) => {
      const r = ApiMeasurementsSchema.safeParse(body);
      return r.success ? null : `${r.error.issues[0].path.join(".")}: ${r.error.issues[0].message}`;
    };
    expect(problem({ unit: "cm", bust: "965" })).toBe("bust: must be a whole number of millimetres (a JSON integer) or null");
    expect(problem({ unit: "cm", bust: 965.5 })).toBe("bust: must be a whole number of millimetres (a JSON integer) or null");
    expect(problem({ unit: "cm", arm: 1101 })).toBe("arm: must be between 200 and 1100 mm");
    expect(problem({ unit: "cm", height: 499 })).toBe("height: must be between 500 and 2500 mm");
    expect(problem({ bust: 965 })).toBe("unit: Choose cm or in");
    expect(problem({ unit: "feet" })).toBe("unit: Choose cm or in");
  });
});

describe("saveMeasurements", () => {
  it("stores, replaces and reads back the buyer's measurements", async () => {
    const db = createTestDb();
    const user = await makeUser(db);
    expect(await getMeasurements({ db }, user.id)).toBeNull();
    const first = { ...noMeasurements("in"), bust: 965, waist: 762 };
    expect(await saveMeasurements({ db, userId: user.id, measurements: first })).toEqual({ ok: true, measurements: first });
    expect(await getMeasurements({ db }, user.id)).toEqual(first);
    const second = { ...noMeasurements("cm"), hip: 1020 };
    await saveMeasurements({ db, userId: user.id, measurements: second });
    expect(await getMeasurements({ db }, user.id)).toEqual(second);
    expect(measurementsJson(second)).toEqual({ unit: "cm", height: null, high_bust: null, bust: null, waist: null, hip: 1020, inseam: null, arm: null });
  });

  it("refuses out-of-range or fractional values and saves nothing", async () => {
    const db = createTestDb();
    const user = await makeUser(db);
    await saveMeasurements({ db, userId: user.id, measurements: { ...noMeasurements(), bust: 900 } });
    for (const bad of [{ bust: 2501 }, { inseam: 199 }, { waist: 700.5 }, { hip: Number.NaN }]) {
      expect(await saveMeasurements({ db, userId: user.id, measurements: { ...noMeasurements(), waist: 700, ...bad } })).toEqual({ ok: false, error: "invalid" });
    }
    expect(await saveMeasurements({ db, userId: user.id, measurements: { ...noMeasurements(), unit: "mm" as "cm" } })).toEqual({ ok: false, error: "invalid" });
    expect(await getMeasurements({ db }, user.id)).toEqual({ ...noMeasurements(), bust: 900 });
  });

  it("keeps each buyer's measurements apart", async () => {
    const db = createTestDb();
    const [a, b] = [await makeUser(db), await makeUser(db)];
    await saveMeasurements({ db, userId: a.id, measurements: { ...noMeasurements(), bust: 900 } });
    expect(await getMeasurements({ db }, b.id)).toBeNull();
  });

  it("goes with the account: deleting it (anonymised) and removing the users row (cascade) both remove them", async () => {
    const db = createTestDb();
    const user = await makeUser(db);
    await saveMeasurements({ db, userId: user.id, measurements: { ...noMeasurements(), bust: 900 } });
    expect(await deleteAccount({ db, userId: user.id, actor: { kind: "user", userId: user.id }, password: "correct horse battery" })).toMatchObject({ ok: true });
    expect(await db.select().from(userMeasurements).where(eq(userMeasurements.userId, user.id))).toEqual([]);

    const other = await makeUser(db);
    await saveMeasurements({ db, userId: other.id, measurements: { ...noMeasurements(), hip: 1000 } });
    await db.delete(users).where(eq(users.id, other.id));
    expect(await db.select().from(userMeasurements).where(eq(userMeasurements.userId, other.id))).toEqual([]);
  });
});
