import { describe, expect, it } from "vitest";

import { parseBody } from "~/utils/api.server";
import { ApiCheckoutSchema, ApiRateSchema } from "~/schemas/buying";
import { jsonMoney } from "~/schemas/json";

function post(body: unknown) {
  return new Request("http://localhost/api/x", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function errorOf(body: unknown, schema: Parameters<typeof parseBody>[1]) {
  try {
    await parseBody(post(body), schema);
  } catch (error) {
    const response = error as Response;
    return { status: response.status, error: ((await response.json()) as { error: string }).error };
  }
  throw new Error("expected a 400");
}

describe("strict JSON types in API bodies", () => {
  it("accepts JSON integers for quantities and ids", async () => {
    const body = await parseBody(post({ items: [{ productId: 3, variantId: 4, quantity: 2 }] }), ApiCheckoutSchema);
    expect(body.items).toEqual([{ productId: 3, variantId: 4, quantity: 2 }]);
  });

  it.each([
    ["a quantity as a string", { items: [{ productId: 3, quantity: "2" }] }, "items.0.quantity"],
    ["a quantity as a boolean", { items: [{ productId: 3, quantity: true }] }, "items.0.quantity"],
    ["a fractional quantity", { items: [{ productId: 3, quantity: 1.5 }] }, "items.0.quantity"],
    ["an id as a string", { items: [{ productId: "3" }] }, "items.0.productId"],
    ["a variant id as a string", { items: [{ productId: 3, variantId: "4" }] }, "items.0.variantId"],
    ["items as an object", { items: { productId: 3 } }, "items"],
  ])("refuses %s with a 400 naming the field", async (_name, body, field) => {
    const { status, error } = await errorOf(body, ApiCheckoutSchema);
    expect(status).toBe(400);
    expect(error.startsWith(`${field}:`)).toBe(true);
  });

  it.each([
    [{ id: "5", rating: 4 }, "id"],
    [{ id: 5, rating: "4" }, "rating"],
    [{ id: 5, rating: true }, "rating"],
    [{ id: 5, rating: 4, comment: 12 }, "comment"],
    [{ id: 5, rating: 4, products: ["7"] }, "products.0"],
  ])("rate-product refuses %j naming %s", async (body, field) => {
    const { status, error } = await errorOf(body, ApiRateSchema);
    expect(status).toBe(400);
    expect(error.startsWith(`${field}:`)).toBe(true);
  });

  it("money is a JSON number with at most two decimals", () => {
    const money = jsonMoney("price");
    expect(money.safeParse(12.5).success).toBe(true);
    expect(money.safeParse(12).success).toBe(true);
    expect(money.safeParse("12.50").success).toBe(false);
    expect(money.safeParse(12.345).success).toBe(false);
    expect(money.safeParse(Number.NaN).success).toBe(false);
  });
});
