/**
 * The two VAT number registers on 127.0.0.1 for tests (issue 46, item 1), answering as the real services do:
 * - the EU's VIES REST API under `/vies` (VIES_URL = `${url}/vies`): POST /check-vat-number {countryCode, vatNumber,
 *   requesterMemberStateCode?, requesterNumber?} -> {valid, requestDate, requestIdentifier, name, address, userError};
 * - HMRC's "Check a UK VAT number" v2 under `/hmrc` (HMRC_API_URL = `${url}/hmrc`): POST /oauth/token (client
 *   credentials) and GET /organisations/vat/check-vat-number/lookup/{target}[/{requester}] with the bearer token ->
 *   200 {target: {name, vatNumber, address}, processingDate, consultationNumber?} or 404 NOT_FOUND.
 * Only the numbers in `registered` exist. Each register can be told to be down; every call is recorded.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_HMRC_CLIENT = { id: "fake-hmrc-client", secret: "fake-hmrc-secret" } as const;

export type Registered = { name: string; address: string };

export async function startFakeVatRegisters(registered: Record<string, Registered>, { port = 0 }: { port?: number } = {}) {
  const behaviour = { vies: "up" as "up" | "down" | "ms-unavailable", hmrc: "up" as "up" | "down" };
  const calls: { register: "vies" | "hmrc"; path: string; body: unknown; authorized: boolean }[] = [];
  const tokens = new Set<string>();
  let consultations = 0;
  const json = (res: http.ServerResponse, status: number, payload: unknown) => res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(payload));

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0]!;
      if (path === "/__fake/health") return void res.writeHead(200).end("ok");
      if (path.startsWith("/vies/")) {
        const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
        calls.push({ register: "vies", path, body, authorized: true });
        if (behaviour.vies === "down") return void res.writeHead(503).end();
        const requestDate = new Date().toISOString();
        if (behaviour.vies === "ms-unavailable") return json(res, 200, { countryCode: body.countryCode, vatNumber: body.vatNumber, requestDate, valid: false, userError: "MS_UNAVAILABLE" });
        const found = registered[`${body.countryCode}${body.vatNumber}`];
        // VIES gives a request identifier (the consultation number) only to a requester that names its own number.
        const requestIdentifier = found && body.requesterNumber ? `WAPIAAAAX${String(++consultations).padStart(6, "0")}` : "";
        return json(res, 200, {
          countryCode: body.countryCode,
          vatNumber: body.vatNumber,
          requestDate,
          valid: Boolean(found),
          requestIdentifier,
          name: found?.name ?? "---",
          address: found?.address ?? "---",
          userError: found ? "VALID" : "INVALID",
        });
      }
      if (path === "/hmrc/oauth/token") {
        const form = new URLSearchParams(raw);
        calls.push({ register: "hmrc", path, body: Object.fromEntries(form), authorized: true });
        if (form.get("client_id") !== FAKE_HMRC_CLIENT.id || form.get("client_secret") !== FAKE_HMRC_CLIENT.secret) return json(res, 401, { error: "invalid_client" });
        const token = `token-${tokens.size + 1}`;
        tokens.add(token);
        return json(res, 200, { access_token: token, token_type: "bearer", expires_in: 14400 });
      }
      const lookup = /^\/hmrc\/organisations\/vat\/check-vat-number\/lookup\/(\w+)(?:\/(\w+))?$/.exec(path);
      if (lookup) {
        const authorized = tokens.has((req.headers.authorization ?? "").replace(/^Bearer /, ""));
        calls.push({ register: "hmrc", path, body: null, authorized });
        if (behaviour.hmrc === "down") return void res.writeHead(503).end();
        if (!authorized) return json(res, 401, { code: "MISSING_CREDENTIALS", message: "Authentication information is not provided" });
        const [, target, requester] = lookup;
        if (!/^(\d{9}|\d{12})$/.test(target!)) return json(res, 400, { code: "INVALID_REQUEST", message: "Invalid targetVrn - Vrn parameters should be 9 or 12 digits" });
        const found = registered[`GB${target}`];
        if (!found) return json(res, 404, { code: "NOT_FOUND", message: "targetVrn does not match a registered company" });
        const [line1, ...rest] = found.address.split("\n");
        const postcode = rest.pop() ?? "";
        return json(res, 200, {
          target: { name: found.name, vatNumber: target, address: { line1, ...Object.fromEntries(rest.map((l, i) => [`line${i + 2}`, l])), postcode, countryCode: "GB" } },
          processingDate: new Date().toISOString(),
          ...(requester ? { requester, consultationNumber: `XYZ-${String(++consultations).padStart(3, "0")}-ABC` } : {}),
        });
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    env: { VIES_URL: `${url}/vies`, HMRC_API_URL: `${url}/hmrc`, HMRC_CLIENT_ID: FAKE_HMRC_CLIENT.id, HMRC_CLIENT_SECRET: FAKE_HMRC_CLIENT.secret },
    behaviour,
    calls,
    /** HMRC forgets the tokens it gave (as after they expire or are revoked). */
    forgetTokens: () => tokens.clear(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
