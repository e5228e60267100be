import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { makes, sizeChartRows, userMeasurements, type User } from "../../../db/tables";
import { buyAndPay, makeBuyer, makeShop, useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb } from "../../../tests/unit/helpers";
import { photoFile } from "../../../tests/unit/upload-fixtures";
import { zoneColumnsOf } from "~/models/fit/chart.server";
import { MEASUREMENT_CHANGES_LIMIT, saveMeasurements } from "~/models/fit/measurements.server";
import { createMake, type MakeInput } from "~/models/makes/makes.server";
import { ADVICE_LIMIT, countBand, MIN_GROUP, sizesFromMakes, stepOf } from "~/models/makes/sizes.server";
import type { Db } from "~/utils/db.server";
import type { Measurements } from "~/utils/measurements";

let dataDir = "";
beforeAll(() => {
  dataDir = useTestEnv();
});

const body = (bust: number, waist: number, hip: number): Body => ({ unit: "cm", height: null, high_bust: null, bust, waist, hip, inseam: null, arm: null });
type Body = Measurements;

// The chart: S, M, L 60 mm apart at the bust, waist and hip. Bust steps: below 830, S to 890, M to 950, L to 1010, above.
const BUST = [860, 920, 980];

async function setup() {
  const db = createTestDb();
  const shop = await makeShop(db);
  const productId = shop.digital.id;
  await db.insert(sizeChartRows)
    .values([
      { productId, size: "S", position: 0, bustMm: 860, waistMm: 700, hipMm: 940 },
      { productId, size: "M", position: 1, bustMm: 920, waistMm: 760, hipMm: 1000 },
      { productId, size: "L", position: 2, bustMm: 980, waistMm: 820, hipMm: 1060 },
    ]);
  const buyer = await makeBuyer(db);
  await saveMeasurements({ db, userId: buyer.id, measurements: body(925, 765, 1005) });
  return { db, shop, productId, buyer };
}

