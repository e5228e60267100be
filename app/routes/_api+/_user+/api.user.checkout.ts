import { apiRoute, domainError } from "~/auth/api-route.server";
import { clientKeyOf } from "~/auth/login.server";
import { applyDiscountCode, findCartId, replaceCart } from "~/models/buying/cart.server";
import { checkoutImportNoticeOf, createCheckout } from "~/models/buying/checkout.server";
import { BUYING_ERRORS, namedMessage, zonedMessage } from "~/models/buying/errors";
import { ApiCheckoutSchema } from "~/schemas/buying";
import { apiError } from "~/utils/api.server";
import { clientUrl, publicOrigin } from "~/utils/mail.server";
import { centsToDollars } from "~/utils/money";

/**
 * POST /api/user/checkout {items?: [{productId, variantId?, quantity?, made_to_measure?}], discount_code?, digital_consent?} -> the
 * checkout session {amount_subtotal, amount_shipping, amount_discount, amount_total, url} in cents. With items the cart
 * becomes those lines; prices and stock are always read on the server. A cart holding a Digital pattern needs
 * `digital_consent: true` (400 without, decision 107). A business's `vat_number` (decision 123) is checked and, in `vat`
 * mode, confirmed with VIES or HMRC (400 `{error, field: "vat_number"}`, 503 when the service does not answer); its
 * `company_name` (else the profile's, else the registered name) is the invoice's (issue 46, item 1); the answer's `tax`
 * is in dollars, beside the amounts in cents; `import_notice` warns an EU or UK buyer of goods shipped from outside of
 * import VAT and duties (decision 151), else null.
 */
const route = apiRoute({ method: "POST", guard: "user", body: ApiCheckoutSchema }, async ({ request, db, user, body }) => {
  const { items, discount_code, digital_consent: digitalConsent = false, vat_number, company_name } = body;
  if (items) {
    const replaced = await replaceCart({ db, userId: user.id, items });
    if (!replaced.ok) {
      const { ok: _ok, error, item, ...details } = replaced;
      const { status, message } = BUYING_ERRORS.addToCart[error];
      // A pattern the buyer owns is named, with the order to download it from.
      if (details.orderId) return apiError(status, namedMessage(message, item), { ...details, purchase_url: `/purchase/${details.orderId}` });
      return apiError(status, zonedMessage(message, details.zones), details);
    }
  }
  // The discount code (decision 109): checked against the cart now; refused, the checkout does not start.
  if (await findCartId({ db, owner: { userId: user.id } })) {
    const applied = await applyDiscountCode({ db, owner: { userId: user.id }, text: discount_code ?? "", clientKey: clientKeyOf(request) });
    if (!applied.ok && applied.error !== "empty-cart") return domainError(BUYING_ERRORS.discount, applied.error);
  } else if (discount_code) {
    return domainError(BUYING_ERRORS.checkout, "empty-cart");
  }
  const result = await createCheckout({ db, user, origin: publicOrigin(request), digitalConsent, vatNumber: vat_number ?? undefined, companyName: company_name ?? undefined });
  if (!result.ok) {
    const { status, message } = BUYING_ERRORS.checkout[result.error];
    if (result.error === "company-name-required") return apiError(status, message, { field: "company_name" });
    if (result.error.startsWith("vat-number") || result.error === "vies-unavailable" || result.error === "hmrc-unavailable") return apiError(status, message, { field: "vat_number" });
    const details = { ...(result.item ? { item: result.item } : {}), ...(result.zones ? { zones: result.zones } : {}) };
    // A printed pattern to an address outside the US (issue 46 item 4): the text names the line.
    if (result.error === "print-us-only") return apiError(status, namedMessage(message, result.item), details);
    return apiError(status, zonedMessage(message, result.zones), Object.keys(details).length ? details : undefined);
  }
  const { checkout } = result;
  return {
    id: checkout.id,
    amount_subtotal: checkout.subtotalCents,
    amount_shipping: checkout.shippingCents,
    amount_discount: checkout.discountCents,
    amount_total: checkout.totalCents,
    tax: centsToDollars(checkout.taxCents),
    tax_rate: checkout.taxRateBp / 100,
    tax_country: checkout.taxCountry,
    reverse_charge: checkout.reverseCharge,
    // Goods shipped into the buyer's EU or UK customs area from outside (decision 151); null otherwise.
    import_notice: await checkoutImportNoticeOf({ db, checkout }),
    url: checkout.url ? clientUrl(checkout.url, request) : checkout.url,
    expires_at: checkout.expiresAt.toISOString(),
  };
});
export const loader = route.loader;
export const action = route.action;
