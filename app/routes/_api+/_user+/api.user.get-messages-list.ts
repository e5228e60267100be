import { apiRoute } from "~/auth/api-route.server";
import { listConversations } from "~/models/messaging/conversations.server";

/**
 * GET /api/user/get-messages-list -> [{conversation_id, other_id, other_username, other_avatar, lastMessage, dt,
 * unread}], most recent first; other_avatar is a file name for /api/files/{name} (or null).
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) =>
  (await listConversations({ db, userId: user.id })).map((c) => ({
    conversation_id: c.id,
    other_id: c.other.id,
    other_username: c.other.username,
    other_avatar: c.other.avatar,
    lastMessage: c.lastMessage,
    dt: c.lastMessageAt.toISOString(),
    unread: c.unread,
  })));
export const loader = route.loader;
export const action = route.action;
