import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { describeBytes, describeUptime, getHealth } from "~/models/admin/health.server";

describe("the health screen's facts", () => {
  it("reads the disk, the database and its WAL, and the outbox of a data folder", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "health-"));
    fs.writeFileSync(path.join(dir, "marketplace.db"), Buffer.alloc(4096));
    fs.writeFileSync(path.join(dir, "marketplace.db-wal"), Buffer.alloc(1024));
    fs.mkdirSync(path.join(dir, "outbox"));
    fs.writeFileSync(path.join(dir, "outbox", "a.json"), "{}");
    fs.writeFileSync(path.join(dir, "outbox", "b.json"), "{}");
    const health = getHealth({ dataDir: dir, version: "9.9.9" });
    expect(health).toMatchObject({ version: "9.9.9", databaseBytes: 4096, walBytes: 1024, outboxMessages: 2, backup: { configured: false } });
    expect(health.disk!.freeBytes).toBeGreaterThan(0);
    expect(health.disk!.totalBytes).toBeGreaterThanOrEqual(health.disk!.freeBytes);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("says sizes and durations in words", () => {
    expect(describeBytes(512)).toBe("512 B");
    expect(describeBytes(4_600_000)).toBe("4.6 MB");
    expect(describeBytes(271_000_000_000)).toBe("271 GB");
    expect(describeUptime(40)).toBe("40 s");
    expect(describeUptime(7_500)).toBe("2 h 5 min");
    expect(describeUptime(3 * 86_400 + 4 * 3600 + 10)).toBe("3 d 4 h");
  });
});
