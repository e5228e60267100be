/**
 * The proxy setup of the README's "Deploy on one small server" (issue 22, item 7): Debian's Caddy runs the shipped
 * deploy/Caddyfile, unchanged, in front of the app on loopback, with a certificate from Caddy's own local CA
 * (`local_certs`, the global form of `tls internal`) instead of Let's Encrypt. Through it, over https: a login sets
 * a `Secure` session cookie, HSTS is sent, a post from another site is refused, plain http is sent to https, and a
 * password-recovery mail links to PUBLIC_URL.
 *
 * Caddy comes from Debian's package (`apt-get install -y caddy`, as scripts/test.sh does; CADDY_BIN elsewhere).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";

import { DEMO, expect, type OwnServer, startOwnServer, test, uniqueEmail } from "./fixtures";

const BASE_PORT = Number(process.env.E2E_PORT ?? 4310);
const APP_PORT = BASE_PORT + 33;
const HTTPS_PORT = BASE_PORT + 34;
const HTTP_PORT = BASE_PORT + 35;
const CADDY = process.env.CADDY_BIN ?? "caddy";
const PUBLIC_URL = `https://localhost:${HTTPS_PORT}`;

/**
 * The test's Caddyfile: its own global options (no admin endpoint, a local CA, ports of its own, state in a temporary
 * folder), then deploy/Caddyfile as shipped. DOMAIN and UPSTREAM reach it through the environment, as in production.
 */
function caddyfile(stateDir: string): string {
  const shipped = fs.readFileSync("deploy/Caddyfile", "utf8");
  const globals = [
    "{",
    "\tadmin off",
    "\tlocal_certs",
    "\tskip_install_trust",
    `\thttp_port ${HTTP_PORT}`,
    `\tstorage file_system ${JSON.stringify(path.join(stateDir, "storage"))}`,
    "}",
  ];
  return `${globals.join("\n")}\n\n${shipped}`;
}

