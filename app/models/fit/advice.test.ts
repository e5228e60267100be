import { describe, expect, it } from "vitest";

import { advise, sizePosition } from "./advice";
import { emptyZoneValues, type Measurements, type SizeChart, type SizeChartRow, type ZoneValues } from "~/utils/measurements";

function row(size: string, body: Partial<ZoneValues>, finished: Partial<SizeChartRow["finished"]> = {}): SizeChartRow {
  return { size, body: { ...emptyZoneValues(), ...body }, finished: { bust: null, waist: null, hip: null, ...finished } };
}

/** A dress chart in mm: bust, waist and hip grow by 40 mm a size; finished bust 60 mm over the body. */
const DRESS: SizeChart = {
  unit: "cm",
  madeToMeasure: false,
  rows: [
    row("36", { bust: 840, waist: 660, hip: 900 }, { bust: 900, waist: 700 }),
    row("38", { bust: 880, waist: 700, hip: 940 }, { bust: 940, waist: 740 }),
    row("40", { bust: 920, waist: 740, hip: 980 }, { bust: 980, waist: 780 }),
    row("42", { bust: 960, waist: 780, hip: 1020 }, { bust: 1020, waist: 820 }),
  ],
};

const buyer = (values: Partial<ZoneValues>, unit: Measurements["unit"] = "cm"): Measurements => ({ unit, ...emptyZoneValues(), ...values });

describe("advise", () => {
  it("gives the size at a chart value exactly (a tie is that size)", () => {
    expect(advise(DRESS, buyer({ bust: 880, waist: 700, hip: 940 }))).toEqual({
      zones: [
        { zone: "bust", size: "38", ease_mm: 60, outside: null },
        { zone: "waist", size: "38", ease_mm: 40, outside: null },
        { zone: "hip", size: "38", ease_mm: null, outside: null },
      ],
      recommended: "38",
    });
  });

  it("between two sizes takes the larger (one millimetre over a size is the next)", () => {
    const advice = advise(DRESS, buyer({ bust: 881, waist: 739 }));
    expect(advice.zones).toEqual([
      { zone: "bust", size: "40", ease_mm: 99, outside: null },
      { zone: "waist", size: "40", ease_mm: 41, outside: null },
    ]);
    expect(advice.recommended).toBe("40");
  });

  it("recommends the largest of bust, waist and hip (bust 38, waist 40, hip 40)", () => {
    const advice = advise(DRESS, buyer({ bust: 870, waist: 730, hip: 960 }));
    expect(advice.zones.map((z) => `${z.zone} ${z.size}`)).toEqual(["bust 38", "waist 40", "hip 40"]);
    expect(advice.recommended).toBe("40");
    expect(advise(DRESS, buyer({ bust: 950, waist: 670, hip: 910 })).recommended).toBe("42");
  });

  it("flags a buyer above the chart with its largest size, below it with its smallest", () => {
    const above = advise(DRESS, buyer({ bust: 1000, hip: 1020 }));
    expect(above.zones).toEqual([
      { zone: "bust", size: "42", ease_mm: 20, outside: "above" },
      { zone: "hip", size: "42", ease_mm: null, outside: null },
    ]);
    expect(above.recommended).toBe("42");
    const below = advise(DRESS, buyer({ waist: 600 }));
    expect(below.zones).toEqual([{ zone: "waist", size: "36", ease_mm: 100, outside: "below" }]);
    expect(below.recommended).toBe("36");
    // At the smallest size exactly it is inside.
    expect(advise(DRESS, buyer({ waist: 660 })).zones[0].outside).toBeNull();
  });

  it("advises only zones both give: a top's chart with bust only is governed by bust", () => {
    const top: SizeChart = { ...DRESS, rows: DRESS.rows.map((r) => row(r.size, { bust: r.body.bust })) };
    const advice = advise(top, buyer({ bust: 900, waist: 800, hip: 1100, height: 1700 }));
    expect(advice).toEqual({ zones: [{ zone: "bust", size: "40", ease_mm: null, outside: null }], recommended: "40" });
  });

  it("with none of bust, waist and hip in the chart, the largest advised zone decides (a child's chart by height)", () => {
    const kids: SizeChart = { unit: "cm", madeToMeasure: false, rows: [row("104", { height: 1040, inseam: 420 }), row("110", { height: 1100, inseam: 460 })] };
    const advice = advise(kids, buyer({ height: 1050, inseam: 400 }));
    expect(advice.zones).toEqual([
      { zone: "height", size: "110", ease_mm: null, outside: null },
      { zone: "inseam", size: "104", ease_mm: null, outside: "below" },
    ]);
    expect(advice.recommended).toBe("110");
  });

  it("recommends nothing when no zone matches, or the chart has no rows", () => {
    expect(advise(DRESS, buyer({ height: 1700 }))).toEqual({ zones: [], recommended: null });
    expect(advise(DRESS, buyer({}))).toEqual({ zones: [], recommended: null });
    expect(advise({ ...DRESS, rows: [] }, buyer({ bust: 900 }))).toEqual({ zones: [], recommended: null });
  });

  it("skips rows without the zone and counts ease only where the chosen size gives a finished value", () => {
    const gappy: SizeChart = {
      unit: "cm",
      madeToMeasure: false,
      rows: [row("S", { bust: 860 }, { bust: 920 }), row("M", { waist: 700 }), row("L", { bust: 940 })],
    };
    expect(advise(gappy, buyer({ bust: 900, waist: 650 })).zones).toEqual([
      { zone: "bust", size: "L", ease_mm: null, outside: null },
      { zone: "waist", size: "M", ease_mm: null, outside: "below" },
    ]);
    expect(advise(gappy, buyer({ bust: 850 })).zones).toEqual([{ zone: "bust", size: "S", ease_mm: 70, outside: "below" }]);
  });

  it("gives negative ease when the finished garment is smaller than the body (a knit)", () => {
    const knit: SizeChart = { unit: "cm", madeToMeasure: false, rows: [row("S", { bust: 860 }, { bust: 820 }), row("M", { bust: 900 }, { bust: 860 })] };
    expect(advise(knit, buyer({ bust: 870 })).zones).toEqual([{ zone: "bust", size: "M", ease_mm: -10, outside: null }]);
  });

  it("does not depend on the buyer's unit (everything is millimetres)", () => {
    expect(advise(DRESS, buyer({ bust: 870 }, "in"))).toEqual(advise(DRESS, buyer({ bust: 870 }, "cm")));
  });
});

