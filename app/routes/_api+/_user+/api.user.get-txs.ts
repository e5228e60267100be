import { apiRoute } from "~/auth/api-route.server";
import { listAllTransactions, toTransactionJson } from "~/models/selling/finance.server";
import { centsToDollars } from "~/utils/money";

/** GET /api/user/get-txs -> {balance, txs}: the store's balance in dollars and its ledger rows, newest first. */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ db, store }) => {
  const txs = (await listAllTransactions({ db, storeId: store.id })).map(toTransactionJson);
  return { balance: centsToDollars(store.balanceCents), txs };
});
export const loader = route.loader;
export const action = route.action;
