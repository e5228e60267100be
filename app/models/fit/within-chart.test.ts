import { describe, expect, it } from "vitest";

import { emptyZoneValues, type Measurements, type SizeChart } from "~/utils/measurements";
import { measurementsWithinChart, zoneLimits } from "./within-chart";

const row = (size: string, bust: number, hip: number | null) => ({
  size,
  body: { ...emptyZoneValues(), bust, hip },
  finished: { bust: null, waist: null, hip: null },
});
// Bust 860, 900, 960 (steps 40 then 60); hip given for every size, waist for none.
const chart: SizeChart = { unit: "cm", madeToMeasure: true, rows: [row("S", 860, 900), row("M", 900, 940), row("L", 960, 1000)] };
const buyer = (bust: number | null, hip: number | null): Measurements => ({ unit: "cm", ...emptyZoneValues(), bust, hip });

describe("measurementsWithinChart", () => {
  it("allows one grade step beyond the smallest and the largest size, per zone", () => {
    expect(zoneLimits(chart, "bust")).toEqual({ min: 820, max: 1020 });
    expect(zoneLimits(chart, "hip")).toEqual({ min: 860, max: 1060 });
    expect(measurementsWithinChart(chart, buyer(820, 1060))).toEqual({ ok: true, zones: ["bust", "hip"] });
    expect(measurementsWithinChart(chart, buyer(930, 950))).toEqual({ ok: true, zones: ["bust", "hip"] });
    expect(measurementsWithinChart(chart, buyer(819, 950))).toEqual({ ok: false, error: "outside-chart", zones: ["bust"] });
    expect(measurementsWithinChart(chart, buyer(1021, 1061))).toEqual({ ok: false, error: "outside-chart", zones: ["bust", "hip"] });
  });

  it("needs the buyer's measurement of every zone the chart grades (and ignores the others)", () => {
    expect(measurementsWithinChart(chart, buyer(900, null))).toEqual({ ok: false, error: "measurements-incomplete", zones: ["hip"] });
    const partial: SizeChart = { ...chart, rows: [row("S", 860, null), row("M", 900, 940)] };
    expect(measurementsWithinChart(partial, buyer(900, null))).toEqual({ ok: true, zones: ["bust"] });
  });

  it("does not ask for the zones that do not shape the pieces (height, inseam, arm)", () => {
    const full: SizeChart = {
      ...chart,
      rows: chart.rows.map((r, i) => ({ ...r, body: { ...r.body, height: 1600 + 20 * i, inseam: 760 + 10 * i, arm: 580 + 10 * i } })),
    };
    expect(measurementsWithinChart(full, buyer(930, 950))).toEqual({ ok: true, zones: ["bust", "hip"] });
    expect(measurementsWithinChart(full, buyer(930, null))).toEqual({ ok: false, error: "measurements-incomplete", zones: ["hip"] });
  });

  it("cannot interpolate in a chart of fewer than two sizes", () => {
    expect(measurementsWithinChart({ ...chart, rows: [] }, buyer(900, 940))).toEqual({ ok: false, error: "no-chart" });
    expect(measurementsWithinChart({ ...chart, rows: [row("M", 900, 940)] }, buyer(900, 940))).toEqual({ ok: false, error: "no-chart" });
  });
});
