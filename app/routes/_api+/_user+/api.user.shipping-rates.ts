import { apiRoute } from "~/auth/api-route.server";
import { shippingRatesJson } from "~/models/shipping/rates";
import { getShippingRates, saveShippingRates } from "~/models/shipping/rates.server";
import { SHIPPING_MESSAGES, ShippingRatesSchema } from "~/schemas/shipping";
import { apiError, readBody } from "~/utils/api.server";

/**
 * GET /api/user/shipping-rates: the caller's store's apparel shipping rates in dollars
 * `{domestic_first, domestic_additional, international_first, international_additional, free_above}`, or `null`
 * while the store has none (its apparel ships free). Decision 108.
 */
export const loader = apiRoute({ method: "GET", guard: "seller" }, async ({ db, store }) => {
  const rates = await getShippingRates({ db, storeId: store.id });
  return rates ? shippingRatesJson(rates) : null;
}).loader;

/**
 * POST /api/user/shipping-rates with the same five fields sets them (`free_above` null or absent: no threshold);
 * `{"rates": null}` removes them. Answers the rates as GET does.
 */
export const action = apiRoute({ method: "POST", guard: "seller" }, async ({ request, db, store }) => {
  const body = await readBody(request);
  if ("rates" in body && body.rates === null) {
    await saveShippingRates({ db, storeId: store.id, rates: null });
    return { success: true, message: SHIPPING_MESSAGES.cleared, rates: null };
  }
  const parsed = ShippingRatesSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return apiError(400, `${issue?.path.join(".") || "rates"}: ${issue?.message ?? "Invalid rates"}`);
  }
  const rates = parsed.data;
  await saveShippingRates({ db, storeId: store.id, rates });
  return { success: true, message: SHIPPING_MESSAGES.saved, rates: shippingRatesJson(rates) };
}).action;
