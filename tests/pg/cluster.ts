/**
 * A throwaway PostgreSQL cluster for tests (issue 49, decision 158): `initdb` into a fresh temporary folder, a server
 * on 127.0.0.1 at a free port of its own (its unix socket inside that folder), durability off for speed (fsync,
 * synchronous commit, full-page writes: a crash loses only a test's data), trust authentication on loopback, and
 * stopped (`pg_ctl stop -m immediate`) with its folder removed at the end.
 *
 * The binaries are Debian's `postgresql` (15) at /usr/lib/postgresql/15/bin (PG_BIN overrides); scripts/test.sh
 * installs the package when missing. As root, the server runs as the `postgres` user (PostgreSQL refuses root).
 */
import { execFile, execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import pg from "pg";

import { pgBinDir, pgProgram } from "../../server/pg-bin";
import { freePort } from "../free-port";

export { pgBinDir };

const run = promisify(execFile);

export type PgCluster = {
  /** The superuser's URL of the cluster's `postgres` database. */
  url: string;
  stop(): Promise<void>;
};

/** The server's binaries, or a clear error naming the Debian package that brings them. */
function requireBinaries(): void {
  for (const tool of ["initdb", "pg_ctl", "postgres"]) pgProgram(tool);
}

/** Runs a server binary, as `postgres` when we are root. */
function asServerUser(root: boolean, file: string, args: string[]): [string, string[]] {
  return root ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
}

/** `settings`: more postgresql.conf lines (name -> value), e.g. a larger `max_connections` for a whole test run. */
export async function startPgCluster(options: { settings?: Record<string, string | number> } = {}): Promise<PgCluster> {
  const bin = pgBinDir();
  requireBinaries();
  const root = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-pg-"));
  const data = path.join(dir, "data");
  const socket = path.join(dir, "socket");
  fs.mkdirSync(socket);
  if (root) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
    fs.chownSync(dir, uid, gid);
    fs.chownSync(socket, uid, gid);
  }
  const pgCtl = (args: string[]) => asServerUser(root, path.join(bin, "pg_ctl"), ["-D", data, ...args]);
  let started = false;
  const stopNow = () => {
    if (started) {
      started = false;
      try {
        execFileSync(...pgCtl(["stop", "-m", "immediate", "-w"]), { stdio: "ignore" });
      } catch {
        // Already stopped.
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  // A test process that ends without its afterAll (a crash, a killed run) does not leave a server behind.
  process.once("exit", stopNow);
  try {
    // C locale: text sorts by bytes and lower() folds ASCII only, as SQLite's BINARY collation and lower() do.
    await run(
      ...asServerUser(root, path.join(bin, "initdb"), [
        "-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync", "--no-instructions",
      ]),
    );
    let lastError: unknown;
    // The port is free when picked; another process may take it before the server binds it: pick again.
    for (let attempt = 0; attempt < 3; attempt++) {
      const port = await freePort();
      fs.appendFileSync(
        path.join(data, "postgresql.conf"),
        [
          "",
          "# tests/pg/cluster.ts: loopback only, its own port and socket folder, durability off (a test cluster)",
          "listen_addresses = '127.0.0.1'",
          `port = ${port}`,
          `unix_socket_directories = '${socket}'`,
          "fsync = off",
          "synchronous_commit = off",
          "full_page_writes = off",
          ...Object.entries(options.settings ?? {}).map(([name, value]) => `${name} = ${value}`),
          "",
        ].join("\n"),
      );
      try {
        await run(...pgCtl(["start", "-w", "-t", "60", "-l", path.join(dir, "server.log")]));
        started = true;
        return {
          url: `postgres://postgres@127.0.0.1:${port}/postgres`,
          async stop() {
            process.removeListener("exit", stopNow);
            if (started) {
              started = false;
              await run(...pgCtl(["stop", "-m", "immediate", "-w"]));
            }
            fs.rmSync(dir, { recursive: true, force: true });
          },
        };
      } catch (error) {
        lastError = error;
      }
    }
    const log = fs.existsSync(path.join(dir, "server.log")) ? fs.readFileSync(path.join(dir, "server.log"), "utf8") : "";
    throw new Error(`PostgreSQL did not start: ${String(lastError)}\n${log.slice(-2000)}`);
  } catch (error) {
    process.removeListener("exit", stopNow);
    stopNow();
    throw error;
  }
}

/** A fresh, empty database in the cluster; returns its URL. */
export async function createPgDatabase(clusterUrl: string, name = `test_${randomBytes(6).toString("hex")}`): Promise<string> {
  const client = new pg.Client({ connectionString: clusterUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
  const url = new URL(clusterUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
