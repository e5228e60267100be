/**
 * `npm run restore [-- --force]`: brings the database, the uploads and the generated keys back from BACKUP_URL into
 * DATA_DIR (default ./data), which must be empty unless --force (decision 101). Then `npm start` serves them.
 */
import path from "node:path";

import { backupTarget } from "../server/backup";
import { restoreBackup, RestoreError } from "../server/restore";

const force = process.argv.includes("--force");
const dataDir = path.resolve(process.env.DATA_DIR?.trim() || "./data");
try {
  const target = backupTarget();
  if (!target) throw new RestoreError("BACKUP_URL is not set: say where the backup is (file:///folder or s3://bucket/prefix).");
  console.log(`[restore] restoring ${target.url} into ${dataDir}`);
  const report = await restoreBackup({ target, dataDir, force });
  console.log(`[restore] integrity check: ${report.integrity}; ${report.orders} orders; ${report.files} files; keys: ${report.keys.join(", ") || "none"}`);
  if (report.missingFiles.length) console.log(`[restore] ${report.missingFiles.length} files recorded in the database are not in the backup: ${report.missingFiles.slice(0, 10).join(", ")}`);
  console.log("[restore] done: start the server with `npm start` (same DATA_DIR).");
} catch (error) {
  console.error(`[restore] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
