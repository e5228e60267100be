import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";

import { MessageBox, SendButton } from "~/components/message-form";
import { Avatar } from "~/components/messaging";
import { getParticipant } from "~/models/messaging/conversations.server";
import { MESSAGING_ERRORS } from "~/models/messaging/errors.server";
import { orderBetween, sendMessageAndNotify } from "~/models/messaging/messages.server";
import { ComposeMessageSchema } from "~/schemas/messages";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { publicOrigin } from "~/utils/mail.server";
import { requireUser } from "~/auth/guards.server";
import { invariantResponse } from "~/utils/invariant";
import { isId } from "~/utils/ids";

export const meta: MetaFunction = () => [{ title: "New message · Patternhouse" }];

/**
 * /messages/new?to={userId}&order={orderId}: a message to a user, optionally about an order between the two
 * ('Message the seller' on /purchase/{id}, 'Message the buyer' on /sale/{id}).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const to = Number(url.searchParams.get("to"));
  const db = getDb();
  const other = isId(to) && to !== user.id ? await getParticipant({ db, userId: to }) : undefined;
  invariantResponse(other, "Not found", { status: 404 });
  const orderParam = url.searchParams.get("order");
  const order = orderParam ? await orderBetween({ db, orderId: Number(orderParam), userId: user.id, otherId: other.id }) : null;
  invariantResponse(order !== undefined, "Not found", { status: 404 });
  return {
    other,
    order: order ? { id: order.id, productName: order.productName, back: order.buyerId === user.id ? `/purchase/${order.id}` : `/sale/${order.id}` } : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const submission = parseWithZod(await readForm(request), { schema: ComposeMessageSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await sendMessageAndNotify({
    db: getDb(),
    senderId: user.id,
    to: submission.value.to,
    content: submission.value.message,
    orderId: submission.value.orderId ?? null,
    origin: publicOrigin(request),
  });
  if (!result.ok) {
    const { status, message } = MESSAGING_ERRORS.send[result.error];
    return data(submission.reply({ formErrors: [message] }), { status });
  }
  return redirect(`/message/${result.conversationId}`);
}

export default function NewMessagePage() {
  const { other, order } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [form, fields] = useForm({
    id: "compose",
    lastResult,
    constraint: getZodConstraint(ComposeMessageSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ComposeMessageSchema }),
  });
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <Link to={order?.back ?? "/messages"} className="text-sm text-slate-600 hover:text-brand-700">
        ← {order ? `Order #${order.id}` : "Messages"}
      </Link>
      <div className="mt-4 flex items-center gap-4">
        <Avatar name={other.username} avatar={other.avatar} size={64} />
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Message {other.username}</h1>
          {order ? (
            <p className="text-sm text-slate-600" data-testid="order-context">
              About order #{order.id}
              {order.productName ? ` · ${order.productName}` : null}
            </p>
          ) : null}
        </div>
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-3">
        <input type="hidden" name="to" value={other.id} />
        {order ? <input type="hidden" name="orderId" value={order.id} /> : null}
        <MessageBox form={form} field={fields.message} label="Message" rows={5} />
        <SendButton sending={sending}>Send Message</SendButton>
      </Form>
    </div>
  );
}
