import type { LoaderFunctionArgs } from "@remix-run/node";

import { getConversation, markConversationRead } from "~/models/messaging/conversations.server";
import { listMessages, toMessageJson } from "~/models/messaging/messages.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { apiIdParam } from "~/utils/api-params.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/get-messages/{conversationId} -> [{id, from_username, from_id, content, dt, order_id}], oldest
 * first; reading them marks the conversation read, as opening /message/{id} does. Not a participant: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const conversationId = apiIdParam(params.id, "Conversation not found");
  const db = getDb();
  const conversation = getConversation({ db, conversationId, userId: user.id });
  if (!conversation) return apiError(404, "Conversation not found");
  const messages = listMessages({ db, conversationId, viewerId: user.id }).map(toMessageJson);
  markConversationRead({ db, conversationId, userId: user.id });
  return Response.json(messages);
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
