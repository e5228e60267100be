import { describe, expect, it } from "vitest";

import { lengthToBuy, widthLabel } from "./fabric-lengths";

describe("lengthToBuy", () => {
  it("adds the 10 % margin and rounds up to 0.1 m and 0.1 yd", () => {
    // 1800 mm laid: 1980 mm to buy, 2.0 m, 2.165 yd -> 2.2 yd.
    const bought = lengthToBuy(1800);
    expect(bought.lengthMm).toBeCloseTo(1980, 6);
    expect([bought.metres, bought.yards]).toEqual([2, 2.2]);
    // Exactly 1.1 m with the margin stays 1.1 m.
    expect(lengthToBuy(1000).metres).toBe(1.1);
  });
});

describe("widthLabel", () => {
  it("says a width in cm and whole inches", () => {
    expect(widthLabel(1400)).toBe("140 cm (55 in)");
    expect(widthLabel(1120)).toBe("112 cm (44 in)");
    expect(widthLabel(1524)).toBe("152 cm (60 in)");
  });
});
