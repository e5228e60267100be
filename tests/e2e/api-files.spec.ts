import { addMediaFile, DEMO, expect, queryOne, test } from "./fixtures";

test.describe("GET /api/files/{filename}", () => {
  test("public media: content type, nosniff, ETag, long cache, 304", async ({ request }) => {
    const { media } = queryOne<{ media: string }>("SELECT media FROM product_media ORDER BY id LIMIT 1");
    const res = await request.get(`/api/files/${media}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    expect(res.headers()["cache-control"]).toContain("max-age=31536000");
    const etag = res.headers()["etag"];
    expect(etag).toBeTruthy();
    const again = await request.get(`/api/files/${media}`, { headers: { "If-None-Match": etag! } });
    expect(again.status()).toBe(304);
  });

  test("resized WebP variants for allowed widths only", async ({ request }) => {
    const { media } = queryOne<{ media: string }>("SELECT media FROM product_media ORDER BY id LIMIT 1");
    const original = await request.get(`/api/files/${media}`);
    const small = await request.get(`/api/files/${media}?w=200`);
    expect(small.status()).toBe(200);
    expect(small.headers()["content-type"]).toBe("image/webp");
    expect((await small.body()).length).toBeLessThan((await original.body()).length);
    expect(small.headers()["etag"]).not.toBe(original.headers()["etag"]);
    expect((await request.get(`/api/files/${media}?w=333`)).status()).toBe(400);
  });

  test("malformed, traversing and unknown names are 404", async ({ request }) => {
    for (const name of [
      "..%2F..%2Fetc%2Fpasswd",
      "..%2F..%2F..%2Fetc%2Fpasswd",
      "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "..%5C..%5Cmarketplace.db",
      "marketplace.db",
      "session-secret",
      "..%2Fsession-secret",
      "0123456789abcdef0123456789abcdef.webp",
    ]) {
      const res = await request.get(`/api/files/${name}`);
      expect(res.status(), name).toBe(404);
      expect(await res.json()).toEqual({ error: "File not found" });
    }
  });

  test("video: Range bytes=0-99 gets 206 with 100 bytes; an unsatisfiable range gets 416", async ({ request }) => {
    const name = await addMediaFile({ ext: "mp4", contentType: "video/mp4", bytes: Buffer.alloc(4096, 7) });
    const whole = await request.get(`/api/files/${name}`);
    expect(whole.status()).toBe(200);
    expect(whole.headers()["accept-ranges"]).toBe("bytes");
    const part = await request.get(`/api/files/${name}`, { headers: { Range: "bytes=0-99" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-type"]).toBe("video/mp4");
    expect(part.headers()["content-range"]).toBe("bytes 0-99/4096");
    expect((await part.body()).length).toBe(100);
    const beyond = await request.get(`/api/files/${name}`, { headers: { Range: "bytes=5000-" } });
    expect(beyond.status()).toBe(416);
    expect(beyond.headers()["content-range"]).toBe("bytes */4096");
  });

  test("pattern files are private: 401 for visitors, 403 for other users, attachment for the seller", async ({ request }) => {
    const { pattern_file: name } = queryOne<{ pattern_file: string }>(
      `SELECT p.pattern_file FROM products p JOIN stores s ON s.id = p.store_id JOIN users u ON u.id = s.user_id
       WHERE u.email = ? AND p.pattern_file IS NOT NULL LIMIT 1`,
      DEMO.seller.email,
    );
    expect((await request.get(`/api/files/${name}`)).status()).toBe(401);

    const buyer = (await (await request.post("/api/auth/login", { data: DEMO.buyer })).json()).token as string;
    expect((await request.get(`/api/files/${name}`, { headers: { Authorization: buyer } })).status()).toBe(403);

    const seller = (await (await request.post("/api/auth/login", { data: DEMO.seller })).json()).token as string;
    const res = await request.get(`/api/files/${name}`, { headers: { Authorization: seller } });
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
    expect(res.headers()["content-disposition"]).toMatch(/^attachment; filename="[a-z]+-pattern\.dxf"/);
    expect(await res.text()).toContain("SECTION");

    const admin = (await (await request.post("/api/auth/login", { data: DEMO.admin })).json()).token as string;
    expect((await request.get(`/api/files/${name}`, { headers: { Authorization: admin } })).status()).toBe(200);
  });
});
