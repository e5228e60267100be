import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { configuredOrigin, createOutboxMailer, createSmtpMailer } from "~/utils/mail.server";

describe("createOutboxMailer", () => {
  let dir: string;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "outbox-test-"));
  });

  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("writes each message as a JSON file in the directory", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const outbox = path.join(dir, "outbox");
      const mailer = createOutboxMailer({ dir: outbox, from: "Patternhouse <no-reply@patternhouse.test>" });
      await mailer.send({ to: "gina@example.com", subject: "Reset your password", text: "Follow the link" });
      await mailer.send({ to: "hank@example.com", subject: "Second", text: "Another" });

      const names = (await fs.readdir(outbox)).sort();
      expect(names).toHaveLength(2);
      expect(names.every((n) => n.endsWith(".json"))).toBe(true);
      const messages = await Promise.all(
        names.map(async (n) => JSON.parse(await fs.readFile(path.join(outbox, n), "utf8"))),
      );
      const first = messages.find((m) => m.to === "gina@example.com");
      expect(first).toMatchObject({
        to: "gina@example.com",
        subject: "Reset your password",
        text: "Follow the link",
        from: "Patternhouse <no-reply@patternhouse.test>",
      });
      expect(typeof first.date).toBe("string");
      expect(messages.some((m) => m.to === "hank@example.com")).toBe(true);
    } finally {
      log.mockRestore();
    }
  });
});

describe("createSmtpMailer", () => {
  const received: { raw: string; rcpt: string[]; from: string | undefined }[] = [];
  let server: SMTPServer;
  let port: number;

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push({
            raw: Buffer.concat(chunks).toString("utf8"),
            rcpt: session.envelope.rcptTo.map((r) => r.address),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          });
          callback();
        });
        stream.on("error", callback);
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(0, "127.0.0.1", () => resolve());
    });
    port = (server.server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it("delivers through a real SMTP server", async () => {
    const log = vi.spyOn(console, "log").mockImplementation(() => {});
    try {
      const mailer = createSmtpMailer({
        url: `smtp://127.0.0.1:${port}`,
        from: "Patternhouse <no-reply@patternhouse.test>",
      });
      await mailer.send({ to: "ivy@example.com", subject: "Welcome to Patternhouse", text: "Hello Ivy" });
    } finally {
      log.mockRestore();
    }

    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message.rcpt).toEqual(["ivy@example.com"]);
    expect(message.from).toBe("no-reply@patternhouse.test");
    expect(message.raw).toMatch(/^Subject: Welcome to Patternhouse\r?$/m);
    expect(message.raw).toMatch(/^To: ivy@example\.com\r?$/m);
    expect(message.raw).toContain("Hello Ivy");
  });
});

describe("configuredOrigin (links in emails)", () => {
  it("is PUBLIC_URL's origin when set", () => {
    expect(configuredOrigin({ PUBLIC_URL: "https://shop.example/", PORT: 3000 })).toBe("https://shop.example");
    expect(configuredOrigin({ PUBLIC_URL: "https://shop.example:8443/x", PORT: 3000 })).toBe("https://shop.example:8443");
  });

  it("is http://localhost:PORT when PUBLIC_URL is unset, whatever the request said", () => {
    expect(configuredOrigin({ PUBLIC_URL: undefined, PORT: 4123 })).toBe("http://localhost:4123");
  });
});
