import { apiRoute } from "~/auth/api-route.server";
import { defaultRange, financialRowsJson } from "~/models/admin/financial.server";
import { FinancialRangeSchema } from "~/schemas/admin";
import { apiError } from "~/utils/api.server";
import { cachedJsonResponse } from "~/utils/cached-json.server";

/** GET /api/admin/get-financial?start_date=YYYY-MM-DD&end_date=YYYY-MM-DD -> [{order_id, amount, fee, status}]. */
const route = apiRoute({ method: "GET", guard: "admin" }, ({ request, db }) => {
  const params = new URL(request.url).searchParams;
  const defaults = defaultRange();
  const parsed = FinancialRangeSchema.safeParse({
    start_date: params.get("start_date") ?? defaults.start_date,
    end_date: params.get("end_date") ?? defaults.end_date,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return apiError(400, `${issue.path.join(".")}: ${issue.message}`);
  }
  const range = parsed.data;
  return cachedJsonResponse(request, db, `get-financial ${range.start_date} ${range.end_date}`, () => financialRowsJson({ db, range }));
});
export const loader = route.loader;
export const action = route.action;
