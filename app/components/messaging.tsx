import { useMatches } from "@remix-run/react";

import { useHydrated } from "~/components/use-hydrated";
import { formatMessageDate } from "~/utils/dates";
import { fileUrl } from "~/utils/media";

/** A user's avatar in conversations (their own picture, or their store's logo), or their initial. */
export function Avatar({ name, avatar, size = 40 }: { name: string; avatar: string | null; size?: 40 | 64 }) {
  const box = size === 64 ? "h-16 w-16 text-xl" : "h-10 w-10 text-sm";
  if (avatar) {
    return <img src={fileUrl(avatar, 200)} width={size} height={size} alt="" className={`${box} shrink-0 rounded-full border border-slate-200 object-cover`} />;
  }
  return (
    <span aria-hidden="true" className={`${box} flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800`}>
      {name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** DD/MM/YYYY HH:mm: in UTC from the server, in the reader's own zone once JavaScript runs. */
export function MessageDate({ iso }: { iso: string }) {
  const hydrated = useHydrated();
  return (
    <time dateTime={iso} title={iso} className="text-xs text-slate-600">
      {formatMessageDate(iso, { utc: !hydrated })}
    </time>
  );
}

/**
 * The header's unread count. It comes with the session's user (root loader), read before a conversation page marks
 * its conversation read in the same request, or on an earlier page: on a conversation that was unread, it is one
 * less. The root loader runs again when the reader leaves a conversation (root.tsx shouldRevalidate).
 */
export function useUnreadConversations(fromSession: number): number {
  const matches = useMatches();
  const reading = matches.some((m) => m.id === "routes/_messaging+/message.$id" && (m.data as { wasUnread?: boolean } | undefined)?.wasUnread);
  return Math.max(0, fromSession - (reading ? 1 : 0));
}
