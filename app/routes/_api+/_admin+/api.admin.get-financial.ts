import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { defaultRange, financialRowsJson } from "~/models/admin/financial.server";
import { FinancialRangeSchema } from "~/schemas/admin";
import { apiError } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { cachedJsonResponse } from "~/utils/cached-json.server";
import { getDb } from "~/utils/db.server";

/** GET /api/admin/get-financial?start_date=YYYY-MM-DD&end_date=YYYY-MM-DD -> [{order_id, amount, fee, status}]. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
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
  const db = getDb();
  const range = parsed.data;
  return cachedJsonResponse(request, db, `get-financial ${range.start_date} ${range.end_date}`, () => financialRowsJson({ db, range }));
}

/** Other methods: 401/403 first, like every admin path, then 405. */
export async function action({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use GET");
}
