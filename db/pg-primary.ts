/**
 * Finding the primary among several PostgreSQL servers (issue 50, decision 162). libpq takes a `DATABASE_URL` with
 * several hosts, `postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write`, and connects to the first that
 * accepts writes; node-postgres (`pg` 8, `pg-connection-string` 2) does not: such a URL is an "Invalid URL" there.
 * `hostUrls()` splits the libpq form into one URL per host, and `primaryUrl()` asks each, in order, whether it is in
 * recovery: the first that answers `false` is the primary. Made for the app's pool (issue 49 brings the app onto
 * PostgreSQL): find the primary when opening, and again after a connection error, so that after a failover
 * (scripts/pg-failover.ts) it follows the promoted standby. The failover drill's writer does exactly that.
 */
import pg from "pg";

/**
 * One URL per host of a libpq multi-host URL, in its order, each with the same user, password, database and
 * parameters (`target_session_attrs`, which node-postgres would not understand, is left out). A URL with one host
 * comes back as it is; several URLs may also be given comma-separated as full URLs.
 */
export function hostUrls(url: string): string[] {
  const trimmed = url.trim();
  // Full URLs separated by commas: "postgres://a/db,postgres://b/db".
  if (/,\s*postgres(ql)?:\/\//.test(trimmed)) return trimmed.split(/,(?=\s*postgres(?:ql)?:\/\/)/).flatMap((part) => hostUrls(part));
  const match = /^(postgres(?:ql)?:\/\/)([^@/?#]*@)?([^/?#]*)(.*)$/.exec(trimmed);
  if (!match) throw new Error(`Not a PostgreSQL URL: ${trimmed.replace(/\/\/[^@/]*@/, "//***@")}`);
  const [, scheme, auth = "", hosts, rest] = match;
  const [pathPart, query = ""] = rest.split("?", 2);
  const params = new URLSearchParams(query);
  params.delete("target_session_attrs");
  const search = params.toString() ? `?${params.toString()}` : "";
  const list = hosts.split(",").map((h) => h.trim()).filter(Boolean);
  if (list.length === 0) throw new Error("A PostgreSQL URL needs at least one host.");
  return list.map((host) => `${scheme}${auth}${host}${pathPart}${search}`);
}

export type PrimaryProbe = { url: string; role: "primary" | "standby" | "unreachable"; error?: string };

/** Asks one server whether it is in recovery (a standby) or not (the primary), within `timeoutMs`. */
export async function probe(url: string, timeoutMs = 2000): Promise<PrimaryProbe> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs, query_timeout: timeoutMs });
  try {
    await client.connect();
    const { rows } = await client.query<{ recovery: boolean }>("SELECT pg_is_in_recovery() AS recovery");
    return { url, role: rows[0].recovery ? "standby" : "primary" };
  } catch (error) {
    return { url, role: "unreachable", error: (error as Error).message };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * The URL of the server that accepts writes among `urls` (a multi-host URL or a list), trying them in order; throws
 * when none does, naming what each answered. A standby being promoted answers "standby" until it is done.
 */
export async function primaryUrl(urls: string | string[], { timeoutMs = 2000 } = {}): Promise<string> {
  const list = (Array.isArray(urls) ? urls : [urls]).flatMap(hostUrls);
  const answers: PrimaryProbe[] = [];
  for (const url of list) {
    const answer = await probe(url, timeoutMs);
    if (answer.role === "primary") return url;
    answers.push(answer);
  }
  const hidePassword = (u: string) => u.replace(/\/\/([^:@/]*):[^@/]*@/, "//$1:***@");
  throw new Error(`No PostgreSQL primary among ${answers.map((a) => `${hidePassword(a.url)} (${a.role}${a.error ? `: ${a.error}` : ""})`).join(", ")}`);
}

type ConnectCallback = (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void;

/**
 * A `pg.Pool` over several servers (a libpq multi-host URL or a list) that opens its connections on the primary
 * and follows it after a failover: when opening a connection fails (the old primary is gone) or lands on a server in
 * recovery (a standby, or the old primary rebuilt as one), it asks `primaryUrl()` again and opens the connection
 * there. Each new connection is checked once (`pg_is_in_recovery()`, one query per connection, not per checkout).
 * Connections already open to a server that dies fail their query as with any pool; the next checkout follows. While
 * no server is the primary (a promotion under way), checkouts fail at once with primaryUrl()'s message: the request
 * fails, the next one tries again. Drizzle takes it as any pool: `drizzle(new PrimaryPool(url), { schema })`.
 */
export class PrimaryPool extends pg.Pool {
  readonly urls: string[];
  private readonly checked = new WeakSet<pg.PoolClient>();
  private finding: Promise<string> | null = null;

  constructor(urls: string | string[], config: Omit<pg.PoolConfig, "connectionString"> = {}) {
    const list = (Array.isArray(urls) ? urls : [urls]).flatMap(hostUrls);
    super({ ...config, connectionString: list[0] });
    this.urls = list;
  }

  /** The server new connections go to (the first URL until a connection shows it is not the primary). */
  get currentUrl(): string {
    return (this as unknown as { options: pg.PoolConfig }).options.connectionString ?? "";
  }

  private async follow(): Promise<void> {
    // Checkouts failing together ask once.
    this.finding ??= primaryUrl(this.urls).finally(() => {
      this.finding = null;
    });
    (this as unknown as { options: pg.PoolConfig }).options.connectionString = await this.finding;
  }

  private async checkout(): Promise<pg.PoolClient> {
    for (let attempt = 0; ; attempt++) {
      let client: pg.PoolClient;
      try {
        client = await super.connect();
      } catch (error) {
        if (attempt > 0 || this.ending) throw error;
        await this.follow();
        continue;
      }
      if (this.checked.has(client)) return client;
      let standby = false;
      try {
        standby = (await client.query<{ recovery: boolean }>("SELECT pg_is_in_recovery() AS recovery")).rows[0].recovery;
      } catch (error) {
        client.release(error as Error);
        if (attempt > 0) throw error;
        await this.follow();
        continue;
      }
      if (!standby) {
        this.checked.add(client);
        return client;
      }
      client.release(true);
      if (attempt > 0) throw new Error(`${this.currentUrl.replace(/\/\/[^@/]*@/, "//")} is in recovery: no primary to write to.`);
      await this.follow();
    }
  }

  override connect(): Promise<pg.PoolClient>;
  override connect(callback: ConnectCallback): void;
  override connect(callback?: ConnectCallback): Promise<pg.PoolClient> | void {
    const result = this.checkout();
    if (!callback) return result;
    result.then(
      (client) => callback(undefined, client, (release) => client.release(release as Error | boolean | undefined)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
  }
}
