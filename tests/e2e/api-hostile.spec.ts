/**
 * No file or body can take the marketplace down (issue 18, decision 090): the hostile corpus posted to a running
 * server, which refuses each with a 400 naming the problem, stores nothing, leaves no temp file and keeps answering
 * other requests while it does. The server is this spec's own (own-server.ts): its temp folder and its load are
 * this spec's alone.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

import {
  bigDxf,
  binaryDxf,
  insertFanOut,
  onlyText,
  polylineWithoutVertices,
  selfInsertingBlock,
  square,
  vertexOf,
} from "../fixtures/hostile-dxf";
import { type APIRequestContext, countRowsIn, createSeller as createSharedSeller, expect, type OwnServer, png, sessionCookieFor, startOwnServer, test } from "./fixtures";

// Each case uploads up to 25 MB and watches the server while it does: one at a time, with room on a busy machine.
test.describe.configure({ mode: "serial", timeout: 300_000 });

const PORT = Number(process.env.E2E_PORT ?? 4310) + 8;
test.use({ baseURL: `http://127.0.0.1:${PORT}` });
let own: OwnServer;
test.beforeAll(async () => {
  own = await startOwnServer({ port: PORT });
});
test.afterAll(async () => {
  await own.stop();
});

const createSeller = () => createSharedSeller({ dataDir: own.dataDir });
const tempFiles = () => (fs.existsSync(path.join(own.dataDir, "tmp")) ? fs.readdirSync(path.join(own.dataDir, "tmp")) : []);
/** What a seller has stored: products, files and pattern versions (other tests run beside these, so per seller). */
const stored = (seller: { id: number; storeId: number }) =>
  countRowsIn(
    own.dataDir,
    `SELECT (SELECT COUNT(*) FROM products WHERE store_id = ?) + (SELECT COUNT(*) FROM files WHERE owner_id = ?)
      + (SELECT COUNT(*) FROM pattern_versions v JOIN products p ON p.id = v.product_id WHERE p.store_id = ?) AS n`,
    seller.storeId,
    seller.id,
    seller.storeId,
  );

type Case = { label: string; bytes: Buffer; error: string | RegExp };

const CASES: Case[] = [
  { label: "150-byte POLYLINE without vertices", bytes: Buffer.from(polylineWithoutVertices()), error: "This file is not a readable DXF file: a POLYLINE is followed by LINE" },
  { label: "4 KB of INSERTs fanning out", bytes: Buffer.from(insertFanOut()), error: "This DXF is too large or too complex to read: its blocks expand to more than 200,000 entities" },
  { label: "1 km square", bytes: Buffer.from(square(1_000_000)), error: 'Piece "Piece 1" would be 1,000 m long, and a pattern piece can be at most 5 m.' },
  { label: "coordinate 1e300", bytes: Buffer.from(vertexOf("1e300")), error: "This DXF has a coordinate of 1e300 on line 22" },
  { label: "inf vertex", bytes: Buffer.from(vertexOf("inf")), error: 'This DXF has a number that cannot be drawn: "inf" on line 22.' },
  { label: "NaN vertex", bytes: Buffer.from(vertexOf("NaN")), error: 'This DXF has a number that cannot be drawn: "NaN" on line 22.' },
  { label: "24 MB DXF", bytes: Buffer.from(bigDxf(24)), error: "This DXF is too large or too complex to read: it has more than 150,000 entities" },
  { label: "binary DXF", bytes: binaryDxf(), error: "pattern.dxf is a binary DXF. Export it again as an ASCII (text) DXF." },
  { label: "only TEXT", bytes: Buffer.from(onlyText()), error: "This DXF file has no drawing in it (no entities were found)." },
];

async function productForm(bytes: Buffer) {
  const form = new FormData();
  form.append("product", JSON.stringify({ name: "Hostile", desc: "A file that should be refused.", price: 12, type: "Pattern", category1: "women", category2: "dresses" }));
  form.append("delivery", "Digital");
  form.append("sizeChart", new Blob([new Uint8Array(await png("#ffffff", 120, 80))], { type: "image/png" }), "chart.png");
  form.append("images", new Blob([new Uint8Array(await png("#aa3333"))], { type: "image/png" }), "look.png");
  form.append("pattern", new Blob([new Uint8Array(bytes)], { type: "application/dxf" }), "pattern.dxf");
  return form;
}

