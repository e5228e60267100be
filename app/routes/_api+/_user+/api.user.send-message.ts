import { apiRoute, domainError } from "~/auth/api-route.server";
import { MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { listMessages, sendMessageAndNotify, toMessageJson } from "~/models/messaging/messages.server";
import { ApiSendMessageSchema } from "~/schemas/messages";
import { publicOrigin } from "~/utils/mail.server";

/**
 * POST /api/user/send-message {to, message, order_id?}: `to` is the recipient's user id (a store's owner id).
 * Answers 201 with the conversation's messages (as GET /api/user/get-messages/{id}), the conversation in the
 * `Location` and `X-Conversation-Id` headers.
 */
const route = apiRoute({ method: "POST", guard: "user", body: ApiSendMessageSchema }, async ({ request, db, user, body }) => {
  const origin = publicOrigin(request);
  const result = await sendMessageAndNotify({ db, senderId: user.id, to: body.to, content: body.message, orderId: body.order_id ?? null, origin });
  if (!result.ok) return domainError(MESSAGING_ERRORS.send, result.error);
  const messages = (await listMessages({ db, conversationId: result.conversationId, viewerId: user.id })).map(toMessageJson);
  return Response.json(messages, {
    status: 201,
    headers: { Location: `/api/user/get-messages/${result.conversationId}`, "X-Conversation-Id": String(result.conversationId) },
  });
});
export const loader = route.loader;
export const action = route.action;