let n = 0;
/** A maker who bought the pattern, with these measurements, posts a make (sharing them unless told not to). */
async function maker(db: Db, productId: number, measurements: Body, make: Partial<MakeInput> = {}, who?: User) {
  const user = who ?? (await makeBuyer(db, { email: `maker-${++n}@example.test` }));
  if (!who) await buyAndPay(db, user, productId);
  await saveMeasurements({ db, userId: user.id, measurements });
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

/** Moves the asker's measurements as a test may (the model's own saves are rate-limited, tested below). */
async function place(db: Db, userId: number, measurements: Body) {
  await db.update(userMeasurements).set(zoneColumnsOf(measurements)).where(eq(userMeasurements.userId, userId));
}

/** Asks with a clock an hour later each time, so that the comparisons' rate limit never answers. */
let hour = 0;
async function ask(db: Db, productId: number, userId: number) {
  const result = await sizesFromMakes({ db, productId, userId, now: Date.now() + ++hour * ADVICE_LIMIT.windowMs });
  if (!result.ok) throw new Error(result.error);
  return result.answer;
}

/** A small deterministic random number generator (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("sizes from makes", () => {
  it("cuts each zone into the chart's steps and bands counts from three", () => {
    expect([829, 830, 889, 890, 949, 950, 1009, 1010].map((v) => stepOf(v, BUST))).toEqual([-1, 0, 0, 1, 1, 2, 2, 3]);
    expect(stepOf(700, [900])).toBe(0);
    expect([0, 2, 3, 4, 5, 9, 10, 19, 20, 49, 50, 500].map(countBand)).toEqual([null, null, "3-4", "3-4", "5-9", "5-9", "10-19", "10-19", "20-49", "20-49", "50+", "50+"]);
    expect(MIN_GROUP).toBe(3);
  });

  it("for any fixed set of makes, answers the same while the asker moves within one size step of the chart", async () => {
    for (const seed of [1, 2]) {
      const { db, productId, buyer } = await setup();
      const next = random(seed);
      const around = (centre: number, spread: number) => Math.round(centre - spread + next() * 2 * spread);
      const sizes = ["S", "M", "L"];
      const fits = ["tight", "right", "loose", null] as const;
      for (let i = 0; i < 14; i += 1) {
        const pick = <T,>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
        await maker(db, productId, body(around(920, 90), around(760, 25), around(1000, 25)), {
          size: pick(sizes),
          fit: { bust: pick(fits), waist: pick(fits), hip: pick(fits), length: pick(fits) },
        });
      }
      // Every bust from 800 to 1060 mm, at two waists and hips of the same steps: the answer is the same throughout
      // each bust step.
      const byStep = new Map<number, string>();
      for (const [waist, hip] of [[760, 1000], [735, 1025]] as const) {
        for (let bust = 800; bust <= 1060; bust += 1) {
          await place(db, buyer.id, body(bust, waist, hip));
          const answer = JSON.stringify(await ask(db, productId, buyer.id));
          const step = stepOf(bust, BUST);
          if (!byStep.has(step)) byStep.set(step, answer);
          expect(answer, `bust ${bust} (step ${step}), seed ${seed}`).toBe(byStep.get(step));
        }
        // And throughout a waist step, the bust held.
        const first = (await place(db, buyer.id, body(925, 730, hip)), JSON.stringify(await ask(db, productId, buyer.id)));
        for (let w = 730; w < 790; w += 1) {
          await place(db, buyer.id, body(925, w, hip));
          expect(JSON.stringify(await ask(db, productId, buyer.id))).toBe(first);
        }
      }
      // The makes are spread over the middle steps: the answer does change from step to step.
      expect(new Set(byStep.values()).size, `seed ${seed}`).toBeGreaterThan(2);
    }
  });

  it("defeats the binary search of issue 46: a maker's bust is never told finer than the chart's step", async () => {
    // The attacker owns two accounts that posted makes, and asks from a third; one real maker shared her measurements.
    const seen: number[][] = [];
    for (const victimBust of [987, 953, 1008]) {
      const { db, productId, buyer: attacker } = await setup();
      await maker(db, productId, body(victimBust, 760, 1000));
      await maker(db, productId, body(980, 760, 1000));
      await maker(db, productId, body(980, 760, 1000));
      // The answer is there (three makers) exactly where the asker's bust is in the victim's step.
      const answered: number[] = [];
      for (let bust = 800; bust <= 1200; bust += 1) {
        await place(db, attacker.id, body(bust, 760, 1000));
        if (await ask(db, productId, attacker.id) !== null) answered.push(bust);
      }
      seen.push([answered[0]!, answered.at(-1)!, answered.length]);
    }
    // 987, 953 and 1008 all show as the same step, 950 to 1009: the search learns the size, not the measurement.
    expect(seen).toEqual([[950, 1009, 60], [950, 1009, 60], [950, 1009, 60]]);
  });

  it("lists a size from three makers, bands every count, and gives each zone's most common fit", async () => {
    const { db, productId, buyer } = await setup();
    const similar = (i: number) => body(900 + i, 740 + i, 980 + i);
    for (let i = 0; i < 4; i += 1) await maker(db, productId, similar(i), { size: "M", fit: { bust: "right", waist: i < 2 ? "loose" : "right", hip: i ? "tight" : null, length: null } });
    await maker(db, productId, similar(5), { size: "S" });
    await maker(db, productId, similar(6), { size: "L" });
    const answer = await ask(db, productId, buyer.id);
    expect(answer).toEqual({
      makers: "5-9",
      sizes: [{ size: "M", makers: "3-4", fit: { bust: "right", waist: null, hip: "tight", length: null } }],
      others: null,
    });
    await maker(db, productId, similar(7), { size: "S" });
    expect(await ask(db, productId, buyer.id)).toMatchObject({ makers: "5-9", others: "3-4" });
    // No name, no email, no measurement, no exact count in the answer.
    expect(JSON.stringify(await ask(db, productId, buyer.id))).not.toMatch(/"(4|6|7)"|90\d|74\d|98\d|@/);
  });

  it("counts only shared, shown makes by others in every one of the chart's zones; the asker needs them all too", async () => {
    const { db, productId, buyer } = await setup();
    const first = await maker(db, productId, body(930, 770, 1000));
    await maker(db, productId, body(910, 750, 990), { size: "S" });
    expect(await ask(db, productId, buyer.id)).toBeNull();
    // The same maker again, a maker who did not share, one without a hip, one in another step and the asker's own
    // make do not make it three.
    await maker(db, productId, body(930, 770, 1000), {}, first.user);
    await maker(db, productId, body(925, 765, 1005), { shareMeasurements: false });
    await maker(db, productId, { ...body(925, 765, 1005), hip: null });
    await maker(db, productId, body(925, 765, 1040), { size: "L" });
    await buyAndPay(db, buyer, productId);
    await maker(db, productId, body(925, 765, 1005), {}, buyer);
    expect(await ask(db, productId, buyer.id)).toBeNull();
    const third = await maker(db, productId, body(940, 780, 1020));
    expect(await ask(db, productId, buyer.id)).toMatchObject({ makers: "3-4" });
    // The asker without a hip: no answer; a stranger without measurements: none.
    await place(db, buyer.id, { ...body(925, 765, 1005), hip: null });
    expect(await ask(db, productId, buyer.id)).toBeNull();
    await place(db, buyer.id, body(925, 765, 1005));
    expect(await ask(db, productId, (await makeBuyer(db)).id)).toBeNull();
    // A hidden make stops counting: below three again.
    await db.update(makes).set({ hiddenAt: new Date() }).where(eq(makes.id, third.make.id));
    expect(await ask(db, productId, buyer.id)).toBeNull();
    // No chart, no answer.
    await db.update(makes).set({ hiddenAt: null }).where(eq(makes.id, third.make.id));
    await db.delete(sizeChartRows).where(eq(sizeChartRows.productId, productId));
    expect(await ask(db, productId, buyer.id)).toBeNull();
  });

  it("rate-limits comparisons and measurement changes per account", async () => {
    const { db, productId, buyer } = await setup();
    for (let i = 0; i < 3; i += 1) await maker(db, productId, body(920 + i, 760, 1000));
    const now = Date.now();
    for (let i = 0; i < ADVICE_LIMIT.requests; i += 1) expect((await sizesFromMakes({ db, productId, userId: buyer.id, now })).ok).toBe(true);
    expect(await sizesFromMakes({ db, productId, userId: buyer.id, now })).toEqual({ ok: false, error: "rate-limited" });
    expect((await sizesFromMakes({ db, productId, userId: buyer.id, now: now + ADVICE_LIMIT.windowMs })).ok).toBe(true);

    // The setup saved once; saving the same values again is no change.
    const someone = (await makeBuyer(db)).id;
    const at = new Date();
    for (let i = 0; i < MEASUREMENT_CHANGES_LIMIT.changes; i += 1) expect((await saveMeasurements({ db, userId: someone, measurements: body(900 + i, 760, 1000), now: at })).ok).toBe(true);
    expect((await saveMeasurements({ db, userId: someone, measurements: body(909, 760, 1000), now: at })).ok).toBe(true);
    expect(await saveMeasurements({ db, userId: someone, measurements: body(950, 760, 1000), now: at })).toEqual({ ok: false, error: "rate-limited" });
    expect((await saveMeasurements({ db, userId: someone, measurements: body(950, 760, 1000), now: new Date(at.getTime() + MEASUREMENT_CHANGES_LIMIT.windowMs) })).ok).toBe(true);
  });
});
