import { apiRoute, domainError } from "~/auth/api-route.server";
import { PAYMENTS_ERRORS } from "~/models/payments/errors";
import { canLinkWithoutWriting, createOnboardingLink } from "~/models/payments/onboarding.server";
import { clientUrl, publicOrigin } from "~/utils/mail.server";

/**
 * GET /api/user/stripe-onboarding -> {account: {id, onboarded, accountLink: {url}}}. A GET never writes (decision
 * 161): the account is created once by POST (same answer); a GET before it is a 409 that says so.
 */
const route = apiRoute({ method: "ANY", guard: "seller" }, async ({ request, db, store }) => {
  if (request.method === "GET" && !canLinkWithoutWriting(store)) return domainError(PAYMENTS_ERRORS.onboarding, "no-account");
  const link = await createOnboardingLink({ db, storeId: store.id, origin: publicOrigin(request) });
  if (!link.ok) return domainError(PAYMENTS_ERRORS.onboarding, link.error);
  return { account: { ...link.account, accountLink: { url: clientUrl(link.account.accountLink.url, request) } } };
});
export const loader = route.loader;
export const action = route.action;
