/**
 * PostgreSQL's server programs for the scripts that run them (decision 162: base backups, restores; decision 158:
 * the test clusters): where they are, and running them as the `postgres` user when we are root (PostgreSQL refuses
 * to run as root, and a data folder must belong to the user that runs the server).
 */
import { execFile, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** PG_BIN, else Debian's PostgreSQL 15, else the newest other version Debian's `postgresql` brought. */
export function pgBinDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian) ? fs.readdirSync(debian).filter((v) => /^\d+$/.test(v)) : [];
  const version = versions.includes("15") ? "15" : versions.sort((a, b) => Number(b) - Number(a))[0] ?? "15";
  return path.join(debian, version, "bin");
}

/** The path of a server program, or a clear error naming the Debian package that brings it. */
export function pgProgram(tool: string): string {
  const file = path.join(pgBinDir(), tool);
  if (!fs.existsSync(file)) {
    throw new Error(
      `PostgreSQL's ${tool} is not in ${path.dirname(file)}: install Debian's package \`postgresql\` (PostgreSQL 15; ` +
        "`apt-get install postgresql`, which scripts/test.sh does when it is missing), or set PG_BIN to the folder " +
        "of another installation's server binaries.",
    );
  }
  return file;
}

export const isRoot = () => process.getuid?.() === 0;

/** A command line that runs `file` as `postgres` when we are root, else as ourselves. */
export function asServerUser(file: string, args: string[]): [string, string[]] {
  return isRoot() ? ["runuser", ["-u", "postgres", "--", file, ...args]] : [file, args];
}

/** Gives a folder (and all in it) to the `postgres` user when we are root; nothing otherwise. */
export function giveToServerUser(dir: string, { recursive = false } = {}): void {
  if (!isRoot()) return;
  if (recursive) {
    execFileSync("chown", ["-R", "postgres:postgres", dir]);
    return;
  }
  const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }));
  const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }));
  fs.chownSync(dir, uid, gid);
}

/** Runs a server program (as `postgres` when root); its error carries the program's own output. */
export async function runPg(tool: string, args: string[]): Promise<string> {
  try {
    const { stdout } = await run(...asServerUser(pgProgram(tool), args), { maxBuffer: 16 * 1024 * 1024 });
    return stdout;
  } catch (error) {
    const output = `${(error as { stderr?: string }).stderr ?? ""}${(error as { stdout?: string }).stdout ?? ""}`.trim();
    throw new Error(`${tool} ${args.join(" ")} failed: ${output || (error as Error).message}`);
  }
}

/** `pg_ctl stop -m immediate` without waiting on errors: for cleaning up after a test or a failed restore. */
export function stopNowQuietly(dataDir: string): void {
  try {
    execFileSync(...asServerUser(path.join(pgBinDir(), "pg_ctl"), ["-D", dataDir, "stop", "-m", "immediate", "-w"]), { stdio: "ignore" });
  } catch {
    // Not running.
  }
}
