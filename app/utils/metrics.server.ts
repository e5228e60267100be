/**
 * Metrics in Prometheus' text format (decision 095), served at GET /metrics (server.ts; a token or loopback only).
 * prom-client's default registry is one per process and shared by both bundles of the server (it is a package, not
 * bundled); each metric is registered once, by whichever bundle asks first (`once`).
 *
 * With WEB_CONCURRENCY > 1 each worker answers with its own numbers (labelled by `pid` through the default metrics);
 * the default is one worker.
 */
import fs from "node:fs";

import client, { type Metric } from "prom-client";

import { backupConfigured, readBackupState } from "~/utils/backup-state.server";
import { databaseFile } from "~/utils/db.server";
import { outboxDir } from "~/utils/mail.server";

const { register } = client;

function once<M extends Metric>(name: string, create: () => M): M {
  return (register.getSingleMetric(name) as M | undefined) ?? create();
}

/** Process metrics: CPU, memory, garbage collection and the event loop's lag (nodejs_eventloop_lag_*). */
export function startProcessMetrics() {
  if (register.getSingleMetric("process_cpu_seconds_total")) return;
  client.collectDefaultMetrics({ eventLoopMonitoringPrecision: 20 });
}

export const httpDuration = once(
  "http_request_duration_seconds",
  () =>
    new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's end, by route (the Remix route file), method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    }),
);

export const patternTaskDuration = once(
  "pattern_task_duration_seconds",
  () =>
    new client.Histogram({
      name: "pattern_task_duration_seconds",
      help: "Pattern work on the worker pool (read, preview, PDF...), queue wait included, by kind and outcome",
      labelNames: ["kind", "outcome"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    }),
);

export const layoutRequests = once(
  "layout_requests_total",
  () =>
    new client.Counter({
      name: "layout_requests_total",
      help: "Cutting layouts asked for (product page, JSON, PDFs, warming), by where the answer came from",
      labelNames: ["source"] as const,
    }),
);

/** What the gauges below read when scraped; set by whoever owns the thing measured. */
type Sources = { patternQueue?: () => number; dataDir?: string };
const SOURCES = Symbol.for("patternhouse.metrics.sources");
const sources: Sources = ((globalThis as { [SOURCES]?: Sources })[SOURCES] ??= {});

/** The pattern pool's queue, read at each scrape. */
export function measurePatternQueue(read: () => number) {
  sources.patternQueue = read;
}

/** Pattern tasks waiting now (0 before the pool's first use). */
export function patternQueueSize(): number {
  return sources.patternQueue?.() ?? 0;
}

/** The data folder whose database, WAL and mail outbox are measured. */
export function measureDataDir(dataDir: string) {
  sources.dataDir = dataDir;
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}

/** A data folder's database and WAL sizes and its outbox's messages: for the gauges and the health screen. */
export function storageFacts(dataDir: string): { databaseBytes: number; walBytes: number; outboxMessages: number } {
  const db = databaseFile(dataDir);
  let outboxMessages = 0;
  try {
    outboxMessages = fs.readdirSync(outboxDir(dataDir)).length;
  } catch {
    // No mail written yet.
  }
  return { databaseBytes: sizeOf(db), walBytes: sizeOf(`${db}-wal`), outboxMessages };
}

once(
  "pattern_pool_queue_size",
  () =>
    new client.Gauge({
      name: "pattern_pool_queue_size",
      help: "Pattern tasks waiting for a worker thread",
      collect() {
        this.set(sources.patternQueue?.() ?? 0);
      },
    }),
);

once(
  "database_size_bytes",
  () =>
    new client.Gauge({
      name: "database_size_bytes",
      help: "The SQLite database file and its write-ahead log",
      labelNames: ["file"] as const,
      collect() {
        if (!sources.dataDir) return;
        const facts = storageFacts(sources.dataDir);
        this.set({ file: "db" }, facts.databaseBytes);
        this.set({ file: "wal" }, facts.walBytes);
      },
    }),
);

once(
  "mail_outbox_messages",
  () =>
    new client.Gauge({
      name: "mail_outbox_messages",
      help: "Messages in DATA_DIR/outbox (mail written to disk when no SMTP_URL is set)",
      collect() {
        if (sources.dataDir) this.set(storageFacts(sources.dataDir).outboxMessages);
      },
    }),
);

/**
 * The backup's progress (BACKUP_URL set; server/backup.ts writes it from the supervisor into DATA_DIR, so every
 * worker answers the same): by part, `database` (Litestream's replica) and `files` (uploads and keys).
 */
function backupSamples(): { part: "database" | "files"; at: number | null; startedAt: number }[] {
  if (!sources.dataDir || !backupConfigured()) return [];
  const state = readBackupState(sources.dataDir);
  if (!state) return [];
  return [
    { part: "database", at: state.databaseAt, startedAt: state.startedAt },
    { part: "files", at: state.filesAt, startedAt: state.startedAt },
  ];
}

once(
  "patternhouse_backup_last_success_timestamp_seconds",
  () =>
    new client.Gauge({
      name: "patternhouse_backup_last_success_timestamp_seconds",
      help: "The newest moment the backup held everything (database: every change replicated by Litestream; files: the last complete sweep); no sample before the first",
      labelNames: ["part"] as const,
      collect() {
        this.reset();
        for (const sample of backupSamples()) if (sample.at !== null) this.set({ part: sample.part }, sample.at / 1000);
      },
    }),
);

once(
  "patternhouse_backup_lag_seconds",
  () =>
    new client.Gauge({
      name: "patternhouse_backup_lag_seconds",
      help: "Seconds since the backup last held everything (since the backup started when it never has)",
      labelNames: ["part"] as const,
      collect() {
        this.reset();
        const now = Date.now();
        for (const sample of backupSamples()) this.set({ part: sample.part }, Math.max(0, (now - (sample.at ?? sample.startedAt)) / 1000));
      },
    }),
);

/** The text a scrape gets, and its content type. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  return { body: await register.metrics(), contentType: register.contentType };
}
