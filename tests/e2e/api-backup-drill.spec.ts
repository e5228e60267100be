/**
 * The restore drill (issue 22, decision 101), with a backup folder and with a local S3-compatible server: a server
 * backing up to BACKUP_URL takes paid orders, a seller's uploads and a pattern version; it is killed with `kill -9`
 * (its whole process group: supervisor, worker, Litestream) and its data folder is deleted; `npm run restore` brings
 * it back into an empty folder; the server starts on it and every order acknowledged a few seconds before the kill
 * is there to the cent, with its files, and `npm run backup:verify` passes.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { S3_KEYS, startS3Server } from "../fakes/s3-server";
import { type APIRequestContext, DEMO, DXF, expect, jpeg, png, readDbIn, startOwnServer, test, uniqueEmail } from "./fixtures";

const run = promisify(execFile);
const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
const ADDRESS = { first_name: "Rae", last_name: "Store", street: "9 Vault Rd", street2: "", city: "Austin", state: "TX", zip: "73301", country: "US", phone: "+1 512 555 0199" };
type OrderRow = { id: number; amount_cents: number; fee_cents: number; tax_cents: number; status: string; product_id: number };

const query = readDbIn;

async function npmScript(script: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run("npx", ["tsx", script], { env: { ...process.env, ...env }, timeout: 120_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof e.code === "number" ? e.code : 1, output: `${e.stdout ?? ""}${e.stderr ?? ""}` };
  }
}

/** A buyer with three paid digital patterns, through the JSON API and the local payment page. */
async function buyPatterns(request: APIRequestContext, dataDir: string, origin: string) {
  const email = uniqueEmail("drill-buyer");
  const { token } = await (await request.post("/api/auth/register", { data: { email, password: "drill-buyer-pass-1", firstname: "Rae", lastname: "Store" } })).json();
  const auth = { Authorization: token as string };
  expect((await request.post("/api/user/update-profile", { headers: auth, data: ADDRESS })).status()).toBe(200);
  const products = query<{ id: number; variant_id: number | null }>(
    dataDir,
    `SELECT p.id, (SELECT v.id FROM variants v WHERE v.product_id = p.id ORDER BY v.position LIMIT 1) AS variant_id
       FROM products p WHERE p.type = 'Pattern' AND p.delivery = 'Digital' AND p.removed_at IS NULL AND p.pattern_file IS NOT NULL
      ORDER BY p.id LIMIT 3`,
  );
  expect(products).toHaveLength(3);
  for (const product of products) {
    const checkout = await request.post("/api/user/checkout", { headers: auth, data: { digital_consent: true, items: [{ productId: product.id, variantId: product.variant_id ?? undefined }] } });
    expect(checkout.status(), await checkout.text()).toBe(200);
    const pay = await request.post(new URL((await checkout.json()).url).pathname, { headers: { ...auth, Origin: origin }, form: { intent: "pay" }, maxRedirects: 0 });
    expect(pay.status(), await pay.text()).toBe(302);
  }
  const orders = query<OrderRow>(
    dataDir,
    "SELECT o.id, o.amount_cents, o.fee_cents, o.tax_cents, o.status, o.product_id FROM orders o JOIN users u ON u.id = o.buyer_id WHERE u.email = ? ORDER BY o.id",
    email,
  );
  expect(orders).toHaveLength(3);
  return { auth, orders };
}

/** The demo seller lists a new pattern: a DXF (read into a pattern version), a size chart and two images. */
async function listPattern(request: APIRequestContext) {
  const { token } = await (await request.post("/api/auth/login", { data: DEMO.seller })).json();
  const form = new FormData();
  const product = { name: "Drill wrap top", desc: "Survives a lost disk.", price: 12.5, type: "Pattern", category1: "women", category2: "tops", terms: "Personal use." };
  form.append("product", JSON.stringify(product));
  form.append("delivery", "Digital");
  form.append("pattern", new Blob([new Uint8Array(DXF)], { type: "application/dxf" }), "wrap-top.dxf");
  form.append("sizeChart", new Blob([new Uint8Array(await png("#ffffff"))], { type: "image/png" }), "chart.png");
  form.append("images", new Blob([new Uint8Array(await png("#be185d"))], { type: "image/png" }), "front.png");
  form.append("images", new Blob([new Uint8Array(await jpeg("#9d174d"))], { type: "image/jpeg" }), "back.jpg");
  const created = await request.post("/api/user/update-product", { headers: { Authorization: token }, multipart: form });
  expect(created.status()).toBe(201);
  return (await created.json()).product.id as number;
}

