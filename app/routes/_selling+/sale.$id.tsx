import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef } from "react";

import { OrderPanel } from "~/components/order-panel";
import { Note } from "~/components/flash";
import { CarrierField } from "~/components/carrier-field";
import { ErrorList, Field, SubmitButton } from "~/components/forms";
import { SellerTabs } from "~/components/seller-tabs";
import { useHydrated } from "~/components/use-hydrated";
import { TrackingLinkRow } from "~/components/tracking";
import { AnswerRequestForm, RefundRequestSummary } from "~/components/refund-request";
import { MADE_TO_MEASURE_FLAG } from "~/models/patterns/mtm-label";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { toRefundRequestView } from "~/models/buying/refund-request-rows.server";
import { answerRefundRequest } from "~/models/buying/refund-requests.server";
import { getStripe } from "~/models/payments/providers.server";
import { AnswerRefundRequestSchema } from "~/schemas/refund-requests";
import { orderCounterpart } from "~/models/messaging/messages.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { getShippingLabel } from "~/models/selling/labels.server";
import { getStoreOrder, shipOrder } from "~/models/selling/orders.server";
import { toSaleView } from "~/models/selling/views.server";
import { ShipSchema } from "~/schemas/selling";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/invariant";
import { formatCents } from "~/utils/money";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireSeller } from "~/auth/guards.server";
import { lookupId } from "~/utils/ids";

export const meta: MetaFunction = () => [{ title: "Sale · Patternhouse" }];

