import type { LoaderFunctionArgs } from "@remix-run/node";

import { listConversations } from "~/models/messaging/conversations.server";
import { apiError } from "~/utils/api.server";
import { requireApiUser } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/get-messages-list -> [{conversation_id, other_id, other_username, other_avatar, lastMessage, dt,
 * unread}], most recent first; other_avatar is a file name for /api/files/{name} (or null).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(
    listConversations({ db: getDb(), userId: user.id }).map((c) => ({
      conversation_id: c.id,
      other_id: c.other.id,
      other_username: c.other.username,
      other_avatar: c.other.avatar,
      lastMessage: c.lastMessage,
      dt: c.lastMessageAt.toISOString(),
      unread: c.unread,
    })),
  );
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
