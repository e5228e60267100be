import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { requireAdmin } from "~/auth/guards.server";
import { describeBackup, describeBytes, describeUptime, getHealth } from "~/models/admin/health.server";
import { backupConfigured } from "~/utils/backup-state.server";
import { getEnv } from "~/utils/env.server";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { RATES_SOURCE } from "~/models/tax/rates.server";
import { TAX_MODE_LABELS } from "~/models/tax/settings";
import { getDb } from "~/utils/db.server";

export const meta: MetaFunction = () => [{ title: "Health · Admin · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const health = getHealth({ dataDir: getEnv().DATA_DIR, version: __APP_VERSION__, backupConfigured: backupConfigured() });
  const lowDisk = health.disk !== null && health.disk.freeBytes < Math.max(1e9, health.disk.totalBytes * 0.1);
  return {
    facts: [
      { label: "Version", value: health.version },
      { label: "Up for", value: `${describeUptime(health.uptimeSeconds)} (since ${health.startedAt.slice(0, 16).replace("T", " ")} UTC, process ${health.pid})` },
      {
        label: "Disk left",
        value: health.disk ? `${describeBytes(health.disk.freeBytes)} of ${describeBytes(health.disk.totalBytes)}` : "Unknown",
        warn: lowDisk,
      },
      { label: "Database", value: `${describeBytes(health.databaseBytes)}, write-ahead log ${describeBytes(health.walBytes)}` },
      { label: "Last backup", value: describeBackup(health.backup), warn: !health.backup.configured || health.backup.stale },
      { label: "Mail outbox", value: `${health.outboxMessages} message${health.outboxMessages === 1 ? "" : "s"} written to disk` },
      { label: "Pattern work waiting", value: String(health.patternQueue) },
      {
        label: "Tax mode",
        value: `${TAX_MODE_LABELS[(await getPlatformSettings({ db: getDb() })).taxMode]} (VAT rates: ${RATES_SOURCE.package} ${RATES_SOURCE.version}, as of ${RATES_SOURCE.date})`,
      },
    ],
    errors: health.recentErrors.map((e) => ({ ...e, time: e.time.slice(0, 19).replace("T", " ") })),
  };
}

export default function AdminHealth() {
  const { facts, errors } = useLoaderData<typeof loader>();
  return (
    <section aria-labelledby="health-title">
      <h1 id="health-title" className="text-2xl font-bold tracking-tight">
        Health
      </h1>
      <p className="mt-1 text-sm text-slate-600">The process that answered this page; the numbers behind it are at /metrics.</p>
      <dl className="mt-6 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
        {facts.map((fact) => (
          <div key={fact.label} className="grid gap-1 px-4 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="text-sm font-medium text-slate-700">{fact.label}</dt>
            <dd className={`text-sm sm:col-span-2 ${fact.warn ? "font-semibold text-red-700" : "text-slate-900"}`}>{fact.value}</dd>
          </div>
        ))}
      </dl>
      <h2 className="mt-8 text-lg font-semibold">Recent errors</h2>
      {errors.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No errors since this process started.</p>
      ) : (
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pr-4 font-medium">
                  Time (UTC)
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  What happened
                </th>
                <th scope="col" className="py-2 font-medium">
                  Request id
                </th>
              </tr>
            </thead>
            <tbody>
              {errors.map((e, i) => (
                <tr key={i} className="border-b border-slate-100">
                  <td className="py-2 pr-4 whitespace-nowrap">{e.time}</td>
                  <td className="py-2 pr-4">{e.msg}</td>
                  <td className="py-2 font-mono">{e.reqId ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
