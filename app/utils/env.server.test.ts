import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { parseEnv } from "~/utils/env.server";

let tmp: string;

/** parseEnv with only the given variables (NodeJS.ProcessEnv is augmented to require NODE_ENV). */
function parse(vars: Record<string, string>) {
  return parseEnv(vars as NodeJS.ProcessEnv);
}

beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), "env-test-"));
});

afterEach(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

function errorOf(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    return error as Error;
  }
  throw new Error("expected the call to throw");
}

describe("parseEnv", () => {
  it("applies the defaults", () => {
    const env = parse({ DATA_DIR: tmp });
    expect(env.PORT).toBe(3000);
    expect(env.HOST).toBe("0.0.0.0");
    expect(env.NODE_ENV).toBe("production");
    expect(env.SEED).toBe("demo");
    expect(env.LOGIN_MAX_FAILURES).toBe(5);
    expect(env.LOGIN_MAX_FAILURES_PER_ADDRESS).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.ADMIN_EMAIL).toBeUndefined();
    expect(env.MAIL_FROM).toContain("no-reply@");
  });

  it("reads DATABASE_URL: unset or blank is SQLite, postgres:// is PostgreSQL, anything else stops the start", () => {
    expect(parse({ DATA_DIR: tmp }).DATABASE_URL).toBeUndefined();
    expect(parse({ DATA_DIR: tmp, DATABASE_URL: "  " }).DATABASE_URL).toBeUndefined();
    expect(parse({ DATA_DIR: tmp, DATABASE_URL: "postgres://shop:pw@127.0.0.1:5432/shop" }).DATABASE_URL).toBe(
      "postgres://shop:pw@127.0.0.1:5432/shop",
    );
    expect(parse({ DATA_DIR: tmp, DATABASE_URL: "postgresql://localhost/shop" }).DATABASE_URL).toBe("postgresql://localhost/shop");
    expect(parse({ DATA_DIR: tmp }).DATABASE_POOL_SIZE).toBe(10);
    expect(parse({ DATA_DIR: tmp, DATABASE_POOL_SIZE: "25" }).DATABASE_POOL_SIZE).toBe(25);
    for (const bad of ["mysql://localhost/shop", "./data/marketplace.db", "sqlite:marketplace.db"]) {
      const message = errorOf(() => parse({ DATA_DIR: tmp, DATABASE_URL: bad })).message;
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("postgres://");
    }
    expect(errorOf(() => parse({ DATA_DIR: tmp, DATABASE_POOL_SIZE: "0" })).message).toContain("DATABASE_POOL_SIZE");
  });

  it("reads a DATABASE_URL of several hosts and DATABASE_REPLICA_URL's list, which needs DATABASE_URL (decision 165)", () => {
    const both = "postgres://shop:pw@a.internal:5432,b.internal:5432/shop?target_session_attrs=read-write";
    expect(parse({ DATA_DIR: tmp, DATABASE_URL: both }).DATABASE_URL).toBe(both);
    expect(parse({ DATA_DIR: tmp, DATABASE_URL: both }).DATABASE_REPLICA_URL).toBeUndefined();
    expect(
      parse({ DATA_DIR: tmp, DATABASE_URL: both, DATABASE_REPLICA_URL: "postgres://shop:pw@b.internal:5432/shop, postgres://shop:pw@c.internal/shop" })
        .DATABASE_REPLICA_URL,
    ).toEqual(["postgres://shop:pw@b.internal:5432/shop", "postgres://shop:pw@c.internal/shop"]);
    expect(errorOf(() => parse({ DATA_DIR: tmp, DATABASE_URL: both, DATABASE_REPLICA_URL: "mysql://b/shop" })).message).toContain("DATABASE_REPLICA_URL");
    expect(errorOf(() => parse({ DATA_DIR: tmp, DATABASE_REPLICA_URL: "postgres://b/shop" })).message).toContain("DATABASE_REPLICA_URL: needs DATABASE_URL");
  });

  it("resolves DATA_DIR to an absolute path and creates it", () => {
    const relative = path.relative(process.cwd(), path.join(tmp, "nested", "data"));
    const env = parse({ DATA_DIR: relative });
    expect(path.isAbsolute(env.DATA_DIR)).toBe(true);
    expect(env.DATA_DIR).toBe(path.join(tmp, "nested", "data"));
    expect(fs.statSync(env.DATA_DIR).isDirectory()).toBe(true);
  });

  it("reads LOGIN_MAX_FAILURES_PER_ADDRESS and refuses a non-number", () => {
    expect(parse({ DATA_DIR: tmp, LOGIN_MAX_FAILURES_PER_ADDRESS: "400" }).LOGIN_MAX_FAILURES_PER_ADDRESS).toBe(400);
    expect(errorOf(() => parse({ DATA_DIR: tmp, LOGIN_MAX_FAILURES_PER_ADDRESS: "lots" })).message).toContain(
      "LOGIN_MAX_FAILURES_PER_ADDRESS",
    );
  });

  it("coerces PORT", () => {
    expect(parse({ DATA_DIR: tmp, PORT: "8080" }).PORT).toBe(8080);
  });

  it.each(["abc", "0", "70000", "3.5"])("rejects PORT=%s with a message naming PORT", (port) => {
    const error = errorOf(() => parse({ DATA_DIR: tmp, PORT: port }));
    expect(error.message).toContain("PORT");
  });

  it("rejects a bad SMTP_URL, naming it", () => {
    const error = errorOf(() => parse({ DATA_DIR: tmp, SMTP_URL: "not a url" }));
    expect(error.message).toContain("SMTP_URL");
  });

  it("treats an empty SMTP_URL as unset", () => {
    expect(parse({ DATA_DIR: tmp, SMTP_URL: "  " }).SMTP_URL).toBeUndefined();
  });

  it("requires ADMIN_PASSWORD when ADMIN_EMAIL is set", () => {
    const error = errorOf(() => parse({ DATA_DIR: tmp, ADMIN_EMAIL: "admin@example.com" }));
    expect(error.message).toContain("ADMIN_PASSWORD");
    const env = parse({ DATA_DIR: tmp, ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "long-enough" });
    expect(env.ADMIN_EMAIL).toBe("admin@example.com");
    expect(env.ADMIN_PASSWORD).toBe("long-enough");
  });

  it("generates SESSION_SECRET, persists it in DATA_DIR/session-secret and reuses it", () => {
    const first = parse({ DATA_DIR: tmp });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    const file = path.join(tmp, "session-secret");
    expect(fs.readFileSync(file, "utf8").trim()).toBe(first.SESSION_SECRET);
    if (process.platform !== "win32") expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const second = parse({ DATA_DIR: tmp });
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);

    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "env-test-other-"));
    try {
      expect(parse({ DATA_DIR: otherDir }).SESSION_SECRET).not.toBe(first.SESSION_SECRET);
    } finally {
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });

  it("uses an explicit SESSION_SECRET as is and writes no file", () => {
    const secret = "an-explicit-secret-of-enough-length";
    const env = parse({ DATA_DIR: tmp, SESSION_SECRET: secret });
    expect(env.SESSION_SECRET).toBe(secret);
    expect(fs.existsSync(path.join(tmp, "session-secret"))).toBe(false);
  });
});
