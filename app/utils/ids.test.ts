import { describe, expect, it } from "vitest";

import { isId, lookupId, MAX_ID } from "~/utils/ids";

describe("row ids from paths, forms and JSON", () => {
  it("isId: whole numbers from 1 to the 4-byte integer's largest (PostgreSQL's id columns)", () => {
    expect([1, 42, MAX_ID].map(isId)).toEqual([true, true, true]);
    expect([0, -1, 1.5, MAX_ID + 1, 99_999_999_999, Number.NaN, Infinity, "7", null, undefined].map(isId)).toEqual(Array(10).fill(false));
  });

  it("lookupId: the id, or 0 (no row) for a malformed or out-of-range one, which the database would refuse", () => {
    expect(["7", "2147483647"].map(lookupId)).toEqual([7, MAX_ID]);
    expect(["abc", "", undefined, null, "0", "-3", "1.5", "2147483648", "99999999999", "1e3x"].map(lookupId)).toEqual(Array(10).fill(0));
  });
});
