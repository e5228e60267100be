import { Writable } from "node:stream";

import { describe, expect, it } from "vitest";

import { createLogger, logError, recentErrors } from "~/utils/log.server";
import { bindRequestContext, noteRequestUser, requestContextOf } from "~/utils/request-context.server";

function capture() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, log: createLogger({ level: "info", destination }) };
}

describe("the log", () => {
  it("cuts passwords, tokens, card and bank numbers and personal data out, at any of the first three levels", async () => {
    const { lines, log } = capture();
    log.info(
      {
        password: "hunter2-password",
        token: "tok_abcdefghijklmnop",
        email: "ada@example.test",
        store: { accountNumber: "123456789012", routingNumber: "110000000", name: "Atelier" },
        body: { user: { newPassword: "another-secret", phone: "+1 555 0100" }, headers: { authorization: "Bearer x", cookie: "__session=y" } },
        card: { number: "4242424242424242" },
      },
      "with secrets",
    );
    await new Promise((r) => setImmediate(r));
    const text = JSON.stringify(lines);
    for (const secret of ["hunter2-password", "tok_abcdefghijklmnop", "ada@example.test", "123456789012", "110000000", "another-secret", "+1 555 0100", "Bearer x", "__session=y", "4242424242424242"]) {
      expect(text).not.toContain(secret);
    }
    // What is not secret stays.
    expect(lines[0]).toMatchObject({ level: "info", msg: "with secrets", store: { name: "Atelier", accountNumber: "[redacted]" } });
  });

  it("keeps the id of the request an error line names, for the health screen's list", () => {
    logError({ event: "test", reqId: "0123456789ab" }, "an error for a request");
    logError({ event: "test" }, "an error outside any request");
    const [outside, named] = recentErrors();
    expect(named).toMatchObject({ msg: "an error for a request", reqId: "0123456789ab" });
    expect(outside).toMatchObject({ msg: "an error outside any request", reqId: undefined });
  });

  it("finds a request's context from the objects that stand for it, and notes its user", () => {
    const ctx = { id: "0123456789ab" };
    const request = new Request("http://localhost/");
    const res = {};
    bindRequestContext(request, ctx);
    bindRequestContext(res, ctx);
    noteRequestUser(request, 42);
    expect(requestContextOf(res)).toEqual({ id: "0123456789ab", userId: 42 });
    expect(requestContextOf(new Request("http://localhost/"))).toBeUndefined();
    noteRequestUser(new Request("http://localhost/"), 7);
    expect(ctx).toEqual({ id: "0123456789ab", userId: 42 });
  });
});