async function loadSale(request: Request, id: string | undefined) {
  const { store } = await requireSeller(request);
  const order = await getStoreOrder({ db: getDb(), storeId: store.id, orderId: lookupId(id) });
  invariantResponse(order, "Not found", { status: 404 });
  return { store, order };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { store, order } = await loadSale(request, params.id);
  const buyer = await orderCounterpart({ db: getDb(), orderId: order.id, userId: store.userId });
  return {
    order: toSaleView(order),
    messageBuyerHref: buyer?.href ?? null,
    refundRequest: toRefundRequestView(order.refundRequest),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { store, order } = await loadSale(request, params.id);
  const formData = await readForm(request);
  if (formData.get("intent") === "answer-request") return answerRequestAction(request, formData, { storeId: store.id, userId: store.userId, orderId: order.id });
  if (formData.get("intent") === "label") {
    const label = await getShippingLabel({ db: getDb(), orderId: order.id, actor: { storeId: store.id } });
    if (!label.ok) {
      const { status, message } = SELLING_ERRORS.label[label.error];
      return data({ labelError: message }, { status });
    }
    return redirectWithFlash(request, `/sale/${order.id}`, { kind: "success", message: "Your shipping label is ready." });
  }
  const submission = parseWithZod(formData, { schema: ShipSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const result = await shipOrder({ db: getDb(), orderId: order.id, actor: { storeId: store.id }, ...submission.value });
  if (!result.ok) {
    const { status, message } = SELLING_ERRORS.ship[result.error];
    return data(submission.reply({ formErrors: [message] }), { status });
  }
  return redirectWithFlash(request, `/sale/${order.id}`, {
    kind: "success",
    message: result.updated ? "Tracking updated successfully!" : "Order shipped successfully!",
  });
}

/** The seller's answer to the buyer's refund or cancel request (decision 110). */
async function answerRequestAction(request: Request, formData: FormData, { storeId, userId, orderId }: { storeId: number; userId: number; orderId: number }) {
  const submission = parseWithZod(formData, { schema: AnswerRefundRequestSchema });
  if (submission.status !== "success") return data({ answerResult: submission.reply() }, { status: 400 });
  const { requestId, decision, answer } = submission.value;
  const result = await answerRefundRequest({ db: getDb(), requestId, actor: { storeId, userId }, accept: decision === "accept", answer, stripe: getStripe() });
  if (!result.ok) {
    const { status, message } = BUYING_ERRORS.answerRefundRequest[result.error];
    return data({ answerResult: submission.reply({ formErrors: [message] }) }, { status });
  }
  return redirectWithFlash(request, `/sale/${orderId}`, {
    kind: "success",
    message: decision === "accept" ? "The order was refunded." : "Your answer was sent to the buyer.",
  });
}

type SaleView = ReturnType<typeof useLoaderData<typeof loader>>["order"];

export default function SalePage() {
  const { order, messageBuyerHref, refundRequest } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "status" in actionData ? actionData : undefined;
  const answerResult = actionData && "answerResult" in actionData ? actionData.answerResult : undefined;
  const labelError = actionData && "labelError" in actionData ? actionData.labelError : null;
  const address = order.shippingInfo;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10">
      <SellerTabs />
      <Link to="/my-orders" className="text-sm text-slate-600 hover:text-brand-700">
        ← Orders
      </Link>
      <OrderPanel
        titleId="sale-title"
        orderId={order.id}
        media={order.media}
        name={order.name}
        status={{ label: order.digital && order.status === "Pending" ? "Ready for Download" : order.status, testId: "sale-status" }}
      >
        <p className="text-sm text-slate-600">{order.date}</p>
        <p className="font-medium">
          <Link to={`/product/${order.productId}`} className="hover:text-brand-700">
            {order.name}
          </Link>
        </p>
        <p className="text-sm text-slate-600">
          {[...order.variants.map((v) => `${v.name}: ${v.value}`), order.typeLabel, `Quantity ${order.quantity}`].join(" · ")}
        </p>
        {order.madeToMeasure ? (
          <p className="text-sm font-medium" data-testid="made-to-measure-flag">
            {MADE_TO_MEASURE_FLAG}: the platform builds the buyer&apos;s size from your size chart.
          </p>
        ) : null}
        {messageBuyerHref ? (
          <p className="pt-2 text-sm">
            <Link to={messageBuyerHref} className="font-medium text-brand-700 hover:underline">
              Message the buyer
            </Link>
          </p>
        ) : null}
      </OrderPanel>

      {refundRequest ? (
        <section className="card p-6" aria-labelledby="request-title">
          <h2 id="request-title" className="text-lg font-semibold">
            Refund request
          </h2>
          <RefundRequestSummary request={refundRequest} heading={`The buyer asks for ${refundRequest.kind === "cancel" ? "a cancellation" : "a refund"}`} />
          {refundRequest.status === "open" ? <AnswerRequestForm request={refundRequest} lastResult={answerResult} /> : null}
        </section>
      ) : null}

      <section className="card p-6" aria-labelledby="amounts-title">
        <h2 id="amounts-title" className="text-lg font-semibold">
          Amounts
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-500">Amount</dt>
          <dd data-testid="sale-amount">{formatCents(order.amountCents)}</dd>
          {order.discountCents > 0 ? (
            <>
              <dt className="text-slate-500">Discount code</dt>
              <dd data-testid="sale-discount">{formatCents(order.discountCents)} off: the amount above is after the discount, and the fee is worked out on it</dd>
            </>
          ) : null}
          <dt className="text-slate-500">Platform fee</dt>
          <dd data-testid="sale-fee">{formatCents(order.feeCents)}</dd>
          <dt className="text-slate-500">Revenue</dt>
          <dd data-testid="sale-revenue" className="font-semibold">
            {formatCents(order.revenueCents)}
          </dd>
          <dt className="text-slate-500">Shipping charged</dt>
          <dd data-testid="sale-shipping">{formatCents(order.shippingCents)}</dd>
        </dl>
      </section>

      {order.digital ? (
        <section className="card p-6" aria-labelledby="file-title">
          <h2 id="file-title" className="text-lg font-semibold">
            Pattern file
          </h2>
          <p className="mt-2 text-sm text-slate-600">A Downloadable Pattern: the buyer downloads this file; nothing ships.</p>
          {order.patternFile ? (
            <a href={`/api/files/${order.patternFile}`} className="btn-secondary mt-3" download>
              Download {order.patternFileName ?? "the pattern file"}
            </a>
          ) : (
            <p className="mt-2 text-sm text-red-700">This design has no pattern file: upload one on the design form.</p>
          )}
        </section>
      ) : (
        <>
          <section className="card p-6" aria-labelledby="address-title">
            <h2 id="address-title" className="text-lg font-semibold">
              Shipping details
            </h2>
            <address className="mt-3 text-sm not-italic" data-testid="sale-address">
              {address.shipping_name || order.buyerName}
              <br />
              {address.street}
              {address.street2 ? (
                <>
                  <br />
                  {address.street2}
                </>
              ) : null}
              <br />
              {[address.city, address.state, address.postal_code].filter(Boolean).join(", ")}
              <br />
              {address.country}
            </address>
            {order.printed ? (
              <p className="mt-3 rounded-md bg-sky-50 p-3 text-sm text-sky-900">
                A Printed Pattern: the platform prints and ships it from Los Angeles. You do not ship this order.
              </p>
            ) : order.parcelSize ? (
              <p className="mt-3 text-sm text-slate-600">Parcel size: {order.parcelSize}</p>
            ) : null}
          </section>
          <TrackingSection order={order} labelError={labelError} />
          {order.canShip ? <ShipForm order={order} lastResult={lastResult} /> : null}
        </>
      )}
    </div>
  );
}

function TrackingSection({ order, labelError }: { order: SaleView; labelError: string | null }) {
  return (
    <section className="card p-6" aria-labelledby="tracking-title">
      <h2 id="tracking-title" className="text-lg font-semibold">
        Tracking
      </h2>
      {order.tracking ? (
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-6 gap-y-1 text-sm">
          <dt className="text-slate-500">Carrier</dt>
          <dd data-testid="sale-carrier">{order.carrier}</dd>
          <dt className="text-slate-500">Tracking number</dt>
          <dd data-testid="sale-tracking">{order.tracking}</dd>
          {order.shippedAt ? (
            <>
              <dt className="text-slate-500">Shipped</dt>
              <dd>{order.shippedAt}</dd>
            </>
          ) : null}
          <TrackingLinkRow url={order.trackingUrl} />
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600">Not shipped yet.</p>
      )}
      {order.labelUrl ? (
        <p className="mt-4 text-sm">
          <a href={`/sale/${order.id}/label`} className="btn-secondary" target="_blank" rel="noreferrer noopener">
            Download shipping label
          </a>
        </p>
      ) : order.canShip ? (
        <Form method="post" className="mt-4 space-y-2">
          <button type="submit" name="intent" value="label" className="btn-secondary" aria-describedby={labelError ? "label-error" : undefined}>
            Get shipping label
          </button>
          {labelError ? (
            <Note kind="error" id="label-error">
              {labelError}
            </Note>
          ) : null}
        </Form>
      ) : null}
    </section>
  );
}

/** The ship form: a <dialog> opened by a button with JavaScript, a plain section without. */
function ShipForm({ order, lastResult }: { order: SaleView; lastResult?: SubmissionResult<string[]> }) {
  const hydrated = useHydrated();
  const dialog = useRef<HTMLDialogElement>(null);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formMethod?.toLowerCase() === "post";
  const [form, fields] = useForm({
    id: "ship",
    lastResult,
    constraint: getZodConstraint(ShipSchema),
    defaultValue: { tracking: order.tracking ?? "", carrier: order.carrier ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShipSchema }),
  });
  const hasErrors = Boolean(lastResult?.error && Object.keys(lastResult.error).length);
  useEffect(() => {
    if (hydrated && hasErrors && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [hydrated, hasErrors]);
  const title = order.tracking ? "Update tracking" : "Ship order";
  const body = (
    <Form method="post" {...getFormProps(form)} className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="ship" />
      <ErrorList id={form.errorId} errors={form.errors} />
      <Field label="Tracking number" inputProps={{ ...getInputProps(fields.tracking, { type: "text" }), autoComplete: "off" }} errors={fields.tracking.errors} />
      <CarrierField field={fields.carrier} />
      <div className="flex gap-3">
        <SubmitButton submitting={submitting}>
          {order.tracking ? "Update Tracking" : "Mark as Shipped"}
        </SubmitButton>
        {hydrated ? (
          <button type="button" className="btn-secondary" onClick={() => dialog.current?.close()}>
            Cancel
          </button>
        ) : null}
      </div>
    </Form>
  );
  if (!hydrated) {
    return (
      <section id="ship-order" className="card p-6" aria-labelledby="ship-title">
        <h2 id="ship-title" className="text-lg font-semibold">
          {title}
        </h2>
        {body}
      </section>
    );
  }
  return (
    <section className="card flex items-center justify-between gap-4 p-6" aria-label="Shipping">
      <p className="text-sm text-slate-600">{order.tracking ? "Shipped. Wrong tracking number?" : "Ready to send? Enter the tracking number."}</p>
      <button type="button" className="btn" onClick={() => dialog.current?.showModal()}>
        {title}
      </button>
      <dialog ref={dialog} aria-labelledby="ship-title" className="card w-full max-w-md p-6 backdrop:bg-slate-900/40">
        <h2 id="ship-title" className="text-lg font-semibold">
          {title}
        </h2>
        {body}
      </dialog>
    </section>
  );
}
