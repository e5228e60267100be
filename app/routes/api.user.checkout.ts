import type { ActionFunctionArgs } from "@remix-run/node";

import { ADD_TO_CART_MESSAGES, replaceCart } from "~/models/buying/cart.server";
import { CHECKOUT_MESSAGES, createCheckout } from "~/models/buying/checkout.server";
import { ApiCheckoutSchema } from "~/schemas/buying";
import { apiError, parseBody, requireApiUser, requireMethod } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/checkout {items?: [{productId, variantId?, quantity?}]} -> the checkout session
 * {amount_subtotal, amount_total, url} in cents. With items the cart becomes those lines; prices and stock are
 * always read on the server.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const { items } = await parseBody(request, ApiCheckoutSchema);
  const db = getDb();
  if (items) {
    const replaced = replaceCart({ db, userId: user.id, items });
    if (!replaced.ok) {
      const status = replaced.error === "out-of-stock" ? 409 : 400;
      return apiError(status, ADD_TO_CART_MESSAGES[replaced.error], { productId: replaced.productId });
    }
  }
  const result = await createCheckout({ db, user, origin: publicOrigin(request) });
  if (!result.ok) {
    const status = result.error === "provider-failed" ? 502 : result.error === "out-of-stock" || result.error === "superseded" ? 409 : 400;
    return apiError(status, CHECKOUT_MESSAGES[result.error], result.item ? { item: result.item } : undefined);
  }
  const { checkout } = result;
  return Response.json({
    id: checkout.id,
    amount_subtotal: checkout.subtotalCents,
    amount_shipping: checkout.shippingCents,
    amount_total: checkout.totalCents,
    url: checkout.url,
    expires_at: checkout.expiresAt.toISOString(),
  });
}
