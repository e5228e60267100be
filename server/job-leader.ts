/**
 * The periodic jobs run in one process of the whole marketplace (issue 50 item 3, decision 165).
 *
 * On one machine (SQLite) the supervisor already gives them to one worker (server/cluster.ts): that worker leads at
 * once. On PostgreSQL several machines each have such a worker, so leading also takes a session advisory lock on the
 * primary (`pg_try_advisory_lock`) on a connection of its own, held for as long as the process lives: one process
 * of all holds it; the others try again every `retryMs`. When the leader dies, or loses its connection (a network
 * cut, a failover: the lock lived on the old primary), its lock is gone with the session, it stops leading, and
 * another process (or itself, reconnected to the new primary) takes over within `retryMs`. A job checks `leads()`
 * before each run. The migrations have their own lock (db/client.pg.ts).
 */
import pg from "pg";

import { primaryUrl } from "../db/pg-primary";

/** The advisory lock's key: any fixed number, the same in every process, other than the migrations'. */
export const JOBS_LOCK = 4_901_581;

export type JobLeadership = {
  /** Whether this process runs the periodic jobs now. */
  leads(): boolean;
  /** Gives the lead up (at shutdown): the lock is released with the connection. */
  stop(): Promise<void>;
};

export type LeadOptions = {
  /** PostgreSQL's URL (DATABASE_URL, one host or several): unset, the process leads at once (SQLite, one machine). */
  databaseUrl?: string;
  /** Called each time this process becomes the leader: the jobs that run at start. */
  onLead?: () => void;
  /** Called when it stops leading without being told to (its connection was lost). */
  onLost?: (error: Error) => void;
  retryMs?: number;
};

export function leadJobs(options: LeadOptions): JobLeadership {
  if (!options.databaseUrl) {
    options.onLead?.();
    return { leads: () => true, stop: async () => undefined };
  }
  const url = options.databaseUrl;
  const retryMs = options.retryMs ?? 15_000;
  let client: pg.Client | null = null;
  let leading = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => void attempt(), retryMs);
    timer.unref();
  };

  async function attempt(): Promise<void> {
    timer = null;
    let candidate: pg.Client | null = null;
    try {
      const mine = new pg.Client({ connectionString: await primaryUrl(url), keepAlive: true, application_name: "patternhouse-jobs" });
      candidate = mine;
      const lost = (error: Error) => {
        if (client !== mine) return;
        client = null;
        leading = false;
        mine.end().catch(() => undefined);
        if (!stopped) options.onLost?.(error);
        later();
      };
      mine.on("error", lost);
      mine.on("end", () => lost(new Error("the jobs' database connection ended")));
      await mine.connect();
      const { rows } = await mine.query<{ locked: boolean }>("SELECT pg_try_advisory_lock($1) AS locked", [JOBS_LOCK]);
      if (stopped || !rows[0].locked) {
        await mine.end().catch(() => undefined);
        later();
        return;
      }
      client = mine;
      leading = true;
      options.onLead?.();
    } catch {
      // The primary cannot be reached now (a failover under way): try again later.
      if (candidate && client !== candidate) await candidate.end().catch(() => undefined);
      later();
    }
  }

  void attempt();
  return {
    leads: () => leading,
    async stop() {
      stopped = true;
      leading = false;
      if (timer) clearTimeout(timer);
      const mine = client;
      client = null;
      await mine?.end().catch(() => undefined);
    },
  };
}
