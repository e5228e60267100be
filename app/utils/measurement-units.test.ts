import { describe, expect, it } from "vitest";

import { FIT_ZONES } from "./measurements";
import { formatEase, formatLength, fromMm, inRange, MEASUREMENT_RANGES_MM, measurementsLine, rangeText, toMm } from "./measurement-units";

describe("measurement units", () => {
  it("stores whole millimetres: cm times 10, inches times 25.4, half a millimetre up", () => {
    expect(toMm(96.5, "cm")).toBe(965);
    expect(toMm(96.55, "cm")).toBe(966);
    expect(toMm(38, "in")).toBe(965);
    expect(toMm(38.25, "in")).toBe(972);
    expect(toMm(0.5, "in")).toBe(13);
  });

  it("reads centimetres back to 0.1 exactly", () => {
    expect(fromMm(965, "cm")).toBe(96.5);
    expect(fromMm(1000, "cm")).toBe(100);
    expect(formatLength(1000, "cm")).toBe("100");
  });

  it("every value typed to 0.1 cm reads back as typed", () => {
    for (let tenths = 2000; tenths <= 25000; tenths++) {
      const typed = tenths / 10;
      expect(fromMm(toMm(typed, "cm"), "cm")).toBe(typed);
    }
  });

  it("every value typed to 0.1 in or to the quarter inch reads back as typed", () => {
    for (let tenths = 79; tenths <= 985; tenths++) {
      const typed = tenths / 10;
      expect(fromMm(toMm(typed, "in"), "in")).toBeCloseTo(typed, 10);
    }
    for (let quarters = 32; quarters <= 394; quarters++) {
      const typed = quarters / 4;
      expect(fromMm(toMm(typed, "in"), "in")).toBe(typed);
    }
  });

  it("reads a millimetre value entered in cm as inches to the quarter when one is within half a millimetre, else to 0.1", () => {
    expect(fromMm(965, "in")).toBe(38); // 37.99 in
    expect(fromMm(972, "in")).toBe(38.25); // 38.268 in: 38.25 in is 971.55 mm, 0.45 mm away
    expect(fromMm(971, "in")).toBe(38.2); // 38.228 in: 0.55 mm from the quarter, so to 0.1
    expect(fromMm(968, "in")).toBe(38.1); // 38.11 in, no quarter within 0.5 mm
    expect(formatLength(972, "in")).toBe("38.25");
  });

  it("keeps the stated plausible ranges, inclusive", () => {
    expect(MEASUREMENT_RANGES_MM).toEqual({
      height: { min: 500, max: 2500 },
      high_bust: { min: 300, max: 2500 },
      bust: { min: 300, max: 2500 },
      waist: { min: 300, max: 2500 },
      hip: { min: 300, max: 2500 },
      inseam: { min: 200, max: 1300 },
      arm: { min: 200, max: 1100 },
    });
    for (const zone of FIT_ZONES) {
      const { min, max } = MEASUREMENT_RANGES_MM[zone];
      expect([inRange(zone, min - 1), inRange(zone, min), inRange(zone, max), inRange(zone, max + 1)]).toEqual([false, true, true, false]);
    }
  });

  it("says each range in the buyer's unit, and the limits it names are accepted", () => {
    expect(rangeText("bust", "cm")).toBe("Bust / chest must be between 30 and 250 cm");
    expect(rangeText("inseam", "in")).toBe("Inseam must be between 7.9 and 51.2 in");
    for (const zone of FIT_ZONES) {
      const [, low, high] = /between ([\d.]+) and ([\d.]+) in$/.exec(rangeText(zone, "in"))!;
      expect(inRange(zone, toMm(Number(low), "in"))).toBe(true);
      expect(inRange(zone, toMm(Number(high), "in"))).toBe(true);
    }
  });

  it("shows ease with its sign and one decimal", () => {
    expect(formatEase(60, "cm")).toBe("+6.0 cm");
    expect(formatEase(0, "cm")).toBe("+0.0 cm");
    expect(formatEase(-10, "in")).toBe("-0.4 in");
    expect(formatEase(51, "in")).toBe("+2.0 in");
  });

  it("shows someone's measurements in their own unit, never in millimetres (issue 46, item 13)", () => {
    expect(measurementsLine({ unit: "in", bust: 972, waist: 762, hip: null, height: 1651 })).toBe("Measurements (in): height 65, bust / chest 38.25, waist 30");
    expect(measurementsLine({ unit: "cm", bust: 900, waist: 745 })).toBe("Measurements (cm): bust / chest 90, waist 74.5");
  });
});
