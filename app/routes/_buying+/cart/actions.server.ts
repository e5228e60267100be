/** The /cart form posts (add, remove, checkout) as one use case each; the route only dispatches. */
import { data, redirect } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";

import { clientKeyOf } from "~/auth/login.server";
import { addToCart, applyDiscountCode, removeCartItem } from "~/models/buying/cart.server";
import { createCheckout, type CheckoutError } from "~/models/buying/checkout.server";
import { BUYING_ERRORS, zonedMessage } from "~/models/buying/errors";
import { AddToCartSchema, CheckoutFormSchema, RemoveFromCartSchema } from "~/schemas/buying";
import { ApplyDiscountSchema } from "~/schemas/discounts";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";
import { ensureCartOwner } from "~/auth/viewer.server";
import { commitCookieSession } from "~/utils/cookie-session.server";
import { getUser } from "~/auth/viewer.server";
import { redirectWithFlash } from "~/utils/flash.server";

/** `consent`: the download consent box was not ticked; the cart shows the text at the box (decision 107). */
export type CheckoutProblem = {
  problem: "login" | "profile" | "consent" | "vat_number" | "company_name" | "line" | "other";
  message: string;
  /** What the buyer typed in the VAT number row (issue 46, item 1), given back with the refusal. */
  vatNumber?: string;
  companyName?: string;
  /** The cart line a refusal is about (issue 46, item 4). */
  lineId?: number;
};

/** Refusals the cart shows at their own place; every other one is a note above the Checkout button. */
const CHECKOUT_PROBLEMS: Partial<Record<CheckoutError, CheckoutProblem["problem"]>> = {
  "incomplete-profile": "profile",
  "digital-consent-required": "consent",
  "vat-number-invalid": "vat_number",
  "vat-number-country": "vat_number",
  "vat-number-unknown": "vat_number",
  "vies-unavailable": "vat_number",
  "hmrc-unavailable": "vat_number",
  "company-name-required": "company_name",
  // At the cart line it is about (issue 46 item 4).
  "print-us-only": "line",
};
/** A refused discount code, shown at the code's field (decision 109). */
export type DiscountProblem = { field: "discount_code"; message: string };

const OWNED_NOTE = "You already own this pattern, so it was not added to your cart. Download it here.";
const IN_CART_NOTE = "This pattern is already in your cart. A downloadable pattern is one licence per buyer, so its quantity stays 1.";

export async function addAction(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: AddToCartSchema });
  const productId = Number(formData.get("productId"));
  const back = Number.isInteger(productId) && productId > 0 ? `/product/${productId}` : "/";
  if (submission.status !== "success") {
    const message = submission.error?.variantId ? BUYING_ERRORS.addToCart["variant-required"].message : "Please check the quantity and try again.";
    return redirectWithFlash(request, back, { kind: "error", message });
  }
  const { owner, session } = await ensureCartOwner(request);
  const result = await addToCart({ db: getDb(), owner, ...submission.value });
  // A downloadable pattern the buyer owns: to its download, with the reason.
  if (!result.ok && result.error === "already-owned") {
    return redirectWithFlash(request, `/purchase/${result.orderId}`, { kind: "success", message: OWNED_NOTE });
  }
  // A refused add leaves a new visitor without a cart, so the token is only kept on success.
  if (!result.ok) return redirectWithFlash(request, back, { kind: "error", message: zonedMessage(BUYING_ERRORS.addToCart[result.error].message, result.zones) });
  // One licence per buyer: added again, it stays one line of quantity 1 (the cart, and so its cookie, exists).
  if (result.alreadyInCart) return redirectWithFlash(request, "/cart", { kind: "success", message: IN_CART_NOTE });
  const headers = session ? { "Set-Cookie": await commitCookieSession(request, session) } : undefined;
  // Back to the product, where 'Item added to cart' offers Continue Shopping and View Cart (spec 2.4).
  return redirect(`/product/${submission.value.productId}?added=${submission.value.productId}`, { headers });
}

export async function removeAction(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: RemoveFromCartSchema });
  const { owner } = await ensureCartOwner(request);
  if (submission.status === "success") await removeCartItem({ db: getDb(), owner, itemId: submission.value.itemId });
  return redirect("/cart");
}

export async function checkoutAction(request: Request, formData: FormData) {
  const user = await getUser(request);
  if (!user) {
    return data<CheckoutProblem>({ problem: "login", message: "You need to be logged in to checkout" }, { status: 401 });
  }
  const form = parseWithZod(formData, { schema: CheckoutFormSchema });
  const digitalConsent = form.status === "success" && form.value.digital_consent === true;
  const typed = { vatNumber: String(formData.get("vat_number") ?? "").slice(0, 40), companyName: String(formData.get("company_name") ?? "").slice(0, 200) };
  if (form.status !== "success" && form.error?.vat_number) {
    return data<CheckoutProblem>({ problem: "vat_number", message: form.error.vat_number[0] ?? "", ...typed }, { status: 400 });
  }
  if (form.status !== "success" && form.error?.company_name) {
    return data<CheckoutProblem>({ problem: "company_name", message: form.error.company_name[0] ?? "", ...typed }, { status: 400 });
  }
  const vatNumber = form.status === "success" ? form.value.vat_number : undefined;
  const companyName = form.status === "success" ? form.value.company_name : undefined;
  const result = await createCheckout({ db: getDb(), user, origin: publicOrigin(request), digitalConsent, vatNumber, companyName });
  if (result.ok) return redirect(`/checkout/${result.checkout.id}`);
  const problem = CHECKOUT_PROBLEMS[result.error] ?? "other";
  const { status, message } = BUYING_ERRORS.checkout[result.error];
  const named = result.item ? `${message} (${result.item})` : message;
  if (problem === "line") return data<CheckoutProblem>({ problem, message, lineId: result.lineId, ...typed }, { status });
  return data<CheckoutProblem>({ problem, message: result.zones ? zonedMessage(named, result.zones) : named, ...typed }, { status });
}

/** The cart's discount code form (decision 109): applied when it fits the cart now; refused at its field otherwise. */
export async function discountAction(request: Request, formData: FormData) {
  const { owner } = await ensureCartOwner(request);
  if (formData.get("intent") === "remove-discount") {
    await applyDiscountCode({ db: getDb(), owner, text: "" });
    return redirect("/cart");
  }
  const submission = parseWithZod(formData, { schema: ApplyDiscountSchema });
  const text = submission.status === "success" ? submission.value.discount_code : null;
  const result = text === null ? ({ ok: false, error: "unknown-code" } as const) : await applyDiscountCode({ db: getDb(), owner, text, clientKey: clientKeyOf(request) });
  if (result.ok) return redirect("/cart");
  const { status, message } = BUYING_ERRORS.discount[result.error];
  return data<DiscountProblem>({ field: "discount_code", message }, { status });
}
