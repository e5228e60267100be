import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { z } from "zod";

import { hostUrls } from "../../db/pg-primary";
import { engineOf } from "../../db/tables";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

/** An unset or empty variable takes the default. */
const blankAsUnset = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(65535).default(3000)),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  /**
   * The database (issue 49, decision 160): unset or blank, SQLite in DATA_DIR (marketplace.db); `postgres://` or
   * `postgresql://` (user, password, host, port, database, `?sslmode=...`), PostgreSQL. One process uses one.
   */
  DATABASE_URL: optionalText.pipe(
    z
      .string()
      .refine(
        (v) => engineOf(v) === "postgres" && postgresUrls(v) !== null,
        "expected postgres://user:password@host:5432/database (PostgreSQL; several hosts, primary first, as postgres://user:password@a:5432,b:5432/database), or unset for SQLite in DATA_DIR",
      )
      .optional(),
  ),
  /**
   * Read replicas (issue 50 item 1, decision 165): one or more `postgres://` URLs, comma-separated, of servers that
   * answer GET requests' reads (hot standbys); with DATABASE_URL only. Unset: every read goes to DATABASE_URL.
   */
  DATABASE_REPLICA_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => postgresUrls(v) !== null, "expected one or more postgres://user:password@host:5432/database, comma-separated")
      .transform((v) => postgresUrls(v)!)
      .optional(),
  ),
  /** Connections each process keeps to PostgreSQL at most (DATABASE_URL); each running transaction holds one. */
  DATABASE_POOL_SIZE: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(1000).default(10)),
  ADMIN_EMAIL: optionalText.pipe(z.string().email().optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(8).optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(16).optional()),
  /** 32-byte key (base64 or hex) for data encrypted at rest; generated once into DATA_DIR/data-key when unset. */
  DATA_KEY: optionalText.pipe(
    z
      .string()
      .refine((v) => decodeKey(v) !== null, "must be 32 bytes as base64 or 64 hex characters")
      .optional(),
  ),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  /** Only for tests: where the stripe SDK sends its requests (a fake Stripe on loopback). */
  STRIPE_API_URL: optionalText.pipe(z.string().url().optional()),
  SMTP_URL: optionalText.pipe(z.string().url().optional()),
  /** Buys carrier labels through EasyPost when set; otherwise the local PDF address label. */
  EASYPOST_API_KEY: optionalText,
  /** Only for tests: the fake EasyPost API the SDK talks to, e.g. http://127.0.0.1:4340/v2/. */
  EASYPOST_API_URL: optionalText.pipe(z.string().url().optional()),
  /** The EU's VIES REST service (decision 123); tests point it at a fake on loopback. */
  VIES_URL: optionalText.pipe(z.string().url().optional()),
  /**
   * HMRC's API for "Check a UK VAT number" (issue 46, item 1): its base URL (tests point it at a fake on loopback)
   * and the application's credentials from the HMRC Developer Hub, for its OAuth client-credentials token.
   */
  HMRC_API_URL: optionalText.pipe(z.string().url().optional()),
  HMRC_CLIENT_ID: optionalText,
  HMRC_CLIENT_SECRET: optionalText,
  MAIL_FROM: z.string().default("Patternhouse <no-reply@patternhouse.local>"),
  PUBLIC_URL: optionalText.pipe(z.string().url().optional()),
  SEED: z.enum(["demo", "none"]).default("demo"),
  /**
   * Cutting layouts of every graded size laid in the background after a design is saved or first shown (decision 130);
   * `off` lays them only when a page or call asks (the test servers: no background work a test did not ask for).
   */
  LAYOUT_WARMING: z.enum(["on", "off"]).default("on"),
  /**
   * CPU seconds of the strip search (decision 155) that lays a graded layout again in the background after it is
   * first computed, shorter where it can (issue 47); 0 turns it off (the test servers: no background work a test did
   * not ask for).
   */
  LAYOUT_IMPROVE_SECONDS: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(60).default(30)),
  /** Compress HTML and JSON in the app; turn off when a reverse proxy in front compresses. */
  HTTP_COMPRESSION: z.enum(["on", "off"]).default("on"),
  /** Seconds a page rendered for a visitor without cookies is reused for others like them; 0 turns it off. */
  HTML_CACHE_SECONDS: z.preprocess(blankAsUnset, z.coerce.number().min(0).max(60).default(2)),
  /** Failed logins allowed per address in the rate-limit window. */
  LOGIN_MAX_FAILURES: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).default(5)),
  /**
   * Failed logins allowed per address over all accounts in a window; unset, ten times LOGIN_MAX_FAILURES. Raise it
   * when many people share one address (an office or school behind one NAT, or a test suite on loopback).
   */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).optional()),
  /**
   * Accounts one address may register in an hour (issue 34, item 7). Raise it when many people sign up from one
   * address (a class behind one NAT, or a test suite on loopback).
   */
  REGISTRATIONS_PER_ADDRESS: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).default(10)),
  /**
   * New cutting layouts one client (an account, else an address) may have computing or waiting at once (issue 34,
   * item 4). Raise it when many visitors share one address (a test suite on loopback).
   */
  LAYOUTS_PER_CLIENT: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(1000).default(2)),
  /**
   * How long a page waits for a cutting layout that must be computed before it says the layout is being prepared
   * (issue 34, item 2): 400 ms, so a page answers within a second whatever a pattern costs. The test servers, whose
   * specs look at layouts on the first view, wait longer.
   */
  LAYOUT_PAGE_WAIT_MS: z.preprocess(blankAsUnset, z.coerce.number().int().min(0).max(600_000).default(400)),
  /** The token a metrics scraper sends (`Authorization: Bearer ...`) for GET /metrics; unset, loopback clients only. */
  METRICS_TOKEN: optionalText.pipe(z.string().min(16, "must be at least 16 characters").optional()),
  /** Minutes a login rate-limit window lasts (failures per address and account). */
  LOGIN_WINDOW_MINUTES: z.preprocess(blankAsUnset, z.coerce.number().int().min(1).max(24 * 60).default(15)),
  /** Uploads and generated files on S3-compatible storage (decision 102): s3://bucket/optional/prefix. */
  FILE_STORE_URL: optionalText.pipe(
    z
      .string()
      .refine((v) => s3Location(v) !== null, "expected s3://bucket/prefix (an S3-compatible bucket and an optional key prefix)")
      .optional(),
  ),
  FILE_STORE_S3_ENDPOINT: optionalText.pipe(z.string().regex(/^https?:\/\/[^/]+/, "expected http(s)://host[:port]").optional()),
  FILE_STORE_S3_REGION: optionalText,
  FILE_STORE_S3_ACCESS_KEY_ID: optionalText,
  FILE_STORE_S3_SECRET_ACCESS_KEY: optionalText,
  BACKUP_S3_ENDPOINT: optionalText,
  BACKUP_S3_REGION: optionalText,
  BACKUP_S3_ACCESS_KEY_ID: optionalText,
  BACKUP_S3_SECRET_ACCESS_KEY: optionalText,
});

