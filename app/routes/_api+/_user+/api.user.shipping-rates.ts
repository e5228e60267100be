import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

import { requireApiSeller } from "~/auth/guards.server";
import { shippingRatesJson } from "~/models/shipping/rates";
import { getShippingRates, saveShippingRates } from "~/models/shipping/rates.server";
import { SHIPPING_MESSAGES, ShippingRatesSchema } from "~/schemas/shipping";
import { apiError, readBody, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/shipping-rates: the caller's store's apparel shipping rates in dollars
 * `{domestic_first, domestic_additional, international_first, international_additional, free_above}`, or `null`
 * while the store has none (its apparel ships free). Decision 108.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  const rates = getShippingRates({ db: getDb(), storeId: store.id });
  return Response.json(rates ? shippingRatesJson(rates) : null);
}

/**
 * POST /api/user/shipping-rates with the same five fields sets them (`free_above` null or absent: no threshold);
 * `{"rates": null}` removes them. Answers the rates as GET does.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const { store } = await requireApiSeller(request);
  const db = getDb();
  const body = await readBody(request);
  if ("rates" in body && body.rates === null) {
    saveShippingRates({ db, storeId: store.id, rates: null });
    return Response.json({ success: true, message: SHIPPING_MESSAGES.cleared, rates: null });
  }
  const parsed = ShippingRatesSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return apiError(400, `${issue?.path.join(".") || "rates"}: ${issue?.message ?? "Invalid rates"}`);
  }
  const rates = parsed.data;
  saveShippingRates({ db, storeId: store.id, rates });
  return Response.json({ success: true, message: SHIPPING_MESSAGES.saved, rates: shippingRatesJson(rates) });
}
