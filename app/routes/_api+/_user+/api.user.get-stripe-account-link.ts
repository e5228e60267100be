import { apiRoute, domainError } from "~/auth/api-route.server";
import { PAYMENTS_ERRORS } from "~/models/payments/errors";
import { canLinkWithoutWriting, createOnboardingLink } from "~/models/payments/onboarding.server";
import { clientUrl, publicOrigin } from "~/utils/mail.server";

/**
 * GET /api/user/get-stripe-account-link -> {url}: a fresh single-use onboarding link for the store's account (POST
 * also creates the account; a GET before it exists is a 409, decision 161).
 */
const route = apiRoute({ method: "ANY", guard: "seller" }, async ({ request, db, store }) => {
  if (request.method === "GET" && !canLinkWithoutWriting(store)) return domainError(PAYMENTS_ERRORS.onboarding, "no-account");
  const link = await createOnboardingLink({ db, storeId: store.id, origin: publicOrigin(request) });
  if (!link.ok) return domainError(PAYMENTS_ERRORS.onboarding, link.error);
  return { url: clientUrl(link.account.accountLink.url, request) };
});
export const loader = route.loader;
export const action = route.action;
