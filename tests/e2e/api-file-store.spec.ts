/**
 * Files on S3-compatible storage (issue 22 item 2, decision 102): a server of its own with FILE_STORE_URL on a local
 * s3rver takes a seller's pattern and images; the objects are in the bucket; its DATA_DIR uploads are deleted; every
 * file downloads again through the app with the same bytes and headers.
 */
import fs from "node:fs";
import path from "node:path";

import Database from "better-sqlite3";

import { S3_KEYS, startS3Server } from "../fakes/s3-server";
import { DEMO, DXF, expect, png, startOwnServer, test } from "./fixtures";

const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
const HEADERS = ["content-type", "content-disposition", "cache-control", "etag", "content-length"];

test("uploads live in the bucket and are served again from an emptied data folder", async ({ playwright }) => {
  test.setTimeout(180_000);
  const s3 = await startS3Server({ port: BASE_PORT + 32, bucket: "files" });
  const env = { FILE_STORE_URL: "s3://files/shop", FILE_STORE_S3_ENDPOINT: s3.endpoint, FILE_STORE_S3_ACCESS_KEY_ID: S3_KEYS.accessKeyId, FILE_STORE_S3_SECRET_ACCESS_KEY: S3_KEYS.secretAccessKey };
  const server = await startOwnServer({ port: BASE_PORT + 30, seed: "demo", env });
  const request = await playwright.request.newContext({ baseURL: server.base });
  try {
    const { token } = await (await request.post("/api/auth/login", { data: DEMO.seller })).json();
    const auth = { Authorization: token as string };
    const form = new FormData();
    form.append("product", JSON.stringify({ name: "Bucket blouse", desc: "Kept in S3.", price: 9.5, type: "Pattern", category1: "women", category2: "tops", terms: "Personal use." }));
    form.append("delivery", "Digital");
    form.append("pattern", new Blob([new Uint8Array(DXF)], { type: "application/dxf" }), "blouse.dxf");
    form.append("sizeChart", new Blob([new Uint8Array(await png("#ffffff"))], { type: "image/png" }), "chart.png");
    form.append("images", new Blob([new Uint8Array(await png("#be185d"))], { type: "image/png" }), "front.png");
    const created = await request.post("/api/user/update-product", { headers: auth, multipart: form });
    expect(created.status(), await created.text()).toBe(201);
    const productId = (await created.json()).product.id as number;
    const db = new Database(path.join(server.dataDir, "marketplace.db"), { readonly: true });
    const names = db
      .prepare("SELECT pattern_file AS name FROM products WHERE id = ? UNION SELECT size_chart FROM products WHERE id = ? UNION SELECT media FROM product_media WHERE product_id = ?")
      .all(productId, productId, productId)
      .map((r) => (r as { name: string }).name);
    const patternName = (db.prepare("SELECT pattern_file AS name FROM products WHERE id = ?").get(productId) as { name: string }).name;
    db.close();
    expect(names).toHaveLength(3);
    const before = new Map<string, { body: Buffer; headers: Record<string, string> }>();
    for (const name of names) {
      expect(fs.existsSync(path.join(s3.directory, "files", "shop", "uploads", `${name}._S3rver_object`)), name).toBe(true);
      const answer = await request.get(`/api/files/${name}`, { headers: auth });
      expect(answer.status()).toBe(200);
      before.set(name, { body: await answer.body(), headers: answer.headers() });
    }

    fs.rmSync(path.join(server.dataDir, "uploads"), { recursive: true, force: true });
    // A stranger asking for the private pattern is refused before anything is fetched from the bucket.
    const stranger = await request.get(`/api/files/${patternName}`, { headers: { Authorization: "" } });
    expect(stranger.status()).toBe(401);
    expect(fs.existsSync(path.join(server.dataDir, "uploads", patternName))).toBe(false);
    for (const name of names) {
      const answer = await request.get(`/api/files/${name}`, { headers: auth });
      expect(answer.status(), name).toBe(200);
      expect((await answer.body()).equals(before.get(name)!.body), name).toBe(true);
      for (const header of HEADERS) expect(answer.headers()[header], `${name} ${header}`).toBe(before.get(name)!.headers[header]);
    }
  } finally {
    await request.dispose();
    await server.stop();
    await s3.close();
  }
});
