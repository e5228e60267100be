import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { parseQuarter, quarterOf, taxReport, taxReportJson } from "~/models/tax/ledger.server";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/admin/get-tax-report?quarter=YYYY-Qn (default: this quarter) -> {quarter, rows: [{country, rate, net, tax,
 * orders}], net, tax, reverse_charge}: the VAT charged per country, refunds netted out (decision 123).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const asked = new URL(request.url).searchParams.get("quarter");
  const quarter = parseQuarter(asked ?? quarterOf(new Date()));
  if (!quarter) return apiError(400, "quarter: Use a quarter like 2026-Q4", { field: "quarter" });
  return Response.json(taxReportJson(taxReport({ db: getDb(), quarter })));
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
