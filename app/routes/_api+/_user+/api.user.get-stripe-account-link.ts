import type { LoaderFunctionArgs } from "@remix-run/node";

import { createOnboardingLink } from "~/models/payments/onboarding.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";
import { clientUrl, publicOrigin } from "~/utils/mail.server";

/** GET /api/user/get-stripe-account-link -> {url}: a fresh single-use onboarding link for the store's account. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { store } = await requireApiSeller(request);
  const link = await createOnboardingLink({ db: getDb(), storeId: store.id, origin: publicOrigin(request) });
  if (!link.ok) return apiError(502, "The payment provider could not be reached");
  return Response.json({ url: clientUrl(link.account.accountLink.url, request) });
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
