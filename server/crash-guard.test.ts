import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";

import { afterEach, describe, expect, it } from "vitest";

const fixture = path.join(__dirname, "crash-guard.fixture.ts");

/** Starts the fixture app; resolves with its port, its output so far and its exit code when it exits. */
function start(): Promise<{ port: number; child: ChildProcess; output: () => string; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ["--import", "tsx", fixture], {
    stdio: ["ignore", "pipe", "pipe"],
    // The log is silent under Vitest (NODE_ENV=test); the fixture's must be read.
    env: { ...process.env, LOG_LEVEL: "info", LOG_FORMAT: "json" },
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = /port (\d+)/.exec(output);
      if (m) resolve({ port: Number(m[1]), child, output: () => output, exited });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.once("exit", () => reject(new Error(`fixture exited early:\n${output}`)));
  });
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
});

describe("the crash guard", () => {
  for (const route of ["/throw-later", "/reject-later"]) {
    it(`${route}: logs the stack and the open requests, lets the others finish, answers the unfinished one 500 with its error id, then exits`, async () => {
      const app = await start();
      children.push(app.child);
      const base = `http://127.0.0.1:${app.port}`;
      const slow = fetch(`${base}/slow`);
      await new Promise((r) => setTimeout(r, 50));
      const crashed = await fetch(`${base}${route}`);
      expect(crashed.status).toBe(500);
      const id = crashed.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f]{12}$/);
      expect(await crashed.text()).toContain(`quote this error id: <code>${id}</code>`);
      const other = await slow;
      expect(other.status).toBe(200);
      expect(await other.text()).toBe("slow done");
      expect(await app.exited).toBe(1);
      // One JSON line carries the stack and names the requests open at that moment; one more names the request that
      // was still open when the worker stopped.
      const lines = app
        .output()
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as { event?: string; level: string; reqId?: string; openRequests?: string[]; err?: { stack: string } });
      const crash = lines.find((l) => l.event === "worker-crashed");
      expect(crash).toBeTruthy();
      expect(crash!.openRequests).toContain(id);
      expect(crash!.level).toBe("error");
      expect(crash!.err!.stack).toMatch(/(thrown outside any handler|rejected and never awaited)\n\s+at /);
      expect(lines.filter((l) => l.event === "request-unanswered").map((l) => l.reqId)).toEqual([id]);
      expect(app.output()).toContain("drain: timers stopped");
    });
  }
});
