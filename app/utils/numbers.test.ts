import { describe, expect, it } from "vitest";

import { formatPercent, formatRateBp } from "~/utils/numbers";

describe("formatPercent", () => {
  it.each([
    [0, "0%"],
    [19, "19%"],
    [25.5, "25.5%"],
    [7.125, "7.13%"],
    [100, "100%"],
  ])("formatPercent(%d) = %s", (percent, expected) => {
    expect(formatPercent(percent)).toBe(expected);
  });

  it("reads basis points", () => {
    expect(formatRateBp(1900)).toBe("19%");
    expect(formatRateBp(2550)).toBe("25.5%");
    expect(formatRateBp(0)).toBe("0%");
  });
});
