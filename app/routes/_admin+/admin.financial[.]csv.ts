import type { LoaderFunctionArgs } from "@remix-run/node";

import { allFinancialRows, defaultRange, financialCsv } from "~/models/admin/financial.server";
import { FinancialRangeSchema } from "~/schemas/admin";
import { getDb } from "~/utils/db.server";
import { requireAdmin } from "~/auth/guards.server";

/** GET /admin/financial.csv?start_date=&end_date= -> the report's rows as CSV (a download). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const defaults = defaultRange();
  const parsed = FinancialRangeSchema.safeParse({
    start_date: params.get("start_date") ?? defaults.start_date,
    end_date: params.get("end_date") ?? defaults.end_date,
  });
  if (!parsed.success) return new Response(parsed.error.issues[0]?.message ?? "Invalid dates", { status: 400 });
  const range = parsed.data;
  return new Response(financialCsv(await allFinancialRows({ db: getDb(), range })), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="financial-${range.start_date}-to-${range.end_date}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
