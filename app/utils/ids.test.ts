import { describe, expect, it } from "vitest";

import { AddToCartSchema } from "~/schemas/buying";
import { jsonId } from "~/schemas/json";
import { apiIdParam } from "~/utils/api-params.server";
import { isId, lookupId, MAX_ID, rowId } from "~/utils/ids";
import { idParam } from "~/utils/invariant";

/** The status a thrown Response (or apiError) carries, or the value returned. */
function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (error) {
    return error instanceof Response ? error.status : error;
  }
}

describe("row ids from paths, forms and JSON (4-byte integers on PostgreSQL)", () => {
  it("isId: whole numbers from 1 to the 4-byte integer's largest", () => {
    expect([1, 42, MAX_ID].map(isId)).toEqual([true, true, true]);
    expect([0, -1, 1.5, MAX_ID + 1, 99_999_999_999, Number.NaN, Infinity, "7", null, undefined].map(isId)).toEqual(Array(10).fill(false));
  });

  it("lookupId: the id, or 0 (no row) for a malformed or out-of-range one, which the database would refuse", () => {
    expect(["7", "2147483647"].map(lookupId)).toEqual([7, MAX_ID]);
    expect(["abc", "", undefined, null, "0", "-3", "1.5", "2147483648", "99999999999", "1e3x"].map(lookupId)).toEqual(Array(10).fill(0));
  });

  it("a path's id past 32 bits is not found (HTML and JSON faces), as an unknown one", () => {
    expect(outcome(() => idParam("2147483647"))).toBe(MAX_ID);
    expect(outcome(() => idParam("2147483648"))).toBe(404);
    expect(outcome(() => apiIdParam("99999999999", { status: 404, message: "Order not found" }))).toBe(404);
  });

  it("a form's or JSON body's id past 32 bits validates as 0, which names no row (the model's own not-found)", () => {
    expect(rowId(MAX_ID)).toBe(MAX_ID);
    expect(rowId(MAX_ID + 1)).toBe(0);
    expect(jsonId().parse(99_999_999_999)).toBe(0);
    expect(jsonId().parse(12)).toBe(12);
    expect(AddToCartSchema.parse({ intent: "add", productId: "99999999999", variantId: "3" })).toMatchObject({ productId: 0, variantId: 3 });
  });
});