describe("sizePosition", () => {
  it("is k exactly at row k's value", () => {
    DRESS.rows.forEach((r, k) => {
      expect(sizePosition(DRESS, "bust", r.body.bust!)).toBe(k);
      expect(sizePosition(DRESS, "hip", r.body.hip!)).toBe(k);
    });
  });

  it("is linear between rows", () => {
    expect(sizePosition(DRESS, "bust", 860)).toBe(0.5);
    expect(sizePosition(DRESS, "bust", 890)).toBe(1.25);
    expect(sizePosition(DRESS, "waist", 770)).toBe(2.75);
  });

  it("extends the first and last steps outside the chart: below 0, above n-1", () => {
    expect(sizePosition(DRESS, "bust", 820)).toBe(-0.5);
    expect(sizePosition(DRESS, "bust", 1000)).toBe(4);
    expect(sizePosition(DRESS, "bust", 980)).toBe(3.5);
  });

  it("counts rows without the zone in the index and interpolates across them", () => {
    const gappy: SizeChart = { unit: "cm", madeToMeasure: false, rows: [row("S", { bust: 860 }), row("M", { waist: 700 }), row("L", { bust: 940 })] };
    expect(sizePosition(gappy, "bust", 860)).toBe(0);
    expect(sizePosition(gappy, "bust", 900)).toBe(1);
    expect(sizePosition(gappy, "bust", 940)).toBe(2);
    expect(sizePosition(gappy, "bust", 980)).toBe(3);
  });

  it("is null for a zone in fewer than two rows or whose values do not strictly grow", () => {
    expect(sizePosition(DRESS, "height", 1700)).toBeNull();
    const one: SizeChart = { ...DRESS, rows: [row("S", { bust: 860 })] };
    expect(sizePosition(one, "bust", 860)).toBeNull();
    const flat: SizeChart = { ...DRESS, rows: [row("S", { bust: 860 }), row("M", { bust: 860 }), row("L", { bust: 900 })] };
    expect(sizePosition(flat, "bust", 880)).toBeNull();
    const shrinking: SizeChart = { ...DRESS, rows: [row("S", { bust: 900 }), row("M", { bust: 860 })] };
    expect(sizePosition(shrinking, "bust", 880)).toBeNull();
  });
});
