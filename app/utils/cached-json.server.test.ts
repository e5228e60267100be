import { gunzipSync } from "node:zlib";

import { beforeEach, describe, expect, it } from "vitest";

import { platformSettings } from "../../db/tables";
import { useTestEnv } from "../../tests/unit/buying-fixtures";
import { createTestDb } from "../../tests/unit/helpers";
import { cachedJsonResponse } from "~/utils/cached-json.server";
import { isPg } from "~/utils/db.server";

const gzipRequest = () => new Request("http://localhost/api/report", { headers: { "Accept-Encoding": "gzip, deflate" } });
const plainRequest = () => new Request("http://localhost/api/report");

describe("cachedJsonResponse", () => {
  beforeEach(() => {
    useTestEnv();
  });

  it("builds a large answer once until the data changes, gzipped for clients that accept it", async () => {
    const db = createTestDb();
    let builds = 0;
    const report = async () => {
      builds += 1;
      return (await db.select().from(platformSettings)).map((row) => ({ margin: row.marginBp, padding: "x".repeat(2000) }));
    };
    const first = await cachedJsonResponse(gzipRequest(), db, "report", report);
    expect(first.headers.get("Content-Encoding")).toBe("gzip");
    expect(first.headers.get("Vary")).toBe("Accept-Encoding");
    const rows = JSON.parse(gunzipSync(Buffer.from(await first.arrayBuffer())).toString("utf8"));
    expect(rows.length).toBeGreaterThan(0);

    const plain = await cachedJsonResponse(plainRequest(), db, "report", report);
    expect(plain.headers.get("Content-Encoding")).toBeNull();
    expect(await plain.json()).toEqual(rows);
    // PostgreSQL's data version is the cluster's WAL position, which the other tests' databases in the run's shared
    // cluster move at any time (a hit there is tested on a cluster of its own: app/utils/sql-dialect.server.test.ts).
    if (!isPg(db)) expect(builds).toBe(1);

    await db.update(platformSettings).set({ marginBp: rows[0].margin + 1 });
    const before = builds;
    const after = await cachedJsonResponse(plainRequest(), db, "report", report);
    expect(builds).toBe(before + 1);
    expect((await after.json())[0].margin).toBe(rows[0].margin + 1);
  });

  it("leaves compression to a proxy when HTTP_COMPRESSION is off, and keeps keys apart", async () => {
    useTestEnv({ HTTP_COMPRESSION: "off" });
    const db = createTestDb();
    const a = await cachedJsonResponse(gzipRequest(), db, "a", async () => ({ key: "a", pad: "y".repeat(2000) }));
    const b = await cachedJsonResponse(gzipRequest(), db, "b", async () => ({ key: "b", pad: "y".repeat(2000) }));
    expect(a.headers.get("Content-Encoding")).toBeNull();
    expect((await a.json()).key).toBe("a");
    expect((await b.json()).key).toBe("b");
  });
});
