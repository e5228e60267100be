// npm run patterns:reread — reads every stored pattern version's DXF again with the current reader, in the worker
// pool with the upload's limits, and stores the new readings (decision 100). `-- --stale`: only the versions read
// by an older reader (what the server does at start-up). The seller's choice of units is kept; a file that cannot
// be read keeps its stored reading and is listed. Exit code 1 when any version failed.
import { rereadStoredVersions } from "../app/models/patterns/reread.server";
import { patternPool } from "../app/models/patterns/pool.server";
import { getDb } from "../app/utils/db.server";
import { getEnv } from "../app/utils/env.server";

const started = Date.now();
const all = !process.argv.includes("--stale");
const report = await rereadStoredVersions({
  db: getDb(),
  all,
  dataDir: getEnv().DATA_DIR,
  onVersion: (versionId, result) => {
    if (!result.ok) console.error(`version row ${versionId}: ${result.error}: ${result.message} (its stored reading is kept)`);
  },
});
await patternPool().destroy();
console.log(
  `Read ${report.reread} pattern version${report.reread === 1 ? "" : "s"} again in ${Date.now() - started} ms` +
    (report.failed.length ? `; ${report.failed.length} could not be read and keep their stored reading` : ""),
);
for (const f of report.failed) console.log(`  product ${f.productId} version ${f.version} (row ${f.versionId}): ${f.message}`);
process.exitCode = report.failed.length ? 1 : 0;