for (const kind of ["file", "s3"] as const) {
  test(`restore drill with ${kind === "file" ? "a backup folder" : "a local S3-compatible server"}: kill -9, data folder deleted, restored, nothing acknowledged is lost`, { tag: "@long" }, async ({ playwright }) => {
    test.setTimeout(240_000);
    const port = BASE_PORT + (kind === "file" ? 23 : 24);
    const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-backup-"));
    const s3 = kind === "s3" ? await startS3Server({ port: BASE_PORT + 25, bucket: "backups" }) : null;
    const backupEnv: Record<string, string> = s3
      ? { BACKUP_URL: "s3://backups/patternhouse", BACKUP_S3_ENDPOINT: s3.endpoint, BACKUP_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId, BACKUP_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey }
      : { BACKUP_URL: `file://${backupDir}` };
    const server = await startOwnServer({ port, seed: "demo", env: backupEnv });
    const dataDir = server.dataDir;
    let restarted: Awaited<ReturnType<typeof startOwnServer>> | null = null;
    const request = await playwright.request.newContext({ baseURL: server.base });
    try {
      const { auth, orders } = await buyPatterns(request, dataDir, server.base);
      const productId = await listPattern(request);
      const productFiles = query<{ name: string }>(
        dataDir,
        `SELECT pattern_file AS name FROM products WHERE id = ?
         UNION SELECT size_chart FROM products WHERE id = ?
         UNION SELECT media FROM product_media WHERE product_id = ?`,
        productId,
        productId,
        productId,
      ).map((r) => r.name);
      expect(productFiles.length).toBe(4);
      const versions = query<{ version: number; data: string }>(dataDir, "SELECT version, data FROM pattern_versions WHERE product_id = ?", productId);
      expect(versions.map((v) => v.version)).toEqual([1]);
      const fileBytes = new Map(productFiles.map((name) => [name, fs.readFileSync(path.join(dataDir, "uploads", name))]));
      const settingsKey = fs.readFileSync(path.join(dataDir, "data-key"));

      // Acknowledged; once /metrics (a loopback client) says both parts were backed up since, within seconds, the
      // machine is lost.
      const acknowledged = Date.now() / 1000;
      let metrics = "";
      const sample = (name: string, part: string) => Number(new RegExp(`^${name}\\{part="${part}"\\} (\\S+)$`, "m").exec(metrics)?.[1]);
      await expect
        .poll(
          async () => {
            metrics = await (await request.get("/metrics")).text();
            // The moment each part last held everything (fractional seconds), after the acknowledgement.
            return ["database", "files"].every((part) => sample("patternhouse_backup_last_success_timestamp_seconds", part) > acknowledged);
          },
          { timeout: 15_000, intervals: [250] },
        )
        .toBe(true);

      // Meanwhile /metrics and the health screen say the backup is seconds behind.
      for (const part of ["database", "files"]) {
        expect(sample("patternhouse_backup_lag_seconds", part), metrics).toBeLessThan(10);
        expect(Math.abs(sample("patternhouse_backup_last_success_timestamp_seconds", part) - Date.now() / 1000), part).toBeLessThan(10);
      }
      const admin = (await (await request.post("/api/auth/login", { data: DEMO.admin })).json()) as { token: string };
      const health = await request.get("/admin/health", { headers: { Authorization: admin.token } });
      expect(health.status()).toBe(200);
      expect(await health.text()).toMatch(/Last backup<\/dt><dd class="text-sm sm:col-span-2 text-slate-900">\d+ s ago \(\d{4}-\d\d-\d\d \d\d:\d\d UTC\)</);
      await server.kill9();
      fs.rmSync(dataDir, { recursive: true, force: true });

      const restored = await npmScript("scripts/restore.ts", { ...backupEnv, DATA_DIR: dataDir });
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toContain("integrity check: ok");
      // Restoring over the folder now in use is refused.
      const again = await npmScript("scripts/restore.ts", { ...backupEnv, DATA_DIR: dataDir });
      expect(again.code).toBe(1);
      expect(again.output).toContain("is not empty");

      expect(fs.readFileSync(path.join(dataDir, "data-key")).equals(settingsKey)).toBe(true);
      for (const [name, bytes] of fileBytes) expect(fs.readFileSync(path.join(dataDir, "uploads", name)).equals(bytes), name).toBe(true);

      restarted = await startOwnServer({ port, seed: "demo", env: backupEnv, dataDir });
      const after = await playwright.request.newContext({ baseURL: restarted.base });
      try {
        // Every order, to the cent, and the buyer's session token still works (the session secret came back too).
        const restoredOrders = query<OrderRow>(
          dataDir,
          `SELECT o.id, o.amount_cents, o.fee_cents, o.tax_cents, o.status, o.product_id FROM orders o WHERE o.id IN (${orders.map(() => "?").join(",")}) ORDER BY o.id`,
          ...orders.map((o) => o.id),
        );
        expect(restoredOrders).toEqual(orders);
        for (const order of orders) {
          const detail = await after.get(`/api/user/get-order/${order.id}`, { headers: auth });
          expect(detail.status()).toBe(200);
          const file = (await detail.json()).items[0].pattern_url as string;
          const download = await after.get(`/api/files/${file}`, { headers: auth });
          expect(download.status(), `order ${order.id}'s pattern file`).toBe(200);
        }
        // The seller's new pattern: its version, and every file served.
        expect(query<{ version: number; data: string }>(dataDir, "SELECT version, data FROM pattern_versions WHERE product_id = ?", productId)).toEqual(versions);
        const page = await after.get(`/product/${productId}`);
        expect(page.status()).toBe(200);
        expect(await page.text()).toContain("Drill wrap top");
      } finally {
        await after.dispose();
      }

      const verified = await npmScript("scripts/backup-verify.ts", backupEnv);
      expect(verified.code, verified.output).toBe(0);
      expect(verified.output).toMatch(/ok: .*integrity ok, \d+ orders, \d+ files/);
    } finally {
      await request.dispose();
      await restarted?.stop();
      await server.stop().catch(() => {});
      await s3?.close();
      fs.rmSync(backupDir, { recursive: true, force: true });
    }
  });
}

test("backup:verify fails with a clear message on a missing backup and on a damaged one", { tag: "@long" }, async () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-nobackup-"));
  try {
    const missing = await npmScript("scripts/backup-verify.ts", { BACKUP_URL: `file://${empty}` });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("FAILED");
    expect(missing.output).toContain("no matching backups found");
    const unset = await npmScript("scripts/backup-verify.ts", { BACKUP_URL: "" });
    expect(unset.code).toBe(1);
    expect(unset.output).toContain("BACKUP_URL is not set");
    // A damaged replica: a generation whose snapshot is not what Litestream wrote.
    const snapshots = path.join(empty, "db", "generations", "0123456789abcdef", "snapshots");
    fs.mkdirSync(snapshots, { recursive: true });
    fs.writeFileSync(path.join(snapshots, "00000000.snapshot.lz4"), Buffer.from("this is not an lz4 snapshot of a database"));
    const damaged = await npmScript("scripts/backup-verify.ts", { BACKUP_URL: `file://${empty}` });
    expect(damaged.code).toBe(1);
    expect(damaged.output).toContain("FAILED");
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
});
