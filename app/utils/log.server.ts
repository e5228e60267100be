/**
 * The structured log (decision 095): one JSON line per request (server/request-log.ts) and per notable event, on
 * stdout (or LOG_FILE), at LOG_LEVEL. The request line carries the request's `reqId` and, once known, its `userId`;
 * a line written for a request names it with `reqId` when the code knows it (loader and action errors, rendering
 * errors, the crash guard: request-context.server.ts says why it is not found implicitly). Secrets and personal data are cut out by key wherever they sit (REDACTED_KEYS) before a line
 * is written. In development (`npm run dev`), or with LOG_FORMAT=pretty, lines are made readable by pino-pretty.
 *
 * Events are logged with an `event` field: `log.info({ event: "payment", orderId, amountCents }, "...")`.
 */
import { createRequire } from "node:module";

import pino, { type DestinationStream, type Logger } from "pino";


/**
 * Keys whose values never reach the log, at the top level and one or two levels down (redact, below):
 * passwords, tokens, cookies, card and bank data, personal addresses.
 */
const REDACTED_KEYS = [
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "token",
  "accessToken",
  "authorization",
  "cookie",
  "set-cookie",
  "accountNumber",
  "routingNumber",
  "iban",
  "card",
  "cardNumber",
  "cvc",
  "email",
  "phone",
  "street",
  "secret",
];
const REDACTED = new Set(REDACTED_KEYS);
const CENSOR = "[redacted]";

/**
 * A line's fields with every REDACTED_KEYS value replaced, at the top level and one or two levels down (objects and
 * arrays; errors are left to pino's serializer). Copies only what it changes. Issue 33: pino's own path redaction
 * (57 paths with wildcards) cost about 120 µs a line, seven times the rest of writing it; this walk costs next to
 * nothing on a request line, which holds no such key.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 2 || value === null || typeof value !== "object" || value instanceof Error) return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, i) => {
      const next = redact(item, depth + 1);
      if (next !== item) (copy ??= [...value])[i] = next;
    });
    return copy ?? value;
  }
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const next = REDACTED.has(key) ? CENSOR : redact(item, depth + 1);
    if (next !== item) (copy ??= { ...(value as Record<string, unknown>) })[key] = next;
  }
  return copy ?? value;
}

export type LogOptions = {
  level?: string;
  format?: "json" | "pretty";
  /** A file to append to instead of stdout. */
  file?: string;
  /** Tests: write here. */
  destination?: DestinationStream;
};

export function createLogger({ level = "info", format = "json", file, destination }: LogOptions = {}): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }), log: (fields) => redact(fields) as Record<string, unknown> },
  };
  if (destination) return pino(options, destination);
  if (format === "pretty" && !file && hasPinoPretty()) {
    return pino({ ...options, transport: { target: "pino-pretty", options: { translateTime: "HH:MM:ss.l", ignore: "pid" } } });
  }
  return pino(options, pino.destination({ dest: file ?? 1, sync: false, mkdir: Boolean(file) }));
}

/** pino-pretty is a development dependency: without it (npm ci --omit=dev), JSON. */
function hasPinoPretty(): boolean {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

function fromEnv(): Logger {
  const env = process.env;
  const format = env.LOG_FORMAT === "pretty" || (env.LOG_FORMAT !== "json" && env.NODE_ENV === "development") ? "pretty" : "json";
  const level = env.LOG_LEVEL || (env.NODE_ENV === "test" ? "silent" : "info");
  if (!(level in pino.levels.values) && level !== "silent") {
    throw new Error(
      `Invalid environment configuration:\n  LOG_LEVEL: expected one of ${Object.keys(pino.levels.values).join(", ")} or silent, got "${level}"`,
    );
  }
  return createLogger({ level, format, file: env.LOG_FILE || undefined });
}

// One logger for both bundles of the server (see request-context.server.ts).
const KEY = Symbol.for("patternhouse.log");
type Holder = { [KEY]?: Logger };

/** The process's logger. */
export const log: Logger = ((globalThis as Holder)[KEY] ??= fromEnv());

/** The last errors logged by this process (newest first), for the administrator's health screen. */
export function recentErrors(): { time: string; msg: string; reqId?: string }[] {
  return errorRing.slice().reverse();
}
const RING = Symbol.for("patternhouse.log.errors");
type RingHolder = { [RING]?: { time: string; msg: string; reqId?: string }[] };
const errorRing = ((globalThis as RingHolder)[RING] ??= []);

/** Logs an error (with its stack under `err`) and keeps it for the health screen. */
export function logError(fields: Record<string, unknown>, msg: string, error?: unknown) {
  log.error(error === undefined ? fields : { ...fields, err: error }, msg);
  errorRing.push({ time: new Date().toISOString(), msg, reqId: typeof fields.reqId === "string" ? fields.reqId : undefined });
  if (errorRing.length > 20) errorRing.shift();
}