/** Where FILE_STORE_URL puts the files: a bucket, a key prefix (no leading or trailing slash) and the client's settings. */
export type FileStoreConfig = {
  bucket: string;
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
};

export type Env = z.infer<typeof EnvSchema> & { SESSION_SECRET: string; DATA_DIR: string; FILE_STORE: FileStoreConfig | null };

/** `s3://bucket/prefix` as bucket and prefix, or null when it is not such a URL. */
function s3Location(raw: string): { bucket: string; prefix: string } | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== "s3:" || !url.hostname || url.search || url.hash) return null;
  return { bucket: url.hostname, prefix: decodeURIComponent(url.pathname).replace(/^\/+|\/+$/g, "") };
}

/** The URLs of a libpq multi-host URL or of a comma-separated list, each a PostgreSQL URL that parses; else null. */
function postgresUrls(value: string): string[] | null {
  try {
    const urls = hostUrls(value);
    return urls.every((url) => engineOf(url) === "postgres" && URL.canParse(url)) ? urls : null;
  } catch {
    return null;
  }
}

/** FILE_STORE_URL and its companions, each FILE_STORE_S3_* falling back to its BACKUP_S3_* twin; null when unset. */
function fileStoreConfig(env: z.infer<typeof EnvSchema>): FileStoreConfig | null {
  const location = env.FILE_STORE_URL ? s3Location(env.FILE_STORE_URL) : null;
  if (!location) return null;
  return {
    ...location,
    endpoint: env.FILE_STORE_S3_ENDPOINT ?? env.BACKUP_S3_ENDPOINT,
    region: env.FILE_STORE_S3_REGION ?? env.BACKUP_S3_REGION ?? "us-east-1",
    accessKeyId: env.FILE_STORE_S3_ACCESS_KEY_ID ?? env.BACKUP_S3_ACCESS_KEY_ID,
    secretAccessKey: env.FILE_STORE_S3_SECRET_ACCESS_KEY ?? env.BACKUP_S3_SECRET_ACCESS_KEY,
  };
}

