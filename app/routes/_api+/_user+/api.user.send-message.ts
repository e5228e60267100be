import type { ActionFunctionArgs } from "@remix-run/node";

import { MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { listMessages, sendMessageAndNotify, toMessageJson } from "~/models/messaging/messages.server";
import { ApiSendMessageSchema } from "~/schemas/messages";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";
import { publicOrigin } from "~/utils/mail.server";

/**
 * POST /api/user/send-message {to, message, order_id?}: `to` is the recipient's user id (a store's owner id).
 * Answers 201 with the conversation's messages (as GET /api/user/get-messages/{id}), the conversation in the
 * `Location` and `X-Conversation-Id` headers.
 */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const user = await requireApiUser(request);
  const body = await parseBody(request, ApiSendMessageSchema);
  const db = getDb();
  const result = await sendMessageAndNotify({
    db,
    senderId: user.id,
    to: body.to,
    content: body.message,
    orderId: body.order_id ?? null,
    origin: publicOrigin(request),
  });
  if (!result.ok) {
    const { status, message } = MESSAGING_ERRORS.send[result.error];
    return apiError(status, message);
  }
  const messages = listMessages({ db, conversationId: result.conversationId, viewerId: user.id }).map(toMessageJson);
  return Response.json(messages, {
    status: 201,
    headers: { Location: `/api/user/get-messages/${result.conversationId}`, "X-Conversation-Id": String(result.conversationId) },
  });
}

export async function loader() {
  return apiError(405, "Use POST");
}
