import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, describe, expect, it, vi } from "vitest";

import { writeBackupState } from "~/utils/backup-state.server";
import { measureDataDir, renderMetrics } from "~/utils/metrics.server";

describe("the backup's metrics", () => {
  afterEach(() => vi.unstubAllEnvs());

  it("are the supervisor's state file as last success and lag per part, and absent without BACKUP_URL", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-backup-"));
    try {
      measureDataDir(dir);
      const now = Date.now();
      writeBackupState(dir, { startedAt: now - 100_000, databaseAt: now - 3_000, filesAt: null, updatedAt: now });
      vi.stubEnv("BACKUP_URL", "");
      expect((await renderMetrics()).body).not.toMatch(/^patternhouse_backup_\w+\{/m);

      vi.stubEnv("BACKUP_URL", `file://${dir}/target`);
      const { body } = await renderMetrics();
      expect(body).toContain(`patternhouse_backup_last_success_timestamp_seconds{part="database"} ${(now - 3_000) / 1000}`);
      expect(body).not.toContain('patternhouse_backup_last_success_timestamp_seconds{part="files"}');
      const lag = (part: string) => Number(new RegExp(`^patternhouse_backup_lag_seconds\\{part="${part}"\\} (\\S+)$`, "m").exec(body)?.[1]);
      expect(lag("database")).toBeGreaterThanOrEqual(3);
      expect(lag("database")).toBeLessThan(10);
      // Files never copied yet: behind since the backup started.
      expect(lag("files")).toBeGreaterThanOrEqual(100);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
