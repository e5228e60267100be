import type { LoaderFunctionArgs } from "@remix-run/node";

import { listAllTransactions, transactionsCsv } from "~/models/selling/finance.server";
import { getDb } from "~/utils/db.server";
import { requireSeller } from "~/auth/guards.server";
import { isoDay } from "~/utils/dates";

/** GET /my-finance/transactions.csv: the store's ledger rows as on /my-finance, all pages, as a download. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  const csv = transactionsCsv(await listAllTransactions({ db: getDb(), storeId: store.id }));
  const day = isoDay(new Date());
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="transactions-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
