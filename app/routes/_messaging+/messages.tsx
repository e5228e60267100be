import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { Avatar } from "~/components/messaging";
import { listConversations } from "~/models/messaging/conversations.server";
import { getDb } from "~/utils/db.server";
import { timeAgo } from "~/utils/dates";
import { requireUser } from "~/auth/guards.server";

export const meta: MetaFunction = () => [{ title: "Messages · Patternhouse" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const now = Date.now();
  const conversations = (await listConversations({ db: getDb(), userId: user.id })).map((c) => ({
    id: c.id,
    username: c.other.username,
    avatar: c.other.avatar,
    storeName: c.other.storeName,
    lastMessage: c.lastMessage,
    ago: timeAgo(c.lastMessageAt, now),
    dt: c.lastMessageAt.toISOString(),
    unread: c.unread,
  }));
  return { conversations, unread: conversations.filter((c) => c.unread).length };
}

export default function MessagesPage() {
  const { conversations, unread } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">Messages</h1>
      {unread ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="unread-summary">
          {unread} unread {unread === 1 ? "conversation" : "conversations"}
        </p>
      ) : null}
      {conversations.length === 0 ? (
        <p className="mt-8 text-slate-600">No messages yet</p>
      ) : (
        <ul className="mt-6 divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Conversations">
          {conversations.map((c) => (
            <li key={c.id}>
              <Link
                to={`/message/${c.id}`}
                className={`flex items-center gap-4 px-4 py-3 hover:bg-slate-50 ${c.unread ? "bg-brand-50" : ""}`}
                aria-label={`${c.username}${c.unread ? ", unread" : ""}`}
              >
                <Avatar name={c.username} avatar={c.avatar} />
                <div className="min-w-0 flex-1">
                  <div className="flex items-baseline justify-between gap-2">
                    <p className={`truncate ${c.unread ? "font-bold" : "font-medium"}`}>
                      {c.username}
                      {c.storeName ? <span className="ml-2 text-sm font-normal text-slate-500">{c.storeName}</span> : null}
                    </p>
                    <time dateTime={c.dt} className="shrink-0 text-xs text-slate-500">
                      {c.ago}
                    </time>
                  </div>
                  <p className={`truncate text-sm ${c.unread ? "text-slate-900" : "text-slate-600"}`}>{c.lastMessage}</p>
                </div>
                {c.unread ? (
                  <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white" data-testid="unread-mark">
                    New
                  </span>
                ) : null}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
