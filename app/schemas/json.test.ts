import { describe, expect, it } from "vitest";

import { parseBody } from "~/utils/api.server";
import { ApiSaveSettingsSchema, ApiUpdateUserSchema, HandleTransferSchema, RemoveProductSchema } from "~/schemas/admin";
import { ApiCheckoutSchema, ApiRateSchema } from "~/schemas/buying";
import { jsonMoney, jsonTypeErrors } from "~/schemas/json";
import { ApiSendMessageSchema } from "~/schemas/messages";

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

  // Issue 19, item 8: the admin and messaging calls, and the schemas shared with HTML forms.
  const user = { id: 7, first_name: "Sela", last_name: "Seller", email: "sela@example.test", status: "Active" };
  it.each([
    ["update-user balance as a string", ApiUpdateUserSchema, { ...user, balance: "100", reason: "Promotion" }, "balance", "balance must be a JSON number, not a string"],
    ["update-user id as a string", ApiUpdateUserSchema, { ...user, id: "7" }, "id", "id must be a JSON number, not a string"],
    ["handle-transfer id as a string", HandleTransferSchema, { status: "Completed", id: "49", storeid: 3 }, "id", "id must be a JSON number, not a string"],
    ["handle-transfer without storeid", HandleTransferSchema, { status: "Completed", id: 49 }, "storeid", "storeid is required"],
    ["remove-product owner as a string", RemoveProductSchema, { id: 5, owner: "7" }, "owner", "owner must be a JSON number, not a string"],
    ["send-message order_id as a string", ApiSendMessageSchema, { to: 5, message: "hi", order_id: "3" }, "order_id", "order_id must be a JSON number, not a string"],
    ["save-settings pss as a string", ApiSaveSettingsSchema, { pss: "10" }, "pss", "pss must be a JSON number, not a string"],
  ])("%s is a 400 naming the field", async (_name, schema, body, field, message) => {
    expect(await errorOf(body, schema)).toEqual({ status: 400, error: `${field}: ${message}` });
  });

  it("the update-user form's schema still reads typed text, and the JSON face its numbers", async () => {
    const body = await parseBody(post({ ...user, balance: 100.5, reason: "Promotion" }), ApiUpdateUserSchema);
    expect(body).toMatchObject({ id: 7, balance: 10050, reason: "Promotion" });
    expect(await errorOf({ ...user, balance: 1.234, reason: "x" }, ApiUpdateUserSchema)).toMatchObject({ error: expect.stringMatching(/^balance: /) });
  });

  it("jsonTypeErrors names a row's field by its path and leaves absent values to the schema", () => {
    expect(jsonTypeErrors({ id: "3", inventory: true, sku: "A" }, { id: "id", inventory: "int" }, "variants[1].")).toEqual({
      "variants[1].id": ["variants[1].id must be a JSON number, not a string"],
      "variants[1].inventory": ["variants[1].inventory must be a whole number"],
    });
    // A number that is not whole is the shared schema's to refuse, with the form's own message.
    expect(jsonTypeErrors({ inventory: 2.5 }, { inventory: "int" })).toEqual({});
    expect(jsonTypeErrors({ price: 12.5, id: null }, { price: "number", id: "id" })).toEqual({});
  });
});

