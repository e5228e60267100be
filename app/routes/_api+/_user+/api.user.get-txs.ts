import type { LoaderFunctionArgs } from "@remix-run/node";

import { listAllTransactions, toTransactionJson } from "~/models/selling/finance.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { centsToDollars } from "~/utils/money";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-txs -> {balance, txs}: the store's balance in dollars and its ledger rows, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  const txs = listAllTransactions({ db: getDb(), storeId: store.id }).map(toTransactionJson);
  return Response.json({ balance: centsToDollars(store.balanceCents), txs });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
