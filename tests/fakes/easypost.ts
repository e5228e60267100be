/**
 * A fake EasyPost API on 127.0.0.1 for tests: the real `@easypost/api` SDK talks to it through its `baseUrl`
 * option (`${fake.url}/v2/`). It knows what the label provider uses: create a shipment (POST /v2/shipments, with
 * rates from three carriers) and buy it (POST /v2/shipments/{id}/buy), plus GET /v2/shipments/{id}. It checks the
 * API key (HTTP basic auth, the key as user name, as the SDK sends it), records every call, and can be told to fail.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_EASYPOST_API_KEY = "EZTK_fake_test_key";

export type FakeRate = {
  id: string;
  object: "Rate";
  mode: "test";
  shipment_id: string;
  carrier: string;
  service: string;
  rate: string;
  currency: "USD";
  retail_rate: string;
  list_rate: string;
  delivery_days: number;
  carrier_account_id: string;
};

export type FakeShipment = {
  id: string;
  object: "Shipment";
  mode: "test";
  reference: string | null;
  status: "unknown" | "pre_transit";
  from_address: Record<string, unknown>;
  to_address: Record<string, unknown>;
  parcel: Record<string, unknown>;
  options: Record<string, unknown>;
  rates: FakeRate[];
  selected_rate: FakeRate | null;
  postage_label: Record<string, unknown> | null;
  tracking_code: string | null;
  messages: { carrier: string; type: string; message: string }[];
  created_at: string;
  updated_at: string;
};

export type FakeCall = { method: string; path: string; body: unknown; authorized: boolean };
export type FakeFailure = { on: "create" | "buy"; status: number; code: string; message: string };

/** A carrier's rate, in dollars as EasyPost writes it, for a parcel weighing `weightOz`. */
export type RateTable = (weightOz: number) => { carrier: string; service: string; rate: string }[];

/** Listed out of price order on purpose: USPS is the cheapest and not the first. */
export const defaultRates: RateTable = (weightOz) => {
  const extra = Math.max(0, Math.ceil(weightOz / 16) - 1); // per pound above the first
  const dollars = (cents: number) => (cents / 100).toFixed(2);
  return [
    { carrier: "UPS", service: "Ground", rate: dollars(912 + 150 * extra) },
    { carrier: "USPS", service: "GroundAdvantage", rate: dollars(758 + 120 * extra) },
    { carrier: "FedEx", service: "FEDEX_GROUND", rate: dollars(1029 + 160 * extra) },
  ];
};

const id = (prefix: string) => `${prefix}_${crypto.randomBytes(16).toString("hex")}`;

