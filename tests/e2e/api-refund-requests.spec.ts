/** The JSON face of refund and cancel requests (decision 110). */

import { expect, newCustomer, queryOne, sessionCookieFor, test } from "./fixtures";

test("request-refund, refund-requests and answer-refund-request: validation, one open request, accept once", async ({ request }) => {
  const customer = await newCustomer(request, { offset: 3 });
  const buyer = { Authorization: customer.token };
  const ask = (data: unknown, headers = buyer) => request.post("/api/user/request-refund", { headers, data });

  expect((await request.post("/api/user/request-refund", { data: { order_id: customer.orderId, kind: "refund", reason: "x" } })).status()).toBe(401);
  expect((await request.get("/api/user/request-refund", { headers: buyer })).status()).toBe(405);
  const bad = await ask({ order_id: String(customer.orderId), kind: "swap", reason: "" });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).error).toMatch(/order_id/);
  expect((await ask({ order_id: customer.orderId, kind: "refund", reason: "  " })).status()).toBe(400);
  expect((await ask({ order_id: 999999, kind: "refund", reason: "Why not" })).status()).toBe(404);
  const cancel = await ask({ order_id: customer.orderId, kind: "cancel", reason: "Changed my mind" });
  expect(cancel.status()).toBe(409);
  expect((await cancel.json()).error).toBe("A downloadable pattern cannot be cancelled. You can ask for a refund instead.");

  const asked = await ask({ order_id: customer.orderId, kind: "refund", reason: "Wrong size range" });
  expect(asked.status()).toBe(201);
  const { refund_request } = await asked.json();
  expect(refund_request).toMatchObject({ kind: "refund", reason: "Wrong size range", status: "open", answer: "" });
  expect((await ask({ order_id: customer.orderId, kind: "refund", reason: "Again" })).status()).toBe(409);
  const order = await (await request.get(`/api/user/get-order/${customer.orderId}`, { headers: buyer })).json();
  expect(order.refund_request).toEqual(refund_request);

  // The buyer has no store; the store's owner lists and answers.
  expect((await request.get("/api/user/refund-requests", { headers: buyer })).status()).toBe(404);
  const ownerId = queryOne<{ user_id: number }>("SELECT s.user_id FROM orders o JOIN stores s ON s.id = o.store_id WHERE o.id = ?", customer.orderId).user_id;
  const seller = { Authorization: (await sessionCookieFor(ownerId)).token };
  const list = await request.get("/api/user/refund-requests?status=open", { headers: seller });
  expect(list.status()).toBe(200);
  expect(await list.json()).toContainEqual(expect.objectContaining({ id: refund_request.id, order_id: customer.orderId, status: "open", reason: "Wrong size range" }));
  expect((await request.get("/api/user/refund-requests?status=maybe", { headers: seller })).status()).toBe(400);
  const answer = (data: unknown, headers = seller) => request.post("/api/user/answer-refund-request", { headers, data });
  expect((await answer({ id: refund_request.id, accept: false, answer: "" })).status()).toBe(400);
  expect((await answer({ id: refund_request.id, accept: "yes" })).status()).toBe(400);
  expect((await answer({ id: refund_request.id, accept: true }, buyer)).status()).toBe(404);
  const results = await Promise.all([1, 2].map(() => answer({ id: refund_request.id, accept: true, answer: "Sorry about that" })));
  expect(results.map((r) => r.status()).sort()).toEqual([200, 409]);
  const refunds = queryOne<{ n: number }>("SELECT count(*) AS n FROM transactions WHERE order_id = ? AND tx_type = 'Refund'", customer.orderId);
  expect(refunds.n).toBe(1);
  const own = await (await request.get(`/api/user/get-own-order/${customer.orderId}`, { headers: seller })).json();
  expect(own).toMatchObject({ status: "Refunded", refund_request: { status: "accepted", answer: "Sorry about that" } });
  expect((await ask({ order_id: customer.orderId, kind: "refund", reason: "More" })).status()).toBe(409);
});
