import { apiRoute, domainError } from "~/auth/api-route.server";
import { TAX_ERRORS } from "~/models/tax/errors";
import { parseQuarter, quarterOf, taxReport, taxReportJson } from "~/models/tax/ledger.server";

/**
 * GET /api/admin/get-tax-report?quarter=YYYY-Qn (default: this quarter) -> {quarter, rows: [{country, rate, net, tax,
 * orders}], net, tax, reverse_charge}: the VAT charged per country, refunds netted out (decision 123).
 */
const route = apiRoute({ method: "GET", guard: "admin" }, async ({ request, db }) => {
  const asked = new URL(request.url).searchParams.get("quarter");
  const quarter = parseQuarter(asked ?? quarterOf(new Date()));
  if (!quarter) return domainError(TAX_ERRORS.report, "bad-quarter", { field: "quarter" });
  return taxReportJson(await taxReport({ db, quarter }));
});
export const loader = route.loader;
export const action = route.action;
