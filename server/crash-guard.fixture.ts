/**
 * A small Express app behind the crash guard, run as its own process by crash-guard.test.ts (an uncaught exception
 * in the test runner's own process would fail the run): /slow answers after 400 ms, /throw-later throws from a
 * timer inside its request, /reject-later rejects a promise nobody awaits.
 */
import express from "express";

import { installCrashGuard } from "./crash-guard";

const guard = installCrashGuard({
  server: () => server,
  onDrain: () => console.log("drain: timers stopped"),
  drainMs: 1_000,
  exit: (code) => {
    console.log(`exit ${code}`);
    process.exit(code);
  },
});
const app = express();
app.use(guard.track);
app.get("/ok", (_req, res) => {
  res.send("ok");
});
app.get("/slow", (_req, res) => {
  setTimeout(() => res.send("slow done"), 400);
});
app.get("/throw-later", () => {
  setTimeout(() => {
    throw new Error("thrown outside any handler");
  }, 10);
});
app.get("/reject-later", () => {
  setTimeout(() => void Promise.reject(new Error("rejected and never awaited")), 10);
});
const server = app.listen(0, "127.0.0.1", () => {
  const address = server.address();
  console.log(`port ${typeof address === "object" && address ? address.port : 0}`);
});
