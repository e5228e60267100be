import { Writable } from "node:stream";

import { describe, expect, it } from "vitest";

import { createLogger } from "~/utils/log.server";
import { requestContext } from "~/utils/request-context.server";

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

  it("names the request and, once known, the user on every line written while answering it", async () => {
    const { lines, log } = capture();
    log.info({ event: "outside" }, "no request");
    await requestContext.run({ id: "0123456789ab" }, async () => {
      log.info({ event: "before" }, "who is asking is not known yet");
      const ctx = requestContext.getStore()!;
      ctx.userId = 42;
      await new Promise((r) => setTimeout(r, 1));
      log.info({ event: "after" }, "after an await");
    });
    await new Promise((r) => setImmediate(r));
    expect(lines[0]).not.toHaveProperty("reqId");
    expect(lines[1]).toMatchObject({ event: "before", reqId: "0123456789ab" });
    expect(lines[1]).not.toHaveProperty("userId");
    expect(lines[2]).toMatchObject({ event: "after", reqId: "0123456789ab", userId: 42 });
  });
});
