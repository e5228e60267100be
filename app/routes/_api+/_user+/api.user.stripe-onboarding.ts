import { apiRoute, domainError } from "~/auth/api-route.server";
import { PAYMENTS_ERRORS } from "~/models/payments/errors";
import { createOnboardingLink } from "~/models/payments/onboarding.server";
import { clientUrl, publicOrigin } from "~/utils/mail.server";

/** GET /api/user/stripe-onboarding -> {account: {id, onboarded, accountLink: {url}}}: creates the account once. */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ request, db, store }) => {
  const link = await createOnboardingLink({ db, storeId: store.id, origin: publicOrigin(request) });
  if (!link.ok) return domainError(PAYMENTS_ERRORS.onboarding, link.error);
  return { account: { ...link.account, accountLink: { url: clientUrl(link.account.accountLink.url, request) } } };
});
export const loader = route.loader;
export const action = route.action;
