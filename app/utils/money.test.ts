import { describe, expect, it } from "vitest";

import { centsToDollars, formatCents, parseDollars } from "~/utils/money";

describe("formatCents", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [99, "$0.99"],
    [100, "$1.00"],
    [1999, "$19.99"],
    [123456, "$1,234.56"],
    [100000000, "$1,000,000.00"],
    [-5, "-$0.05"],
    [-1999, "-$19.99"],
    [-123456, "-$1,234.56"],
  ])("formatCents(%d) = %s", (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });
});

describe("centsToDollars", () => {
  it.each([
    [0, 0],
    [1999, 19.99],
    [100, 1],
    [5, 0.05],
    [-250, -2.5],
  ])("centsToDollars(%d) = %d", (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe("parseDollars", () => {
  it.each([
    ["5", 500],
    ["5.5", 550],
    ["5.50", 550],
    ["12.34", 1234],
    ["0", 0],
    ["0.01", 1],
    [" 7.25 ", 725],
    [19.99, 1999],
    [3, 300],
  ] as const)("parseDollars(%j) = %d", (input, cents) => {
    expect(parseDollars(input)).toBe(cents);
  });

  it.each(["12.345", "-1", "abc", "", " ", "5.", ".5", "1,000", "1e3", "$5", "5 5"])(
    "parseDollars(%j) = null",
    (input) => {
      expect(parseDollars(input)).toBeNull();
    },
  );
});
