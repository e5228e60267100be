import { apiRoute, domainError } from "~/auth/api-route.server";
import { getConversation } from "~/models/messaging/conversations.server";
import { MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { listMessages, toMessageJson } from "~/models/messaging/messages.server";
import { apiIdParam } from "~/utils/api-params.server";

/**
 * GET /api/user/get-messages/{conversationId} -> [{id, from_username, from_id, content, dt, order_id}], oldest
 * first. Not a participant: 404. A GET never writes (decision 161): POST /api/user/read-conversation/{id} marks it
 * read, as the conversation page does when opened.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user, params }) => {
  const conversationId = apiIdParam(params.id, MESSAGING_ERRORS.read["not-found"]);
  if (!(await getConversation({ db, conversationId, userId: user.id }))) return domainError(MESSAGING_ERRORS.read, "not-found");
  return (await listMessages({ db, conversationId, viewerId: user.id })).map(toMessageJson);
});
export const loader = route.loader;
export const action = route.action;