/** Parses process.env once; a bad variable stops the start with a message that names it. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  if (env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) {
    throw new Error("Invalid environment configuration:\n  ADMIN_PASSWORD: required when ADMIN_EMAIL is set");
  }
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
    throw new Error("Invalid environment configuration:\n  DATABASE_REPLICA_URL: needs DATABASE_URL (the primary); replicas are PostgreSQL's");
  }
  const fileStore = fileStoreConfig(env);
  if (fileStore && Boolean(fileStore.accessKeyId) !== Boolean(fileStore.secretAccessKey)) {
    throw new Error("Invalid environment configuration:\n  FILE_STORE_S3_SECRET_ACCESS_KEY: set both FILE_STORE_S3_ACCESS_KEY_ID and FILE_STORE_S3_SECRET_ACCESS_KEY, or neither");
  }
  const dataDir = path.resolve(env.DATA_DIR);
  fs.mkdirSync(dataDir, { recursive: true });
  return {
    ...env,
    DATA_DIR: dataDir,
    SESSION_SECRET: env.SESSION_SECRET ?? loadOrCreateSecret(dataDir),
    FILE_STORE: fileStore,
  };
}

/** A secret generated on first start and kept in DATA_DIR, so sessions survive restarts. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "session-secret");
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing.length >= 16) return existing;
  } catch {
    // not there yet
  }
  const secret = crypto.randomBytes(32).toString("hex");
  fs.writeFileSync(file, secret + "\n", { mode: 0o600 });
  return secret;
}

/** A 32-byte key written as 64 hex characters or base64; null when it is neither. */
export function decodeKey(value: string): Buffer | null {
  const text = value.trim();
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) {
    const bytes = Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    if (bytes.length === 32) return bytes;
  }
  return null;
}

/** The key for data encrypted at rest: DATA_KEY, or one generated on first use and kept in DATA_DIR. */
export function loadDataKey(env: Pick<Env, "DATA_KEY" | "DATA_DIR"> = getEnv()): Buffer {
  if (env.DATA_KEY) {
    const key = decodeKey(env.DATA_KEY);
    if (key) return key;
  }
  const file = path.join(env.DATA_DIR, "data-key");
  try {
    const key = decodeKey(fs.readFileSync(file, "utf8"));
    if (key) return key;
  } catch {
    // not there yet
  }
  const key = crypto.randomBytes(32);
  try {
    fs.writeFileSync(file, key.toString("hex") + "\n", { mode: 0o600, flag: "wx" });
    return key;
  } catch {
    // another process wrote it first: use theirs
    const theirs = decodeKey(fs.readFileSync(file, "utf8"));
    if (!theirs) throw new Error(`${file} does not hold a 32-byte key`);
    return theirs;
  }
}

declare global {
  var __env: Env | undefined;
}

export function getEnv(): Env {
  globalThis.__env ??= parseEnv();
  return globalThis.__env;
}
