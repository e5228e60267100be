import { apiRoute, domainError } from "~/auth/api-route.server";
import { markConversationRead } from "~/models/messaging/conversations.server";
import { MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * POST /api/user/read-conversation/{conversationId} -> {read: true}: marks the conversation read for the caller (what
 * GET /api/user/get-messages/{id} did before a GET could not write, decision 161). Not a participant: 404.
 */
const route = apiRoute({ method: "POST", guard: "user" }, async ({ db, user, params }) => {
  const conversationId = apiIdParam(params.id, MESSAGING_ERRORS.read["not-found"]);
  if (!(await markConversationRead({ db, conversationId, userId: user.id }))) return domainError(MESSAGING_ERRORS.read, "not-found");
  return { read: true };
});
export const loader = route.loader;
export const action = route.action;