/** Resolves once Caddy answers https on its port (its first certificate is issued at start). */
async function caddyReady(caddy: ChildProcess, output: () => string) {
  const started = Date.now();
  while (Date.now() - started < 30_000) {
    if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${output()}`);
    const up = await new Promise<boolean>((resolve) => {
      https
        .get({ host: "127.0.0.1", port: HTTPS_PORT, servername: "localhost", path: "/healthz", rejectUnauthorized: false, timeout: 2_000 }, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on("error", () => resolve(false))
        .on("timeout", function (this: { destroy(): void }) {
          this.destroy();
        });
    });
    if (up) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`caddy did not answer on ${PUBLIC_URL}:\n${output()}`);
}

test("behind Caddy (Debian's package, the shipped Caddyfile, a local CA): Secure cookie, HSTS, cross-site posts refused, http to https, mail links to PUBLIC_URL", async ({ playwright }) => {
  test.setTimeout(120_000);
  const version = spawnSync(CADDY, ["version"], { encoding: "utf8" });
  expect(version.status, `Caddy is not installed (${CADDY}): apt-get install -y caddy, as scripts/test.sh does`).toBe(0);

  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "patternhouse-caddy-"));
  fs.writeFileSync(path.join(stateDir, "Caddyfile"), caddyfile(stateDir));
  let server: OwnServer | null = null;
  let caddy: ChildProcess | null = null;
  let caddyOutput = "";
  try {
    server = await startOwnServer({ port: APP_PORT, seed: "demo", publicUrl: PUBLIC_URL });
    // Caddy's own files (its CA, certificates, autosave) stay in the temporary folder.
    const env = { ...process.env, HOME: stateDir, XDG_DATA_HOME: path.join(stateDir, "data"), XDG_CONFIG_HOME: path.join(stateDir, "config"), DOMAIN: `localhost:${HTTPS_PORT}`, UPSTREAM: `127.0.0.1:${APP_PORT}` };
    caddy = spawn(CADDY, ["run", "--config", path.join(stateDir, "Caddyfile"), "--adapter", "caddyfile"], { env, stdio: ["ignore", "pipe", "pipe"] });
    caddy.stdout!.on("data", (d: Buffer) => (caddyOutput += d.toString()));
    caddy.stderr!.on("data", (d: Buffer) => (caddyOutput += d.toString()));
    await caddyReady(caddy, () => caddyOutput);

    const request = await playwright.request.newContext({ baseURL: PUBLIC_URL, ignoreHTTPSErrors: true });
    try {
      // A login from the site's own page: the session cookie is Secure (the app sees https through X-Forwarded-Proto).
      const login = await request.post("/login", { form: { email: DEMO.buyer.email, password: DEMO.buyer.password, redirectTo: "/" }, headers: { Origin: PUBLIC_URL }, maxRedirects: 0 });
      expect(login.status(), await login.text()).toBe(302);
      const cookie = login.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith("__session="))?.value ?? "";
      expect(cookie).toMatch(/; Secure(;|$)/);
      expect(cookie).toMatch(/; HttpOnly(;|$)/);
      expect(cookie).toMatch(/; SameSite=Lax(;|$)/);

      // HSTS on the pages, and the address the app saw is https (its redirect stays on PUBLIC_URL).
      const home = await request.get("/");
      expect(home.status()).toBe(200);
      expect(home.headers()["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
      // The README's check after deploying: `curl -sI https://DOMAIN/healthz` is 200 with HSTS.
      const healthz = await request.fetch("/healthz", { method: "HEAD" });
      expect(healthz.status()).toBe(200);
      expect(healthz.headers()["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
      const toLogin = await request.get("/profile", { maxRedirects: 0 });
      expect([302, 303]).toContain(toLogin.status());
      const location = toLogin.headers()["location"];
      expect(location.startsWith("/") || location.startsWith(PUBLIC_URL), location).toBe(true);

      // A post from another site, with the session cookie the browser would attach: refused.
      const foreign = await request.post("/settings", { form: { intent: "anything" }, headers: { Origin: "https://evil.example" }, maxRedirects: 0 });
      expect(foreign.status()).toBe(403);
      const foreignApi = await request.post("/api/auth/recovery", { data: { email: DEMO.buyer.email }, headers: { Origin: "https://evil.example" } });
      expect(foreignApi.status()).toBe(403);
      expect(await foreignApi.json()).toHaveProperty("error");

      // Plain http is sent to https.
      const plain = await fetch(`http://localhost:${HTTP_PORT}/store/1?x=1`, { redirect: "manual" });
      expect(plain.status).toBe(308);
      expect(plain.headers.get("location")).toBe(`${PUBLIC_URL}/store/1?x=1`);

      // A recovery mail through the proxy: its link is PUBLIC_URL's, and it opens through the proxy.
      const email = uniqueEmail("caddy");
      const registered = await request.post("/api/auth/register", { data: { email, password: "caddy-pass-12345", firstname: "Cady", lastname: "Proxy" } });
      expect(registered.status(), await registered.text()).toBe(201);
      expect((await request.post("/api/auth/recovery", { data: { email } })).status()).toBe(200);
      const link = await recoveryLink(server.dataDir, email);
      expect(link.startsWith(`${PUBLIC_URL}/reset-password?token=`), link).toBe(true);
      const reset = await request.get(link);
      expect(reset.status()).toBe(200);
      expect(await reset.text()).toContain("password");
    } finally {
      await request.dispose();
    }
  } finally {
    if (caddy && caddy.exitCode === null) {
      const exited = new Promise((r) => caddy!.once("exit", r));
      caddy.kill("SIGTERM");
      await exited;
    }
    await server?.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
});

/** The reset link of the newest mail to `to` in the app's outbox (DATA_DIR/outbox, mail without SMTP_URL). */
async function recoveryLink(dataDir: string, to: string): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  const started = Date.now();
  while (Date.now() - started < 10_000) {
    const names = fs.existsSync(dir) ? fs.readdirSync(dir).filter((n) => n.endsWith(".json")) : [];
    for (const name of names) {
      const mail = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8")) as { to: string; text: string };
      const link = mail.to === to ? /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail.text)?.[0] : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no recovery mail to ${to}`);
}
