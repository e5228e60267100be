import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { makes, sizeChartRows, type User } from "../../../db/schema";
import { buyAndPay, makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { photoFile } from "../../../tests/unit/upload-fixtures";
import { saveMeasurements } from "~/models/fit/measurements.server";
import { createMake, type MakeInput } from "~/models/makes/makes.server";
import { MIN_SIMILAR, sizesFromMakes } from "~/models/makes/sizes.server";
import type { Db } from "~/utils/db.server";

let dataDir = "";
beforeAll(() => {
  dataDir = useTestEnv();
});

const body = (bust: number, waist: number, hip: number) => ({ unit: "cm" as const, height: null, high_bust: null, bust, waist, hip, inseam: null, arm: null });

async function setup() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const productId = shop.digital.id;
  db.insert(sizeChartRows)
    .values([
      { productId, size: "S", position: 0, bustMm: 860, waistMm: 700, hipMm: 940 },
      { productId, size: "M", position: 1, bustMm: 920, waistMm: 760, hipMm: 1000 },
      { productId, size: "L", position: 2, bustMm: 980, waistMm: 820, hipMm: 1060 },
    ])
    .run();
  const buyer = await makeBuyer(db);
  saveMeasurements({ db, userId: buyer.id, measurements: body(925, 765, 1005) });
  return { db, shop, productId, buyer };
}

let n = 0;
/** A maker who bought the pattern, with these measurements, posts a make (sharing them unless told not to). */
async function maker(db: Db, productId: number, measurements: ReturnType<typeof body>, make: Partial<MakeInput> = {}, who?: User) {
  const user = who ?? (await makeBuyer(db, { email: `maker-${++n}@example.test` }));
  if (!who) await buyAndPay(db, user, productId);
  saveMeasurements({ db, userId: user.id, measurements });
  const result = await createMake({
    db,
    userId: user.id,
    productId,
    input: { size: "M", fabric: "", notes: "", fit: { bust: "right", waist: "loose", hip: null, length: null }, shareMeasurements: true, ...make },
    photos: [await photoFile(dataDir)],
  });
  if (!result.ok) throw new Error(result.error);
  return { user, make: result.make };
}

describe("sizes from makes", () => {
  it("answers null below three similar makers, then counts only, per size and zone", async () => {
    const { db, productId, buyer } = await setup();
    const first = await maker(db, productId, body(930, 770, 1000));
    await maker(db, productId, body(910, 750, 990), { size: "S", fit: { bust: "tight", waist: "right", hip: "tight", length: "right" } });
    expect(sizesFromMakes({ db, productId, userId: buyer.id })).toBeNull();
    // The same maker again, a maker who did not share, and one far away do not make it three.
    await maker(db, productId, body(930, 770, 1000), {}, first.user);
    await maker(db, productId, body(925, 765, 1005), { shareMeasurements: false });
    await maker(db, productId, body(1100, 900, 1200), { size: "L" });
    expect(sizesFromMakes({ db, productId, userId: buyer.id })).toBeNull();
    expect(MIN_SIMILAR).toBe(3);

    const third = await maker(db, productId, body(940, 780, 1020), { fit: { bust: "right", waist: "right", hip: "right", length: null } });
    const answer = sizesFromMakes({ db, productId, userId: buyer.id });
    expect(answer).toEqual({
      similar: 3,
      sizes: [
        { size: "S", count: 1, fit: { bust: { tight: 1, right: 0, loose: 0 }, waist: { tight: 0, right: 1, loose: 0 }, hip: { tight: 1, right: 0, loose: 0 }, length: { tight: 0, right: 1, loose: 0 } } },
        { size: "M", count: 2, fit: { bust: { tight: 0, right: 2, loose: 0 }, waist: { tight: 0, right: 1, loose: 1 }, hip: { tight: 0, right: 1, loose: 0 }, length: { tight: 0, right: 0, loose: 0 } } },
      ],
    });
    // No name, no email, no measurement in the answer.
    const text = JSON.stringify(answer);
    for (const word of [first.user.email, first.user.firstName, first.user.lastName, third.user.email, "930", "940", "780", "1020"]) expect(text).not.toContain(word);

    // A hidden make stops counting: below three again.
    db.update(makes).set({ hiddenAt: new Date() }).where(eq(makes.id, third.make.id)).run();
    expect(sizesFromMakes({ db, productId, userId: buyer.id })).toBeNull();
  });

  it("needs the buyer's measurements and the design's chart; the buyer's own makes never count", async () => {
    const { db, productId, buyer } = await setup();
    for (const m of [body(920, 760, 1000), body(921, 761, 1001), body(922, 762, 1002)]) await maker(db, productId, m);
    expect(sizesFromMakes({ db, productId, userId: buyer.id })?.similar).toBe(3);
    const stranger = await makeBuyer(db);
    expect(sizesFromMakes({ db, productId, userId: stranger.id })).toBeNull();
    // Two others and the buyer's own make: two.
    const own = await setup();
    await buyAndPay(own.db, own.buyer, own.productId);
    await maker(own.db, own.productId, body(925, 765, 1005), {}, own.buyer);
    for (const m of [body(920, 760, 1000), body(921, 761, 1001)]) await maker(own.db, own.productId, m);
    expect(sizesFromMakes({ db: own.db, productId: own.productId, userId: own.buyer.id })).toBeNull();
    own.db.delete(sizeChartRows).where(eq(sizeChartRows.productId, own.productId)).run();
    await maker(own.db, own.productId, body(920, 760, 1000), { size: "anything" });
    expect(sizesFromMakes({ db: own.db, productId: own.productId, userId: own.buyer.id })).toBeNull();
  });
});
