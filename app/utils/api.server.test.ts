import { describe, expect, it } from "vitest";
import { z } from "zod";

import { apiError, JSON_ONLY_MESSAGE, parseBody, readBody } from "~/utils/api.server";

function jsonRequest(body: string, contentType = "application/json") {
  return new Request("http://localhost/api/test", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body,
  });
}

/** Runs fn, expects it to throw a Response, and returns its status and JSON body. */
async function thrownResponse(fn: () => Promise<unknown>): Promise<{ status: number; body: { error: unknown } }> {
  let thrown: unknown;
  try {
    await fn();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.headers.get("Content-Type")).toContain("application/json");
  return { status: response.status, body: (await response.json()) as { error: unknown } };
}

describe("apiError", () => {
  it("builds a JSON response with the status and error", async () => {
    const response = apiError(404, "Not found", { id: 3 });
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Not found", id: 3 });
  });
});

describe("readBody", () => {
  it("reads a JSON object", async () => {
    expect(await readBody(jsonRequest('{"a":1,"b":"x"}'))).toEqual({ a: 1, b: "x" });
  });

  it("refuses a JSON text without a Content-Type with a 415 { error }", async () => {
    const request = new Request("http://localhost/", { method: "POST", body: '{"a":1}' });
    request.headers.delete("Content-Type");
    const { status, body } = await thrownResponse(() => readBody(request));
    expect(status).toBe(415);
    expect(body.error).toBe(JSON_ONLY_MESSAGE);
  });

  it("refuses text/plain even when it holds valid JSON (a cross-site form can send it)", async () => {
    const { status } = await thrownResponse(() => readBody(jsonRequest('{"a":1}', "text/plain")));
    expect(status).toBe(415);
  });

  it("reads application/json with a charset", async () => {
    expect(await readBody(jsonRequest('{"a":1}', "application/json; charset=utf-8"))).toEqual({ a: 1 });
  });

  it("rejects malformed JSON with a 400 { error }", async () => {
    const { status, body } = await thrownResponse(() => readBody(jsonRequest('{"a":')));
    expect(status).toBe(400);
    expect(typeof body.error).toBe("string");
    expect((body.error as string).length).toBeGreaterThan(0);
  });

  it.each(["[1,2,3]", "[]", "null", "42", '"text"'])("rejects the non-object JSON %s with a 400", async (text) => {
    const { status, body } = await thrownResponse(() => readBody(jsonRequest(text)));
    expect(status).toBe(400);
    expect(typeof body.error).toBe("string");
  });

  it.each(["", "   \n"])("reads an empty body (%j) as {}", async (text) => {
    expect(await readBody(jsonRequest(text))).toEqual({});
    expect(await readBody(new Request("http://localhost/", { method: "POST" }))).toEqual({});
  });

  it("refuses a urlencoded form with a 415", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email: "a@example.com", password: "p w&d=" }).toString(),
    });
    const { status, body } = await thrownResponse(() => readBody(request));
    expect(status).toBe(415);
    expect(body.error).toBe(JSON_ONLY_MESSAGE);
  });

  it("refuses multipart unless the route allows it, then reads its string fields", async () => {
    const multipart = () => {
      const form = new FormData();
      form.set("name", "Jo");
      form.set("file", new Blob(["data"]), "a.txt");
      return new Request("http://localhost/", { method: "POST", body: form });
    };
    expect((await thrownResponse(() => readBody(multipart()))).status).toBe(415);
    expect(await readBody(multipart(), { multipart: true })).toEqual({ name: "Jo" });
  });
});

describe("parseBody", () => {
  const Schema = z.object({ email: z.string().min(1), password: z.string().min(1) });

  it("returns the validated data", async () => {
    expect(await parseBody(jsonRequest('{"email":"a@example.com","password":"x"}'), Schema)).toEqual({
      email: "a@example.com",
      password: "x",
    });
  });

  it("names a missing field in the 400's error", async () => {
    const { status, body } = await thrownResponse(() => parseBody(jsonRequest('{"email":"a@example.com"}'), Schema));
    expect(status).toBe(400);
    expect(typeof body.error).toBe("string");
    expect(body.error).toContain("password");
  });

  it("rejects malformed JSON with a 400 before validating", async () => {
    const { status, body } = await thrownResponse(() => parseBody(jsonRequest("{nope"), Schema));
    expect(status).toBe(400);
    expect(typeof body.error).toBe("string");
  });

  it("refuses urlencoded forms before validating", async () => {
    const request = new Request("http://localhost/", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "password=secret",
    });
    const { status } = await thrownResponse(() => parseBody(request, Schema));
    expect(status).toBe(415);
  });
});
