/** apiRoute: the order of the checks every JSON route answers (405, 401/403/404, 400, the work) and domainError. */
import fs from "node:fs";

import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";

import { stores, type User } from "../../db/tables";
import { useTestEnv } from "../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../tests/unit/helpers";
import { apiRoute, domainError } from "~/auth/api-route.server";
import { createSession } from "~/models/accounts/sessions.server";
import { answers } from "~/models/answers";
import type { Db } from "~/utils/db.server";

let db: Db;
beforeAll(() => void useTestEnv());
beforeEach(() => {
  db = createTestDb();
  globalThis.__db = db;
});

async function call(method: string, user?: User, body?: unknown) {
  const headers = new Headers(user ? { Authorization: await createSession({ db, userId: user.id }) } : undefined);
  if (body !== undefined) headers.set("Content-Type", "application/json");
  const request = new Request("http://localhost/api/test/7", { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { request, params: { id: "7" }, context: { cspNonce: "" } };
}

/** Runs a loader or action; a thrown Response is the answer too (Remix sends both). */
async function answer(run: Promise<Response>): Promise<{ status: number; body: unknown }> {
  const response = await run.catch((error: unknown) => {
    if (error instanceof Response) return error;
    throw error;
  });
  return { status: response.status, body: await response.json() };
}

const TABLE = { ...answers(409, { taken: "That one is taken" }), ...answers(404, { gone: "Not here" }) };

const post = apiRoute({ method: "POST", guard: "user", body: z.object({ name: z.string().min(1) }) }, ({ user, body, params }) => {
  if (body.name === "taken") return domainError(TABLE, "taken", { field: "name" });
  return { user: user.id, name: body.name, id: params.id };
});

const adminGet = apiRoute({ method: "GET", guard: "admin" }, ({ user }) => ({ admin: user.id }));
const adminPost = apiRoute({ method: "POST", guard: "admin" }, () => new Response(null, { status: 204 }));
const sellerGet = apiRoute({ method: "GET", guard: "seller" }, ({ store }) => ({ store: store.name }));
const viewerGet = apiRoute({ method: "GET", guard: "viewer" }, ({ user }) => ({ viewer: user?.id ?? null }));
const anyPath = apiRoute({ method: "ANY", guard: "none" }, () => domainError(TABLE, "gone"));
const formPost = apiRoute({ method: "POST", guard: "none", form: { maxFiles: 1 } }, ({ form }) => ({ name: form.fields.get("name") }));

describe("apiRoute, a user's POST path", () => {
  it("answers a GET 405 'Use POST' before asking who calls", async () => {
    expect(await answer(post.loader(await call("GET")))).toEqual({ status: 405, body: { error: "Use POST" } });
  });

  it("answers another method 405 before the guard and the body", async () => {
    expect(await answer(post.action(await call("PUT", undefined, { name: "" })))).toEqual({ status: 405, body: { error: "Method PUT is not allowed here" } });
  });

  it("answers 401 without a token, before reading the body", async () => {
    expect(await answer(post.action(await call("POST", undefined, { name: "" })))).toEqual({ status: 401, body: { error: "Authentication required" } });
  });

  it("answers a body the schema refuses 400 with its first problem", async () => {
    const user = await makeUser(db);
    const { status, body } = await answer(post.action(await call("POST", user, { name: "" })));
    expect(status).toBe(400);
    expect((body as { error: string }).error).toMatch(/^name: /);
  });

  it("gives the work the user, the parsed body and the params, and answers its object as JSON", async () => {
    const user = await makeUser(db);
    expect(await answer(post.action(await call("POST", user, { name: "Dart" })))).toEqual({ status: 200, body: { user: user.id, name: "Dart", id: "7" } });
  });

  it("answers a domain's refusal with its table's status and text", async () => {
    const user = await makeUser(db);
    expect(await answer(post.action(await call("POST", user, { name: "taken" })))).toEqual({ status: 409, body: { error: "That one is taken", field: "name" } });
  });
});

describe("apiRoute, an administrator's path", () => {
  it("answers the other face 401 and 403 before 405", async () => {
    const user = await makeUser(db);
    const admin = await makeUser(db, { role: "admin" });
    expect((await answer(adminGet.action(await call("POST")))).status).toBe(401);
    expect(await answer(adminGet.action(await call("POST", user)))).toEqual({ status: 403, body: { error: "Administrator access required" } });
    expect(await answer(adminGet.action(await call("DELETE", admin)))).toEqual({ status: 405, body: { error: "Use GET" } });
    expect(await answer(adminGet.loader(await call("GET", admin)))).toEqual({ status: 200, body: { admin: admin.id } });
    expect((await answer(adminPost.loader(await call("GET")))).status).toBe(401);
  });

  it("answers a wrong method on the action face 405 before the guard", async () => {
    expect(await answer(adminPost.action(await call("PATCH")))).toEqual({ status: 405, body: { error: "Method PATCH is not allowed here" } });
    const admin = await makeUser(db, { role: "admin" });
    expect((await adminPost.action(await call("POST", admin))).status).toBe(204);
  });
});

describe("apiRoute, the other guards", () => {
  it("seller: 404 'Please setup your store first' without a store, the store with one", async () => {
    const user = await makeUser(db);
    expect(await answer(sellerGet.loader(await call("GET", user)))).toEqual({ status: 404, body: { error: "Please setup your store first" } });
    await db.insert(stores).values({ userId: user.id, name: "Dart Loft" });
    expect(await answer(sellerGet.loader(await call("GET", user)))).toEqual({ status: 200, body: { store: "Dart Loft" } });
  });

  it("viewer: anyone, with the token's user when there is one; 405 without a guard on the other face", async () => {
    const user = await makeUser(db);
    expect((await answer(viewerGet.loader(await call("GET")))).body).toEqual({ viewer: null });
    expect((await answer(viewerGet.loader(await call("GET", user)))).body).toEqual({ viewer: user.id });
    expect(await answer(viewerGet.action(await call("POST")))).toEqual({ status: 405, body: { error: "Use GET" } });
  });

  it("ANY: every method does the work", async () => {
    expect(await answer(anyPath.loader(await call("GET")))).toEqual({ status: 404, body: { error: "Not here" } });
    expect(await answer(anyPath.action(await call("DELETE")))).toEqual({ status: 404, body: { error: "Not here" } });
  });

  it("form: the uploaded files are removed after the work, also when it throws", async () => {
    let kept = "";
    const failing = apiRoute({ method: "POST", guard: "none", form: { maxFiles: 1 } }, ({ form }) => {
      kept = form.files[0]!.path;
      expect(fs.existsSync(kept)).toBe(true);
      throw new Error("the work failed");
    });
    const body = new FormData();
    body.append("file", new File(["%PDF-1.4 test"], "a.pdf", { type: "application/pdf" }));
    const request = new Request("http://localhost/api/test", { method: "POST", body });
    await expect(failing.action({ request, params: {}, context: { cspNonce: "" } })).rejects.toThrow("the work failed");
    expect(kept).not.toBe("");
    expect(fs.existsSync(kept)).toBe(false);
  });

  it("form: a JSON body read as the form's fields", async () => {
    expect(await answer(formPost.action(await call("POST", undefined, { name: "Dart" })))).toEqual({ status: 200, body: { name: "Dart" } });
  });
});