/** Polls /healthz and / until `done` settles: every answer must be a 200; returns the slowest, for the report. */
async function watch(request: APIRequestContext, done: Promise<unknown>) {
  let settled = false;
  void done.finally(() => (settled = true));
  const answers: { path: string; status: number; ms: number }[] = [];
  while (!settled) {
    for (const p of ["/healthz", "/"]) {
      const started = Date.now();
      const res = await request.get(p);
      answers.push({ path: p, status: res.status(), ms: Date.now() - started });
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return answers;
}

test("each hostile DXF gets a 400 naming the problem at `pattern`, stores nothing, and the site answers meanwhile", { tag: "@long" }, async ({ request }) => {
  const seller = await createSeller();
  for (const c of CASES) {
    const before = stored(seller);
    const upload = request.post("/api/user/update-product", { headers: { Authorization: seller.token }, multipart: await productForm(c.bytes), timeout: 60_000 });
    const answers = await watch(request, upload);
    const res = await upload;
    expect(res.status(), c.label).toBe(400);
    const body = await res.json();
    expect(body.field, c.label).toBe("pattern");
    if (typeof c.error === "string") expect(body.error, c.label).toContain(c.error);
    else expect(body.error, c.label).toMatch(c.error);
    expect(answers.every((a) => a.status === 200), c.label).toBe(true);
    expect(stored(seller), c.label).toBe(before);
    expect(tempFiles(), c.label).toEqual([]);
    const slowest = Math.max(0, ...answers.map((a) => a.ms));
    test.info().annotations.push({ type: "while refusing", description: `${c.label}: ${answers.length} answers, slowest ${slowest} ms` });
  }
});

test("a block that inserts itself is refused at `pattern`, naming the block, and nothing is stored (issue 34 item 3)", async ({ request }) => {
  const seller = await createSeller();
  const before = stored(seller);
  const res = await request.post("/api/user/update-product", { headers: { Authorization: seller.token }, multipart: await productForm(Buffer.from(selfInsertingBlock())) });
  expect(res.status()).toBe(400);
  const body = (await res.json()) as { error: string; field?: string };
  expect(body.field).toBe("pattern");
  expect(body.error).toContain('its block "SELF" inserts itself');
  expect(stored(seller)).toBe(before);
});

test("ten 25 MiB + 1 byte uploads at once: each refused at its field, the server up, no temp file left", { tag: "@long" }, async ({ request }) => {
  const seller = await createSeller();
  const huge = Buffer.alloc(26_214_400 + 1, 48);
  const before = stored(seller);
  const results = await Promise.all(
    Array.from({ length: 10 }, async () => {
      const res = await request.post("/api/user/update-product", { headers: { Authorization: seller.token }, multipart: await productForm(huge), timeout: 90_000 });
      return { status: res.status(), body: await res.json() };
    }),
  );
  for (const r of results) expect(r).toEqual({ status: 400, body: expect.objectContaining({ error: "pattern.dxf is too large. Maximum file size is 25MB.", field: "pattern" }) });
  expect((await request.get("/healthz")).status()).toBe(200);
  expect(stored(seller)).toBe(before);
  expect(tempFiles()).toEqual([]);
});

/** A raw HTTP/1.1 connection, to send bodies slowly, break them off and reuse the connection. */
function connect(baseURL: string) {
  const { hostname, port } = new URL(baseURL);
  const socket = net.connect(Number(port), hostname);
  let received = "";
  socket.on("data", (d) => (received += d.toString("latin1")));
  socket.on("error", () => undefined);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const statuses = () => [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((m) => Number(m[1]));
  const until = async (check: () => boolean, ms = 30_000) => {
    const end = Date.now() + ms;
    while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    return check();
  };
  return { socket, statuses, until, closed, received: () => received };
}

const uploadHead = (host: string, token: string, length: number) =>
  `POST /api/user/update-product HTTP/1.1\r\nHost: ${host}\r\nAuthorization: ${token}\r\nContent-Type: multipart/form-data; boundary=b0undary\r\nContent-Length: ${length}\r\n\r\n` +
  `--b0undary\r\nContent-Disposition: form-data; name="pattern"; filename="slow.dxf"\r\nContent-Type: application/dxf\r\n\r\n`;

test("a slow body does not hold up other requests; an aborted one leaves no temp file", async ({ request, baseURL }) => {
  const seller = await createSeller();
  const host = new URL(baseURL!).host;
  // Slow: 2 KB every 50 ms for 3 s, while other requests are answered.
  const slow = connect(baseURL!);
  slow.socket.write(uploadHead(host, seller.token, 10_000_000));
  const sending = (async () => {
    for (let i = 0; i < 60; i++) {
      slow.socket.write(Buffer.alloc(2048, 48));
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  const answers = await watch(request, sending);
  expect(answers.length).toBeGreaterThan(2);
  expect(answers.every((a) => a.status === 200)).toBe(true);
  slow.socket.destroy();

  // Aborted: half a body, then the connection is gone.
  const earlier = new Set(tempFiles());
  const aborted = connect(baseURL!);
  aborted.socket.write(uploadHead(host, seller.token, 5_000_000));
  aborted.socket.write(Buffer.alloc(1_000_000, 48));
  // The server is writing this body to a temp file of its own when the connection goes.
  await expect.poll(() => tempFiles().some((name) => !earlier.has(name)), { timeout: 10_000 }).toBe(true);
  aborted.socket.destroy();
  await aborted.closed;
  expect((await request.get("/healthz")).status()).toBe(200);
  // The request's temp file is removed once its body fails.
  await expect.poll(tempFiles, { timeout: 10_000 }).toEqual([]);
});

test("an answer sent before the body is read arrives whole, and the kept-alive connection serves the next request", async ({ baseURL }) => {
  const host = new URL(baseURL!).host;
  const length = 30 * 1024 * 1024;
  const c = connect(baseURL!);
  // No Authorization: the server answers 401 without reading the 30 MB that follow.
  c.socket.write(`POST /api/user/update-product HTTP/1.1\r\nHost: ${host}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: ${length}\r\n\r\n`);
  const chunk = Buffer.alloc(64 * 1024, 65);
  for (let sent = 0; sent < length; sent += chunk.length) {
    if (!c.socket.write(chunk)) await new Promise((r) => c.socket.once("drain", r));
  }
  c.socket.write(`GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\n`);
  expect(await c.until(() => c.statuses().length >= 2)).toBe(true);
  expect(c.statuses()).toEqual([401, 200]);
  expect(c.received()).toContain('{"error":"Authentication required"}');
  c.socket.destroy();
});

/**
 * Every route module as a URL (ids as 1, optional segments left out), from the route table that
 * tests/unit/route-table.test.ts keeps equal to what the build serves.
 */
function routeUrls(): string[] {
  type Route = { file: string; path: string | null; index: boolean; parent: string | null };
  const table = JSON.parse(fs.readFileSync(path.join(process.cwd(), "tests/unit/route-table.json"), "utf8")) as Route[];
  const byFile = new Map(table.map((r) => [r.file, r]));
  const fullPath = (route: Route): string[] => {
    const parent = route.parent ? byFile.get(route.parent) : undefined;
    return [...(parent ? fullPath(parent) : []), ...(route.path ?? "").split("/")];
  };
  const urls = new Set<string>();
  for (const route of table) {
    const segments = fullPath(route)
      .filter((s) => s !== "" && !s.endsWith("?"))
      .map((s) => (s === "*" ? "anything" : s.startsWith(":") ? "1" : s));
    urls.add(`/${segments.join("/")}`);
  }
  return [...urls].sort();
}

test("a POST with no body, or a body of a type the route does not read, never gets a 500, on any route", { tag: "@long" }, async ({ request, baseURL }) => {
  const seller = await createSeller();
  const { name, value } = await sessionCookieFor(seller.id, own.dataDir);
  const urls = routeUrls().filter((u) => u !== "/logout");
  expect(urls.length).toBeGreaterThan(90);
  const bodies: { label: string; headers: Record<string, string>; data?: string }[] = [
    { label: "no body", headers: {} },
    { label: "text/plain", headers: { "Content-Type": "text/plain" }, data: "hello" },
    { label: "JSON to a page", headers: { "Content-Type": "application/json" }, data: "{}" },
    { label: "broken multipart", headers: { "Content-Type": "multipart/form-data; boundary=zz" }, data: "--zz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n" },
  ];
  const failures: string[] = [];
  for (const url of [...urls, "/logout"]) {
    for (const b of bodies) {
      const api = url.startsWith("/api/");
      const headers = { ...b.headers, Origin: baseURL!, ...(api ? { Authorization: seller.token } : { Cookie: `${name}=${value}` }) };
      const res = await request.post(url, { headers, data: b.data, maxRedirects: 0 });
      if (res.status() >= 500) failures.push(`${url} (${b.label}): ${res.status()}`);
      if (api && res.status() >= 400) {
        const body = await res.json().catch(() => null);
        if (!body || typeof body.error !== "string") failures.push(`${url} (${b.label}): ${res.status()} without { error }`);
      }
    }
  }
  expect(failures).toEqual([]);
});
