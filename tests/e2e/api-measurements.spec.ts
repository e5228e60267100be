// The JSON face of measurements and size advice (issue 24, items 1 and 3): get-profile's measurements,
// update-measurements (mm, 400 on bad input, nothing saved) and size-advice (404, 409, the advice).

import { addDesigns, addDressChart, createTokenUser, DRESS_DXF, expect, newSeller, removeDesign, setDesignStatus, test } from "./fixtures";

const NONE = { unit: "cm", height: null, high_bust: null, bust: null, waist: null, hip: null, inseam: null, arm: null };

test("measurements: read as null, refused whole on bad input, saved in mm and read back", async ({ request }) => {
  const buyer = await createTokenUser({ prefix: "measure" });
  const headers = { Authorization: buyer.token };
  const profile = async () => (await (await request.get("/api/user/get-profile", { headers })).json()).measurements;
  expect(await profile()).toEqual(NONE);

  const refused = async (data: unknown, error: string | RegExp) => {
    const response = await request.post("/api/user/update-measurements", { headers, data });
    expect(response.status()).toBe(400);
    expect((await response.json()).error).toMatch(error);
  };
  await refused({ unit: "cm", bust: "880" }, "bust: must be a whole number of millimetres (a JSON integer) or null");
  await refused({ unit: "cm", bust: 880.5 }, "bust: must be a whole number of millimetres (a JSON integer) or null");
  await refused({ unit: "cm", bust: 880, waist: 2600 }, "waist: must be between 300 and 2500 mm");
  await refused({ unit: "cm", inseam: 150 }, "inseam: must be between 200 and 1300 mm");
  await refused({ bust: 880 }, "unit: Choose cm or in");
  await refused({ unit: "mm", bust: 880 }, "unit: Choose cm or in");
  const notJson = await request.post("/api/user/update-measurements", { headers: { ...headers, "Content-Type": "text/plain" }, data: "bust=880" });
  expect(notJson.status()).toBe(415);
  expect(await profile()).toEqual(NONE);

  const saved = { ...NONE, unit: "in", bust: 880, waist: 730, arm: 600 };
  const ok = await request.post("/api/user/update-measurements", { headers, data: { unit: "in", bust: 880, waist: 730, arm: 600, hip: null } });
  expect(ok.status()).toBe(200);
  expect(await ok.json()).toEqual(saved);
  expect(await profile()).toEqual(saved);
  expect((await request.post("/api/user/update-measurements", { headers, data: { unit: "in", bust: 99999 } })).status()).toBe(400);
  expect(await profile()).toEqual(saved);

  expect((await request.post("/api/user/update-measurements", { data: saved })).status()).toBe(401);
  expect((await request.get("/api/user/update-measurements", { headers })).status()).toBe(405);
});

test("size advice: 404 unknown or unseen products, 409 without a chart or measurements, else the advice", async ({ request }) => {
  const seller = await newSeller(request);
  const { ready, digital } = await addDesigns(seller, { patternDxf: DRESS_DXF });
  await addDressChart(digital.id);
  const buyer = await createTokenUser({ prefix: "advice" });
  const headers = { Authorization: buyer.token };
  const advice = (productId: number | string, h: Record<string, string> = headers) => request.get(`/api/user/size-advice/${productId}`, { headers: h });

  expect((await advice(digital.id, {})).status()).toBe(401);
  for (const id of ["999999999", "abc", "0"]) {
    const unknown = await advice(id);
    expect(unknown.status()).toBe(404);
    expect(await unknown.json()).toEqual({ error: "Product not found" });
  }
  const noMeasurements = await advice(digital.id);
  expect(noMeasurements.status()).toBe(409);
  expect((await noMeasurements.json()).error).toMatch(/Add your measurements first/);

  await request.post("/api/user/update-measurements", { headers, data: { unit: "cm", bust: 880, waist: 730, hip: 1100, height: 1680 } });
  const noChart = await advice(ready.id);
  expect(noChart.status()).toBe(409);
  expect(await noChart.json()).toEqual({ error: "This design has no size chart to advise from." });

  const answer = await advice(digital.id);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toEqual({
    zones: [
      { zone: "bust", size: "38", ease_mm: 60, outside: null },
      { zone: "waist", size: "40", ease_mm: 50, outside: null },
      { zone: "hip", size: "42", ease_mm: null, outside: "above" },
    ],
    recommended: "42",
    // Sizes from makes (issue 37): null below three similar makes.
    makes: null,
  });

  // A draft is another seller's business: 404 to the buyer, advice to its own seller; removed: 404.
  await setDesignStatus(digital.id, "draft");
  expect((await advice(digital.id)).status()).toBe(404);
  await request.post("/api/user/update-measurements", { headers: { Authorization: seller.token }, data: { unit: "cm", bust: 900 } });
  expect((await advice(digital.id, { Authorization: seller.token })).status()).toBe(200);
  await setDesignStatus(digital.id, "published");
  await removeDesign(digital.id);
  expect((await advice(digital.id)).status()).toBe(404);
});
