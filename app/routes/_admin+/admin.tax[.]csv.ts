import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireAdmin } from "~/auth/guards.server";
import { parseQuarter, quarterOf, taxReport, taxReportCsv } from "~/models/tax/ledger.server";
import { getDb } from "~/utils/db.server";

/** GET /admin/tax.csv?quarter=YYYY-Qn -> the quarter's VAT per country as CSV (a download). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const quarter = parseQuarter(new URL(request.url).searchParams.get("quarter") ?? quarterOf(new Date()));
  if (!quarter) return new Response("Use a quarter like 2026-Q4", { status: 400 });
  const report = await taxReport({ db: getDb(), quarter });
  return new Response(taxReportCsv(report), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="vat-${report.quarter}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
