import type { ActionFunctionArgs } from "@remix-run/node";

import { clientKeyOf } from "~/auth/login.server";
import { applyDiscountCode, findCartId, replaceCart } from "~/models/buying/cart.server";
import { createCheckout } from "~/models/buying/checkout.server";
import { BUYING_ERRORS, namedMessage, zonedMessage } from "~/models/buying/errors";
import { ApiCheckoutSchema } from "~/schemas/buying";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";
import { clientUrl, publicOrigin } from "~/utils/mail.server";
import { centsToDollars } from "~/utils/money";

export async function loader() {
  return apiError(405, "Use POST");
}

/**
 * POST /api/user/checkout {items?: [{productId, variantId?, quantity?, made_to_measure?}], discount_code?, digital_consent?} -> the
 * checkout session {amount_subtotal, amount_shipping, amount_discount, amount_total, url} in cents. With items the cart
 * becomes those lines; prices and stock are always read on the server. A cart holding a Digital pattern needs
 * `digital_consent: true` (400 without, decision 107). A business's `vat_number` (decision 123) is checked (400
 * `{error, field: "vat_number"}`); the answer's `tax` is in dollars, beside the amounts in cents.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const { items, discount_code, digital_consent: digitalConsent = false, vat_number } = await parseBody(request, ApiCheckoutSchema);
  const db = getDb();
  if (items) {
    const replaced = replaceCart({ db, userId: user.id, items });
    if (!replaced.ok) {
      const { ok: _ok, error, item, ...details } = replaced;
      const { status, message } = BUYING_ERRORS.addToCart[error];
      // A pattern the buyer owns is named, with the order to download it from.
      if (details.orderId) return apiError(status, namedMessage(message, item), { ...details, purchase_url: `/purchase/${details.orderId}` });
      return apiError(status, zonedMessage(message, details.zones), details);
    }
  }
  // The discount code (decision 109): checked against the cart now; refused, the checkout does not start.
  if (findCartId({ db, owner: { userId: user.id } })) {
    const applied = applyDiscountCode({ db, owner: { userId: user.id }, text: discount_code ?? "", clientKey: clientKeyOf(request) });
    if (!applied.ok && applied.error !== "empty-cart") return apiError(BUYING_ERRORS.discount[applied.error].status, BUYING_ERRORS.discount[applied.error].message);
  } else if (discount_code) {
    return apiError(BUYING_ERRORS.checkout["empty-cart"].status, BUYING_ERRORS.checkout["empty-cart"].message);
  }
  const result = await createCheckout({ db, user, origin: publicOrigin(request), digitalConsent, vatNumber: vat_number ?? undefined });
  if (!result.ok) {
    const { status, message } = BUYING_ERRORS.checkout[result.error];
    if (result.error.startsWith("vat-number") || result.error === "vies-unavailable") return apiError(status, message, { field: "vat_number" });
    const details = { ...(result.item ? { item: result.item } : {}), ...(result.zones ? { zones: result.zones } : {}) };
    return apiError(status, zonedMessage(message, result.zones), Object.keys(details).length ? details : undefined);
  }
  const { checkout } = result;
  return Response.json({
    id: checkout.id,
    amount_subtotal: checkout.subtotalCents,
    amount_shipping: checkout.shippingCents,
    amount_discount: checkout.discountCents,
    amount_total: checkout.totalCents,
    tax: centsToDollars(checkout.taxCents),
    tax_rate: checkout.taxRateBp / 100,
    tax_country: checkout.taxCountry,
    reverse_charge: checkout.reverseCharge,
    url: checkout.url ? clientUrl(checkout.url, request) : checkout.url,
    expires_at: checkout.expiresAt.toISOString(),
  });
}
