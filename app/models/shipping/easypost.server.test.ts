import { type ChildProcess, spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { FAKE_EASYPOST_API_KEY, type FakeEasyPost, startFakeEasyPost } from "../../../tests/fakes/easypost";
import { createEasyPostLabelProvider, dollarsToCents } from "./easypost.server";
import { BUYER_ADDRESS, SELLER_ADDRESS } from "./fixtures";
import type { LabelInput } from "./label-provider";
import { getLabelProvider, labelReference } from "./labels.server";

let fake: FakeEasyPost;
beforeAll(async () => {
  fake = await startFakeEasyPost();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const input: LabelInput = {
  orderId: 77,
  // A lower-case country as a profile may hold it: the label upper-cases it.
  from: { ...SELLER_ADDRESS, country: "us" },
  to: BUYER_ADDRESS,
  parcelSize: "Small",
  reference: labelReference(77),
};

const provider = () => getLabelProvider({ easypostApiKey: FAKE_EASYPOST_API_KEY, easypostApiUrl: fake.apiUrl });

describe("EasyPost labels through the real SDK and a fake EasyPost", () => {
  it("is the provider when an API key is set, and the local label otherwise", () => {
    expect(provider().name).toBe("easypost");
    expect(getLabelProvider({}).name).toBe("local");
    expect(getLabelProvider({ easypostApiKey: "" }).name).toBe("local");
  });

  it("creates a shipment from the parcel size and the addresses, and buys its lowest rate once", async () => {
    const result = await provider().buyLabel(input);
    if (!result.ok) throw new Error(result.message);

    expect(fake.callsTo("create")).toHaveLength(1);
    expect(fake.callsTo("buy")).toHaveLength(1);
    expect(fake.calls.every((c) => c.authorized)).toBe(true);

    const { shipment } = fake.callsTo("create")[0]!.body as { shipment: Record<string, unknown> };
    expect(shipment).toEqual({
      reference: "order-77",
      from_address: {
        name: "Ada Lovelace",
        street1: "12 Seam Street",
        street2: "Studio 4",
        city: "Portland",
        state: "OR",
        zip: "97201",
        country: "US",
        phone: "503 555 0100",
      },
      to_address: {
        name: "Grace Hopper",
        street1: "400 Bobbin Avenue",
        city: "Los Angeles",
        state: "CA",
        zip: "90001",
        country: "US",
        phone: "213 555 0199",
      },
      parcel: { length: 10, width: 10, height: 10, weight: 16 },
      options: { label_format: "PDF", label_size: "4x6" },
    });

    // The fake lists UPS 9.12, USPS 7.58, FedEx 10.29: USPS is bought.
    const stored = fake.shipments.get(result.providerShipmentId!)!;
    const usps = stored.rates.find((r) => r.carrier === "USPS")!;
    expect(fake.callsTo("buy")[0]).toMatchObject({ path: `/v2/shipments/${stored.id}/buy`, body: { rate: { id: usps.id } } });
    expect(result).toEqual({
      ok: true,
      labelUrl: stored.postage_label!.label_url,
      contentType: "application/pdf",
      trackingNumber: stored.tracking_code,
      carrier: "USPS",
      costCents: 758,
      providerShipmentId: stored.id,
    });
    expect(result.labelUrl).toMatch(/^https:\/\/easypost-files\.test\/files\/postage_label\/pl_[0-9a-f]+\.pdf$/);
    expect(result.trackingNumber).toMatch(/^9400\d+$/);
    expect(result.pdf).toBeUndefined();
  });

  it("weighs and sizes Medium and Large parcels in ounces and inches", async () => {
    await provider().buyLabel({ ...input, parcelSize: "Medium" });
    await provider().buyLabel({ ...input, parcelSize: "Large" });
    const parcels = fake.callsTo("create").map((c) => (c.body as { shipment: { parcel: unknown } }).shipment.parcel);
    expect(parcels).toEqual([
      { length: 15, width: 15, height: 15, weight: 40 },
      { length: 20, width: 20, height: 20, weight: 80 },
    ]);
  });

  it("keeps the cost exact to the cent where float arithmetic would not", async () => {
    fake.setRates(() => [
      { carrier: "UPS", service: "Ground", rate: "0.30" },
      { carrier: "USPS", service: "First", rate: "0.29" },
      { carrier: "DHL", service: "Express", rate: "1.10" },
    ]);
    const result = await provider().buyLabel(input);
    expect(result).toMatchObject({ ok: true, carrier: "USPS", costCents: 29 });
    expect(fake.callsTo("buy")).toHaveLength(1);
  });

  it("defaults the reference to order-<id>", async () => {
    await provider().buyLabel({ ...input, orderId: 9001, reference: undefined });
    expect((fake.callsTo("create")[0]!.body as { shipment: { reference: string } }).shipment.reference).toBe("order-9001");
  });

  it("answers a provider error and buys nothing when no carrier rates the parcel", async () => {
    fake.setRates(() => []);
    expect(await provider().buyLabel(input)).toEqual({
      ok: false,
      error: "label-provider-error",
      message: "No shipping rates for this parcel: No rates for this parcel.",
    });
    expect(fake.callsTo("buy")).toHaveLength(0);
  });

  it("maps EasyPost's refusals to a provider error with EasyPost's message", async () => {
    fake.failNext({ on: "create", status: 422, code: "ADDRESS.VERIFY.FAILURE", message: "Unable to verify address." });
    expect(await provider().buyLabel(input)).toEqual({
      ok: false,
      error: "label-provider-error",
      message: "EasyPost could not make the label: Unable to verify address. (ADDRESS.VERIFY.FAILURE)",
    });
    expect(fake.callsTo("buy")).toHaveLength(0);

    fake.failNext({ on: "buy", status: 402, code: "PAYMENT.INSUFFICIENT_FUNDS", message: "Insufficient funds." });
    const result = await provider().buyLabel(input);
    expect(result).toMatchObject({ ok: false, error: "label-provider-error" });
    expect(!result.ok && result.message).toContain("Insufficient funds.");
    expect([...fake.shipments.values()].every((s) => s.postage_label === null)).toBe(true);
  });

  it("refuses a wrong API key without buying anything", async () => {
    const wrong = createEasyPostLabelProvider({ apiKey: "EZTK_wrong", apiUrl: fake.apiUrl });
    const result = await wrong.buyLabel(input);
    expect(result).toMatchObject({ ok: false, error: "label-provider-error" });
    expect(!result.ok && result.message).toContain("This api key is no longer active");
    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]!.authorized).toBe(false);
    expect(fake.shipments.size).toBe(0);
  });

  it("answers a provider error when EasyPost cannot be reached", async () => {
    // A port that was just free: nothing listens there.
    const port = await freePort();
    const offline = createEasyPostLabelProvider({ apiKey: FAKE_EASYPOST_API_KEY, apiUrl: `http://127.0.0.1:${port}/v2/` });
    const result = await offline.buyLabel(input);
    expect(result).toMatchObject({ ok: false, error: "label-provider-error" });
    expect(!result.ok && result.message).toMatch(/^EasyPost could not make the label: .*ECONNREFUSED/);
  });

  it("checks both addresses before calling EasyPost", async () => {
    const result = await provider().buyLabel({ ...input, to: { ...input.to, city: "", country: "" } });
    expect(result).toEqual({ ok: false, error: "incomplete-to-address", message: "The shipping address is missing: city, country." });
    expect(fake.calls).toHaveLength(0);
  });

  it("takes the base URL with or without its trailing slash", async () => {
    const result = await getLabelProvider({ easypostApiKey: FAKE_EASYPOST_API_KEY, easypostApiUrl: `${fake.url}/v2` }).buyLabel(input);
    expect(result.ok).toBe(true);
  });
});

async function freePort() {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe("the fake EasyPost as a process (tests/fakes/easypost-server.ts)", () => {
  let child: ChildProcess;
  let base: string;
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ["--import", "tsx", "tests/fakes/easypost-server.ts", String(port)], { stdio: "ignore" });
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${base}/__fake/health`).then((r) => r.ok, () => false);
      if (up) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error("the fake EasyPost process did not start");
  });
  afterAll(() => {
    child.kill();
  });

  it("serves the API to the SDK, records the calls and fails when told to", async () => {
    const viaProcess = getLabelProvider({ easypostApiKey: FAKE_EASYPOST_API_KEY, easypostApiUrl: `${base}/v2/` });
    expect(await viaProcess.buyLabel(input)).toMatchObject({ ok: true, carrier: "USPS", costCents: 758 });
    const calls = (await (await fetch(`${base}/__fake/calls`)).json()) as { method: string; path: string }[];
    expect(calls.map((c) => c.path.replace(/shp_[0-9a-f]+/, "shp_x"))).toEqual(["/v2/shipments", "/v2/shipments/shp_x/buy"]);

    const told = await fetch(`${base}/__fake/fail`, {
      method: "POST",
      body: JSON.stringify({ on: "buy", status: 402, code: "PAYMENT.INSUFFICIENT_FUNDS", message: "Insufficient funds." }),
    });
    expect(told.status).toBe(200);
    expect(await viaProcess.buyLabel(input)).toMatchObject({ ok: false, error: "label-provider-error" });
    expect((await fetch(`${base}/__fake/reset`, { method: "POST" })).status).toBe(200);
    expect(await (await fetch(`${base}/__fake/calls`)).json()).toEqual([]);
  });
});

describe("dollarsToCents", () => {
  it("parses EasyPost's dollar strings exactly", () => {
    expect(dollarsToCents("7.58")).toBe(758);
    expect(dollarsToCents("0.29")).toBe(29);
    expect(dollarsToCents("1.1")).toBe(110);
    expect(dollarsToCents("12")).toBe(1200);
    expect(dollarsToCents("12.50")).toBe(1250);
    expect(dollarsToCents("4.000")).toBe(400);
    expect(dollarsToCents(" 3.05 ")).toBe(305);
    expect(dollarsToCents("1234567.89")).toBe(123456789);
  });

  it("refuses what is not a plain amount", () => {
    for (const bad of ["", "-1.00", "1.005", "1,50", "$5", "abc", "1e3", null, undefined, {}]) {
      expect(dollarsToCents(bad)).toBeNull();
    }
  });
});
