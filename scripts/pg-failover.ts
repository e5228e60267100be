/**
 * `npm run db:failover -- --standby postgres://u@standby:5432/db [--old-primary postgres://u@primary:5432/db] [--force]`:
 * promotes the PostgreSQL standby, clears its synchronous_standby_names, waits until it accepts a write and prints
 * its URL (decision 162; the runbook is docs/deploy-postgres.md). Refuses while the old primary, when named, still
 * accepts writes, unless --force. Exit 1 with a message on failure.
 */
import { FailoverError, promoteStandby } from "../server/pg-failover";

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

const hide = (url: string) => url.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");

try {
  const standby = option("standby") ?? process.env.PG_STANDBY_URL;
  if (!standby) throw new FailoverError("Name the standby to promote: --standby postgres://user@host:port/db (or PG_STANDBY_URL).");
  const oldPrimary = option("old-primary") ?? process.env.PG_OLD_PRIMARY_URL;
  const report = await promoteStandby({ standby, oldPrimary, force: process.argv.includes("--force") });
  console.log(
    `[db:failover] ${report.wasStandby ? "promoted" : "already a primary:"} ${hide(report.url)}; ` +
      `promotion ${Math.round(report.promotedMs)} ms, accepting writes after ${Math.round(report.writableMs)} ms`,
  );
  console.log(report.url);
} catch (error) {
  console.error(`[db:failover] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