export async function startFakeEasyPost({ apiKey = FAKE_EASYPOST_API_KEY, port = 0 }: { apiKey?: string; port?: number } = {}) {
  const shipments = new Map<string, FakeShipment>();
  const calls: FakeCall[] = [];
  const failures: FakeFailure[] = [];
  let rateTable: RateTable = defaultRates;
  const expectedAuth = `Basic ${Buffer.from(`${apiKey}:`).toString("base64")}`;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const method = req.method ?? "";
      const path = (req.url ?? "").split("?")[0]!;
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "Content-Type": "application/json; charset=utf-8", "X-Ep-Request-Uuid": crypto.randomUUID() });
        res.end(JSON.stringify(payload));
      };
      const fail = (status: number, code: string, message: string, errors: unknown[] = []) =>
        send(status, { error: { code, message, errors } });
      let body: unknown = null;
      try {
        body = raw ? JSON.parse(raw) : null;
      } catch {
        return fail(400, "BAD_REQUEST", "The request body is not valid JSON.");
      }
      const authorized = req.headers.authorization === expectedAuth;
      calls.push({ method, path, body, authorized });
      if (!req.headers.authorization) return fail(401, "APIKEY.REQUIRED", "No API key was provided. Please provide a valid API key.");
      if (!authorized) {
        return fail(401, "APIKEY.INACTIVE", "This api key is no longer active. Please use a different api key or reactivate this key.");
      }
      const now = new Date().toISOString();
      const injected = (on: FakeFailure["on"]) => {
        const i = failures.findIndex((f) => f.on === on);
        return i === -1 ? null : failures.splice(i, 1)[0]!;
      };

      if (method === "POST" && path === "/v2/shipments") {
        const failure = injected("create");
        if (failure) return fail(failure.status, failure.code, failure.message);
        const params = ((body as { shipment?: Record<string, unknown> } | null)?.shipment ?? {}) as Record<string, unknown>;
        const to = (params.to_address ?? {}) as Record<string, unknown>;
        const from = (params.from_address ?? {}) as Record<string, unknown>;
        const parcel = (params.parcel ?? {}) as Record<string, unknown>;
        const missing = [
          ...["street1", "city", "zip", "country"].filter((f) => !to[f]).map((f) => `to_address.${f}`),
          ...["street1", "city", "zip", "country"].filter((f) => !from[f]).map((f) => `from_address.${f}`),
          ...["weight"].filter((f) => !(Number(parcel[f]) > 0)).map((f) => `parcel.${f}`),
        ];
        if (missing.length > 0) {
          return fail(
            422,
            "PARAMETER.REQUIRED",
            "Missing required parameter.",
            missing.map((field) => ({ field, message: "cannot be blank" })),
          );
        }
        const shipmentId = id("shp");
        const rates = rateTable(Number(parcel.weight)).map(
          (r): FakeRate => ({
            id: id("rate"),
            object: "Rate",
            mode: "test",
            shipment_id: shipmentId,
            carrier: r.carrier,
            service: r.service,
            rate: r.rate,
            currency: "USD",
            retail_rate: r.rate,
            list_rate: r.rate,
            delivery_days: 3,
            carrier_account_id: `ca_${r.carrier.toLowerCase()}`,
          }),
        );
        const shipment: FakeShipment = {
          id: shipmentId,
          object: "Shipment",
          mode: "test",
          reference: (params.reference as string | undefined) ?? null,
          status: "unknown",
          from_address: { id: id("adr"), object: "Address", ...from },
          to_address: { id: id("adr"), object: "Address", ...to },
          parcel: { id: id("prcl"), object: "Parcel", ...parcel },
          options: (params.options as Record<string, unknown>) ?? {},
          rates,
          selected_rate: null,
          postage_label: null,
          tracking_code: null,
          messages: rates.length ? [] : [{ carrier: "USPS", type: "rate_error", message: "No rates for this parcel." }],
          created_at: now,
          updated_at: now,
        };
        shipments.set(shipmentId, shipment);
        return send(201, shipment);
      }

      const match = path.match(/^\/v2\/shipments\/([^/]+)(\/buy)?$/);
      const shipment = match ? shipments.get(match[1]!) : undefined;
      if (match && !shipment) return fail(404, "NOT_FOUND", "The requested resource could not be found.");
      if (shipment && method === "GET" && !match![2]) return send(200, shipment);
      if (shipment && method === "POST" && match![2]) {
        const failure = injected("buy");
        if (failure) return fail(failure.status, failure.code, failure.message);
        if (shipment.postage_label) return fail(422, "SHIPMENT.POSTAGE.EXISTS", "The shipment already has postage.");
        const rateId = (body as { rate?: { id?: string } } | null)?.rate?.id;
        const rate = shipment.rates.find((r) => r.id === rateId);
        if (!rate) return fail(422, "SHIPMENT.RATE.INVALID", "The rate does not belong to this shipment.");
        const labelId = id("pl");
        const format = String(shipment.options.label_format ?? "PNG").toUpperCase();
        Object.assign(shipment, {
          status: "pre_transit",
          selected_rate: rate,
          tracking_code: `9400${String(Date.now()).slice(-10)}${crypto.randomInt(1e8, 1e9 - 1)}`,
          postage_label: {
            id: labelId,
            object: "PostageLabel",
            label_date: now,
            label_resolution: 300,
            label_size: String(shipment.options.label_size ?? "4x6"),
            label_type: "default",
            label_file_type: format === "PDF" ? "application/pdf" : "image/png",
            label_url: `https://easypost-files.test/files/postage_label/${labelId}.${format === "PDF" ? "pdf" : "png"}`,
            created_at: now,
            updated_at: now,
          },
          updated_at: now,
        });
        return send(200, shipment);
      }
      return fail(404, "NOT_FOUND", `Unrecognized request URL (${method}: ${path})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${address.port}`;

  return {
    url,
    /** What the SDK's baseUrl option takes. */
    apiUrl: `${url}/v2/`,
    port: address.port,
    apiKey,
    shipments,
    calls,
    /** Calls to one endpoint kind, e.g. calls of "buy". */
    callsTo(kind: "create" | "buy") {
      return calls.filter((c) =>
        c.method === "POST" && (kind === "create" ? c.path === "/v2/shipments" : /^\/v2\/shipments\/[^/]+\/buy$/.test(c.path)),
      );
    },
    /** The next call of that kind fails with this EasyPost error. */
    failNext(failure: FakeFailure) {
      failures.push(failure);
    },
    /** Rates from now on (e.g. `() => []` for a parcel no carrier takes). */
    setRates(table: RateTable) {
      rateTable = table;
    },
    reset() {
      shipments.clear();
      calls.length = 0;
      failures.length = 0;
      rateTable = defaultRates;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeEasyPost = Awaited<ReturnType<typeof startFakeEasyPost>>;
