/**
 * Cross-site request forgery in a real browser (issue 8, item 1): a page served from a second
 * origin on 127.0.0.1 posts to the app while the user is logged in. 127.0.0.1 on another port is
 * the same *site*, so the SameSite=Lax cookie is sent: only the server's origin check stands in
 * the way. Nothing may change.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { expect, login, queryOne, test, uniqueEmail } from "./fixtures";

let server: http.Server;
let evil: string;
let site: string;

function attackerPage(target: string) {
  const field = (name: string, value: string) => `<input type="hidden" name="${name}" value="${value}">`;
  return `<!doctype html><html lang="en"><head><title>Win a prize</title></head><body><main>
<h1>Win a prize</h1>
<form method="post" action="${target}/settings">
${field("intent", "profile")}${field("first_name", "Mallory")}${field("last_name", "Evil")}${field("street", "1 Evil Way")}
${field("street2", "")}${field("city", "Forgedville")}${field("state", "CA")}${field("zip", "94000")}${field("country", "US")}${field("phone", "+1 555 0100")}
<button>Claim the prize</button>
</form>
<form method="post" action="${target}/logout"><button>Another prize</button></form>
</main></body></html>`;
}

test.beforeAll(async ({ baseURL }) => {
  site = baseURL!;
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(attackerPage(site));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  evil = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function loggedInUser(page: import("@playwright/test").Page) {
  const email = uniqueEmail("victim");
  const password = "victim-pass-1";
  const res = await page.request.post("/api/auth/register", { data: { email, password, firstname: "Vic", lastname: "Tim" } });
  expect(res.status()).toBe(201);
  await login(page, { email, password });
  await expect(page).toHaveURL("/");
  return queryOne<{ id: number }>("SELECT id FROM users WHERE email = ?", email).id;
}

const userRow = (id: number) => queryOne<{ first_name: string; city: string }>("SELECT first_name, city FROM users WHERE id = ?", id);
const browserSessions = (id: number) => queryOne<{ n: number }>("SELECT count(*) AS n FROM sessions WHERE user_id = ?", id).n;

test("a form on another origin cannot change the profile or log the user out", { tag: "@long" }, async ({ page }) => {
  const id = await loggedInUser(page);
  const sessions = browserSessions(id);

  await page.goto(evil);
  await page.getByRole("button", { name: "Claim the prize" }).click();
  await expect(page.getByRole("heading", { name: "Request refused" })).toBeVisible();
  expect(userRow(id)).toEqual({ first_name: "Vic", city: "" });

  await page.goto(evil);
  await page.getByRole("button", { name: "Another prize" }).click();
  await expect(page.getByRole("heading", { name: "Request refused" })).toBeVisible();
  expect(browserSessions(id)).toBe(sessions);

  // Still logged in on the site itself, and the site's own forms still work.
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
});

test("a script on another origin cannot post ?_data= requests with the user's cookie", { tag: "@long" }, async ({ browser }) => {
  // The attacker's page runs its script, so this context has JavaScript on in both projects.
  const context = await browser.newContext({ javaScriptEnabled: true });
  const page = await context.newPage();
  const id = await loggedInUser(page);
  await page.goto(evil);
  await page.evaluate(async (target) => {
    const body = new URLSearchParams({
      intent: "profile",
      first_name: "Mallory",
      last_name: "Evil",
      street: "1 Evil Way",
      city: "Forgedville",
      state: "CA",
      zip: "94000",
      country: "US",
      phone: "+1 555 0100",
    });
    for (const path of ["/settings?_data=routes%2Fsettings", "/settings", "/logout"]) {
      // no-cors: the request is sent with the cookie; the answer is withheld from the attacker
      // (here even blocked by Cross-Origin-Resource-Policy), which does not matter to a forger.
      await fetch(target + path, { method: "POST", body, credentials: "include", mode: "no-cors" }).catch(() => null);
    }
  }, site);
  expect(userRow(id)).toEqual({ first_name: "Vic", city: "" });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Profile", exact: true })).toBeVisible();
  await context.close();
});
