import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { useEffect } from "react";

import { MessageBox, SendButton } from "~/components/message-form";
import { Avatar, MessageDate } from "~/components/messaging";
import { useSubmittingIntent } from "~/components/forms";
import { blockUser, hasBlocked, unblockUser } from "~/models/messaging/blocks.server";
import { getConversation, markConversationRead } from "~/models/messaging/conversations.server";
import { MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { listMessages, sendMessageAndNotify } from "~/models/messaging/messages.server";
import { SendMessageSchema } from "~/schemas/messages";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/mail.server";
import { requireUser } from "~/auth/guards.server";
import { invariantResponse } from "~/utils/invariant";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.other.username} · Messages · Patternhouse` : "Conversation not found · Patternhouse" },
];

async function loadConversation(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const conversation = await getConversation({ db: getDb(), conversationId: Number(id), userId: user.id });
  invariantResponse(conversation, "Not found", { status: 404 });
  return { user, conversation };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, conversation } = await loadConversation(request, params.id);
  const db = getDb();
  const messages = await listMessages({ db, conversationId: conversation.id, viewerId: user.id });
  // A GET never writes (decision 161): the page is marked read by its "read" post (sent on open with JavaScript,
  // the button without it) or by a reply.
  const readBefore = conversation.readAt?.getTime() ?? 0;
  const isNew = (m: (typeof messages)[number]) => m.senderId !== user.id && m.createdAt.getTime() > readBefore;
  return {
    id: conversation.id,
    // The header's count was read with the session's user, before the conversation was marked read.
    wasUnread: messages.some(isNew),
    other: conversation.other,
    blockedByMe: await hasBlocked({ db, blockerId: user.id, blockedId: conversation.other.id }),
    messages: messages.map((m) => ({
      id: m.id,
      mine: m.senderId === user.id,
      username: m.username,
      avatar: m.avatar,
      content: m.content,
      dt: m.createdAt.toISOString(),
      isNew: isNew(m),
      order: m.order ? { id: m.order.id, productName: m.order.productName, href: m.order.viewerIsBuyer ? `/purchase/${m.order.id}` : `/sale/${m.order.id}` } : null,
    })),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, conversation } = await loadConversation(request, params.id);
  const db = getDb();
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const here = `/message/${conversation.id}`;
  if (intent === "read") {
    await markConversationRead({ db, conversationId: conversation.id, userId: user.id });
    // The page's own post on open (a fetcher) needs no answer; the no-JS button comes back to the page.
    return formData.get("via") === "script" ? null : redirect(here);
  }
  if (intent === "block" || intent === "unblock") {
    if (intent === "block") await blockUser({ db, blockerId: user.id, blockedId: conversation.other.id });
    else await unblockUser({ db, blockerId: user.id, blockedId: conversation.other.id });
    return redirect(here);
  }
  const submission = parseWithZod(formData, { schema: SendMessageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await sendMessageAndNotify({
    db,
    senderId: user.id,
    to: conversation.other.id,
    content: submission.value.message,
    origin: publicOrigin(request),
  });
  if (!result.ok) {
    const { status, message } = MESSAGING_ERRORS.send[result.error];
    return data(submission.reply({ formErrors: [message] }), { status });
  }
  return redirect(here);
}

/**
 * Marking read changes nothing on screen: neither this page (its "New" labels stay until the next visit) nor the
 * header (its count already leaves this conversation out, useUnreadConversations) is read again for it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get("intent") === "read" ? false : defaultShouldRevalidate;

/** With JavaScript, an unread conversation is marked read as soon as it is shown (one post, decision 161). */
function useMarkRead(wasUnread: boolean) {
  const { submit } = useFetcher();
  useEffect(() => {
    if (wasUnread) submit({ intent: "read", via: "script" }, { method: "post" });
  }, [wasUnread, submit]);
}

export default function ConversationPage() {
  const { id, other, blockedByMe, messages, wasUnread } = useLoaderData<typeof loader>();
  useMarkRead(wasUnread);
  const lastResult = useActionData<typeof action>();
  const sending = useSubmittingIntent("reply");
  const [form, fields] = useForm({
    id: "reply",
    lastResult,
    constraint: getZodConstraint(SendMessageSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SendMessageSchema }),
  });
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/messages" className="text-sm text-slate-600 hover:text-brand-700">
        ← Messages
      </Link>
      <header className="mt-4 flex flex-wrap items-center gap-4">
        <Avatar name={other.username} avatar={other.avatar} size={64} />
        <div className="min-w-0 flex-1 basis-48">
          <h1 className="text-2xl font-bold tracking-tight">{other.username}</h1>
          {other.storeName !== null ? (
            <Link to={`/store/${other.id}`} className="text-sm text-brand-700 hover:underline">
              {other.storeName.trim() || "Store Name Unavailable"}
            </Link>
          ) : null}
          {other.bio ? <p className="mt-1 whitespace-pre-line text-sm text-slate-600">{other.bio}</p> : null}
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value={blockedByMe ? "unblock" : "block"} />
          <button type="submit" className="btn-secondary">
            {blockedByMe ? `Unblock ${other.username}` : `Block ${other.username}`}
          </button>
        </Form>
      </header>
      {blockedByMe ? (
        <p className="mt-4 rounded-md border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          You blocked {other.username}: they cannot send you messages.
        </p>
      ) : null}
      <ol className="mt-6 space-y-4" aria-label="Messages">
        {messages.map((m) => (
          <li key={m.id} className={`flex gap-3 ${m.mine ? "flex-row-reverse text-right" : ""}`} data-testid="message">
            <Avatar name={m.username} avatar={m.avatar} />
            <div className={`max-w-[80%] rounded-lg px-4 py-2 ${m.mine ? "bg-brand-50" : "bg-slate-100"}`}>
              <p className="text-sm">
                <span className="font-semibold">{m.username}</span> <MessageDate iso={m.dt} />
                {m.isNew ? <span className="ml-2 text-xs font-semibold text-brand-700">New</span> : null}
              </p>
              {m.order ? (
                <p className="text-xs text-slate-600">
                  About{" "}
                  <Link to={m.order.href} className="text-brand-700 hover:underline">
                    order #{m.order.id}
                  </Link>
                  {m.order.productName ? ` · ${m.order.productName}` : null}
                </p>
              ) : null}
              <p className="mt-1 whitespace-pre-line break-words text-left">{m.content}</p>
            </div>
          </li>
        ))}
      </ol>
      {wasUnread ? (
        <noscript>
          <Form method="post" className="mt-4">
            <button type="submit" name="intent" value="read" className="btn-secondary">
              Mark as read
            </button>
          </Form>
        </noscript>
      ) : null}
      <Form method="post" {...getFormProps(form)} key={messages.length} className="mt-8 space-y-3" action={`/message/${id}`}>
        <input type="hidden" name="intent" value="reply" />
        <MessageBox form={form} field={fields.message} label="Your reply" rows={4} />
        <SendButton sending={sending}>Send Message</SendButton>
      </Form>
    </div>
  );
}
