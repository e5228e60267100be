/**
 * Promoting the standby (issue 50 item 4, decision 162), for scripts/pg-failover.ts (`npm run db:failover`) and the
 * failover drill. Everything goes through SQL on the standby, so it runs from any machine that reaches it:
 *
 * 1. When the old primary is named and still answers as a primary, stop: two primaries would each take orders the
 *    other never sees (a "split brain"). `force` promotes anyway (the old one must then be fenced by hand).
 * 2. `SELECT pg_promote(true, N)`: the standby finishes replaying what it received and leaves recovery.
 * 3. `ALTER SYSTEM SET synchronous_standby_names = ''` and `pg_reload_conf()`: a promoted standby keeps the setting
 *    it was configured with, and its first commit would wait for a standby of its own that does not exist yet. The
 *    replacement standby (pg_basebackup -R from the new primary) sets it back (docs/deploy-postgres.md).
 * 4. Wait until a commit goes through (`txid_current()` assigns a transaction id, so its commit is written and, with
 *    a synchronous setting left, would wait): the new primary accepts writes.
 */
import pg from "pg";

import { hostUrls, probe } from "../db/pg-primary";

export class FailoverError extends Error {}

export type FailoverReport = { url: string; promotedMs: number; writableMs: number; wasStandby: boolean };

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function promoteStandby({
  standby,
  oldPrimary,
  force = false,
  waitSeconds = 60,
}: {
  standby: string;
  oldPrimary?: string;
  force?: boolean;
  waitSeconds?: number;
}): Promise<FailoverReport> {
  const [url] = hostUrls(standby);
  const started = performance.now();
  if (oldPrimary && !force) {
    for (const old of hostUrls(oldPrimary)) {
      const answer = await probe(old, 2000);
      if (answer.role === "primary") {
        throw new FailoverError(
          `The old primary ${old.replace(/\/\/[^@/]*@/, "//")} still accepts writes: stop it first (pg_ctl stop, or power the machine off), ` +
            "or pass --force when it is fenced off by other means. Promoting now would leave two primaries.",
        );
      }
    }
  }
  const before = await probe(url, 5000);
  if (before.role === "unreachable") throw new FailoverError(`The standby does not answer: ${before.error}`);
  if (before.role === "standby") {
    const promoted = await withClient(url, async (client) => {
      const { rows } = await client.query<{ ok: boolean }>("SELECT pg_promote(true, $1) AS ok", [waitSeconds]);
      return rows[0].ok;
    });
    if (!promoted) throw new FailoverError(`The standby did not finish promotion within ${waitSeconds} s: read its log.`);
  }
  const promotedMs = performance.now() - started;
  await withClient(url, async (client) => {
    await client.query("ALTER SYSTEM SET synchronous_standby_names = ''");
    await client.query("SELECT pg_reload_conf()");
  });
  // The reload reaches each process at its own pace (the checkpointer decides whether commits wait for a standby):
  // try a commit on a fresh connection until one goes through without waiting. A commit whose wait is cancelled by
  // the statement timeout is already committed (an empty transaction, harmless) and says so in a notice.
  const deadline = Date.now() + waitSeconds * 1000;
  for (;;) {
    let waited = false;
    try {
      await withClient(url, async (client) => {
        client.on("notice", (notice) => {
          if (/synchronous replication/i.test(notice.message ?? "")) waited = true;
        });
        await client.query("SET statement_timeout = 1000");
        await client.query("BEGIN");
        await client.query("SELECT txid_current()");
        await client.query("COMMIT");
      });
      if (!waited) break;
    } catch (error) {
      if (Date.now() > deadline) throw new FailoverError(`The new primary does not accept a write: ${(error as Error).message}`);
    }
    if (Date.now() > deadline) throw new FailoverError("The new primary's commits still wait for a synchronous standby: check synchronous_standby_names in its postgresql.conf.");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url, promotedMs, writableMs: performance.now() - started, wasStandby: before.role === "standby" };
}
