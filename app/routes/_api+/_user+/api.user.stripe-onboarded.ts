import { apiRoute } from "~/auth/api-route.server";
import { isOnboarded } from "~/models/payments/onboarding.server";

/** GET /api/user/stripe-onboarded -> {onboarded}: the header's flag (false for a user without a store). */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) => ({ onboarded: await isOnboarded({ db, userId: user.id }) }));
export const loader = route.loader;
export const action = route.action;
