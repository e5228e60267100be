import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import { CardSection } from "~/components/card-section";
import { AuditLog } from "~/components/admin/audit-log";
import { AdminError, AdminPageTitle, AdminSection } from "~/components/admin/page-head";
import { CarrierField } from "~/components/carrier-field";
import { ErrorList, Field, SubmitButton, useSubmittingIntent } from "~/components/forms";
import { OrderDocumentLinks } from "~/components/order-documents";
import { AnswerRequestForm, RefundRequestSummary } from "~/components/refund-request";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { refundRequestsOfOrder, toRefundRequestView } from "~/models/buying/refund-request-rows.server";
import { answerRefundRequest } from "~/models/buying/refund-requests.server";
import { AnswerRefundRequestSchema } from "~/schemas/refund-requests";
import { listAudit } from "~/models/platform/audit.server";
import { getAdminOrder, saleCreditCents } from "~/models/admin/orders.server";
import { MADE_TO_MEASURE_FLAG } from "~/models/patterns/mtm-label";
import { toAdminOrderView, toBusinessEvidence, toOrderAuditView, toShipFromView } from "~/models/admin/views.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { refundOrder } from "~/models/buying/refunds.server";
import { shipOrderAsAdmin } from "~/models/admin/shipping.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { getStripe } from "~/models/payments/providers.server";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { orderDocuments } from "~/models/tax/invoices.server";
import { ShipSchema } from "~/schemas/admin";
import { orderStatusLabel } from "~/utils/catalog";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { formatCents } from "~/utils/money";
import { formatRateBp } from "~/utils/numbers";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireAdmin } from "~/auth/guards.server";
import { idParam, invariantResponse } from "~/utils/invariant";

const LABEL_MISSING = "Shipping label is not available yet. Please try again later or contact support.";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `Order #${data?.order.id ?? ""} · Admin · Patternhouse` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const orderId = idParam(params.id);
  const view = await getAdminOrder({ db, orderId });
  invariantResponse(view, "Not found", { status: 404 });
  const { order } = view;
  const settings = await getPlatformSettings({ db });
  return {
    order: { ...toAdminOrderView(order, { creditCents: await saleCreditCents({ db, order }) }), discountCents: order.discountCents, discountCode: view.discountCode },
    buyer: view.buyer,
    seller: view.seller,
    store: view.store,
    patternFile: view.patternFile,
    provider: view.checkout.provider,
    business: toBusinessEvidence(view.checkout),
    shipFrom: toShipFromView(settings),
    documents: await orderDocuments({ db, orderId: order.id, viewer: admin }),
    audit: toOrderAuditView(await listAudit({ db, targetType: "order", targetId: order.id }), order),
    refundRequest: toRefundRequestView(view.refundRequest),
    // The requests answered before the latest (a declined one the buyer asked again after), oldest first.
    earlierRequests: (await refundRequestsOfOrder({ db, orderId: order.id }))
      .filter((r) => r.id !== view.refundRequest?.id)
      .map((r) => toRefundRequestView(r)!),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const orderId = idParam(params.id);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  if (intent === "ship") {
    const submission = parseWithZod(formData, { schema: ShipSchema });
    if (submission.status !== "success") return data({ intent: "ship" as const, result: submission.reply(), error: null }, { status: 400 });
    const result = await shipOrderAsAdmin({ db, orderId, adminId: admin.id, ...submission.value });
    if (!result.ok) {
      return data({ intent: "ship" as const, result: submission.reply({ formErrors: [SELLING_ERRORS.ship[result.error].message] }), error: null }, { status: SELLING_ERRORS.ship[result.error].status });
    }
    const message = result.updated ? `The tracking of order #${orderId} is updated.` : `Order #${orderId} is marked as shipped.`;
    return redirectWithFlash(request, `/admin/order/${orderId}`, { kind: "success", message });
  }
  if (intent === "refund") {
    const result = await refundOrder({ db, orderId, adminId: admin.id, stripe: getStripe() });
    if (!result.ok) {
      return data({ intent: "refund" as const, result: null, error: ADMIN_ERRORS.refund[result.error].message }, { status: ADMIN_ERRORS.refund[result.error].status });
    }
    return redirectWithFlash(request, `/admin/order/${orderId}`, {
      kind: "success",
      message: `Order #${orderId} was refunded: ${formatCents(result.refundedCents)} back to the buyer.`,
    });
  }
  if (intent === "answer-request") {
    // The buyer's refund or cancel request (decision 110): the administrator answers it as the seller would.
    const submission = parseWithZod(formData, { schema: AnswerRefundRequestSchema });
    if (submission.status !== "success") return data({ intent: "answer-request" as const, result: submission.reply(), error: null }, { status: 400 });
    const { requestId, decision, answer } = submission.value;
    const result = await answerRefundRequest({ db, requestId, actor: { admin: true, userId: admin.id }, accept: decision === "accept", answer, stripe: getStripe() });
    if (!result.ok) {
      const { status, message } = BUYING_ERRORS.answerRefundRequest[result.error];
      return data({ intent: "answer-request" as const, result: submission.reply({ formErrors: [message] }), error: null }, { status });
    }
    const message = decision === "accept" ? `Order #${orderId} was refunded.` : "Your answer was sent to the buyer.";
    return redirectWithFlash(request, `/admin/order/${orderId}`, { kind: "success", message });
  }
  return data({ intent: null, result: null, error: "Unknown action" }, { status: 400 });
}

export default function AdminOrder() {
  const { order, buyer, seller, store, patternFile, provider, business, shipFrom, documents, audit, refundRequest, earlierRequests } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [searchParams] = useSearchParams();
  const confirming = searchParams.get("refund") === "confirm" && order.refundable;
  const labelAsked = searchParams.get("label") === "missing";
  const s = order.shipping;
  return (
    <article aria-labelledby="order-heading">
      <AdminPageTitle id="order-heading" back={{ to: "/admin", label: "All orders" }}>
        Order #{order.id}
      </AdminPageTitle>
      <p className="mt-1 text-slate-700">
        Status: <strong data-testid="order-status">{orderStatusLabel(order)}</strong>
      </p>
      <AdminError message={actionData?.error} />
      <AdminError message={labelAsked && !order.labelUrl ? LABEL_MISSING : null} />

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-2">
        <CardSection id="details-heading" title="Order details">
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Date</dt>
            <dd>{order.date} UTC</dd>
            <dt className="text-slate-600">Product</dt>
            <dd>
              {order.productName} (#{order.productId})
            </dd>
            <dt className="text-slate-600">Type</dt>
            <dd>
              {order.typeLabel}
              {order.madeToMeasure ? <span data-testid="made-to-measure-flag"> · {MADE_TO_MEASURE_FLAG}</span> : null}
            </dd>
            <dt className="text-slate-600">Variant</dt>
            <dd>{order.variants.length ? order.variants.map((v) => `${v.name}: ${v.value}`).join(", ") : "None"}</dd>
            <dt className="text-slate-600">Quantity</dt>
            <dd>{order.quantity}</dd>
            <dt className="text-slate-600">Amount</dt>
            <dd>{formatCents(order.amountCents)}</dd>
            {order.discountCents > 0 ? (
              <>
                <dt className="text-slate-600">Discount</dt>
                <dd data-testid="admin-order-discount">
                  {formatCents(order.discountCents)} off{order.discountCode ? ` with the code ${order.discountCode}` : ""}: the amount above is after the discount
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">Printing and shipping</dt>
            <dd>{formatCents(order.shippingCents)}</dd>
            <dt className="text-slate-600">Tax</dt>
            <dd>
              {formatCents(order.taxCents)}
              {order.reverseCharge ? ` (reverse charge, ${order.taxCountry})` : order.taxCountry ? ` (VAT ${order.taxCountry} ${formatRateBp(order.taxRateBp)})` : ""}
            </dd>
            {business ? (
              <>
                <dt className="text-slate-600">Business buyer</dt>
                <dd data-testid="admin-order-business">
                  {business.company_name ? `${business.company_name}, ` : ""}VAT {business.vat_number}
                  {business.confirmed_by ? (
                    <span className="block text-sm text-slate-600">
                      Confirmed by {business.confirmed_by === "hmrc" ? "HMRC" : "VIES"} on {business.checked_at?.slice(0, 16).replace("T", " ")} UTC, reference {business.reference}
                      {business.registered_name ? `; registered as ${business.registered_name}` : ""}
                      {business.registered_address ? `, ${business.registered_address.replace(/\n/g, ", ")}` : ""}
                    </span>
                  ) : null}
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">Invoice, receipt</dt>
            <dd>
              <OrderDocumentLinks orderId={order.id} documents={documents} />
            </dd>
            <dt className="text-slate-600">Platform fee</dt>
            <dd>{formatCents(order.feeCents)}</dd>
            <dt className="text-slate-600">Seller credit</dt>
            <dd>{formatCents(order.creditCents)}</dd>
            <dt className="text-slate-600">Payment</dt>
            <dd>{provider === "stripe" ? "Stripe" : "Local test provider"}</dd>
            {order.refundId ? (
              <>
                <dt className="text-slate-600">Refund</dt>
                <dd>
                  {order.refundId} on {order.refundedAt} UTC
                </dd>
              </>
            ) : null}
            <dt className="text-slate-600">Pattern file</dt>
            <dd>
              {patternFile ? (
                <a href={`/api/files/${patternFile}`} className="text-brand-700 hover:underline">
                  Download pattern file
                </a>
              ) : (
                "None"
              )}
            </dd>
          </dl>
        </CardSection>

        <CardSection id="people-heading" title="Buyer and seller">
          <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
            <dt className="text-slate-600">Buyer</dt>
            <dd>
              <Link to={`/admin/user/${buyer.id}`} className="text-brand-700 hover:underline">
                {buyer.firstName} {buyer.lastName}
              </Link>
            </dd>
            <dt className="text-slate-600">Buyer email</dt>
            <dd>{buyer.email}</dd>
            <dt className="text-slate-600">Seller</dt>
            <dd>
              <Link to={`/admin/user/${seller.id}`} className="text-brand-700 hover:underline">
                {seller.firstName} {seller.lastName}
              </Link>
            </dd>
            <dt className="text-slate-600">Seller email</dt>
            <dd>{seller.email}</dd>
            <dt className="text-slate-600">Store</dt>
            <dd>
              <Link to={`/admin/store/${store.id}`} className="text-brand-700 hover:underline">
                {store.name.trim() || `Store #${store.id}`}
              </Link>
            </dd>
          </dl>
          <h3 className="mt-4 font-semibold">Shipping details</h3>
          {order.physical ? (
            <address className="mt-1 text-sm not-italic">
              {[s.shipping_name ?? `${s.first_name ?? ""} ${s.last_name ?? ""}`.trim(), s.street, s.street2, `${s.city ?? ""}, ${s.state ?? ""} ${s.postal_code ?? ""}`, s.country, s.phone]
                .filter((l) => l && l.trim() && l.trim() !== ",")
                .map((l) => (
                  <span key={l} className="block">
                    {l}
                  </span>
                ))}
            </address>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Digital download: nothing to ship.</p>
          )}
          {order.tracking ? (
            <p className="mt-3 text-sm">
              Tracking: {order.carrier} {order.tracking}
              {order.trackingUrl ? (
                <>
                  {" "}
                  (
                  <a href={order.trackingUrl} rel="noreferrer noopener" className="text-brand-700 hover:underline">
                    track
                  </a>
                  )
                </>
              ) : null}
              {order.shippedAt ? `, shipped ${order.shippedAt} UTC` : ""}
            </p>
          ) : null}
        </CardSection>
      </div>

      {order.physical ? (
        <AdminSection id="shipping-heading" title="Shipping">
          {order.printed ? (
            <p className="mt-1 text-sm text-slate-600">
              Printed by the platform; ships from {shipFrom.name ? `${shipFrom.name}, ` : ""}
              {shipFrom.lines.join(", ") || "the address in the platform settings"}.
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Apparel ships from the seller; mark it shipped here on their behalf.</p>
          )}
          <div className="mt-3">
            {order.labelUrl ? (
              <a href={order.labelUrl} className="btn-secondary">
                Shipping label
              </a>
            ) : (
              <Link to="?label=missing" className="btn-secondary">
                Shipping label
              </Link>
            )}
          </div>
          {order.status === "Pending" || order.status === "Shipped" ? (
            <ShipForm update={order.status === "Shipped"} lastResult={actionData?.intent === "ship" ? actionData.result : undefined} />
          ) : null}
        </AdminSection>
      ) : null}

      {refundRequest ? (
        <AdminSection id="request-heading" title="Refund request">
          {earlierRequests.map((earlier) => (
            <div key={earlier.id} className="mb-4 border-b border-slate-100 pb-4">
              <RefundRequestSummary request={earlier} heading={`Earlier: the buyer asked for ${earlier.kind === "cancel" ? "a cancellation" : "a refund"}`} />
            </div>
          ))}
          <RefundRequestSummary request={refundRequest} heading={`The buyer asks for ${refundRequest.kind === "cancel" ? "a cancellation" : "a refund"}`} />
          {refundRequest.status === "open" ? (
            <AnswerRequestForm
              request={refundRequest}
              action={`/admin/order/${order.id}`}
              lastResult={actionData?.intent === "answer-request" ? actionData.result : undefined}
            />
          ) : null}
        </AdminSection>
      ) : null}

      <AdminSection id="refund-heading" title="Refund">
        {order.status === "Refunded" ? (
          <p className="mt-1 text-sm">This order was refunded on {order.refundedAt} UTC.</p>
        ) : !order.refundable ? (
          <p className="mt-1 text-sm text-slate-600">Only Pending or Shipped orders can be refunded.</p>
        ) : order.refundPending ? (
          <p className="mt-1 text-sm">A refund of this order is in progress.</p>
        ) : confirming ? (
          <RefundConfirm refundCents={order.refundCents} creditCents={order.creditCents} orderId={order.id} />
        ) : (
          <>
            <p className="mt-1 text-sm text-slate-600">
              Gives the buyer {formatCents(order.refundCents)} back and debits the seller {formatCents(order.creditCents)}.
            </p>
            <Link to="?refund=confirm" className="btn mt-3">
              Refund
            </Link>
          </>
        )}
      </AdminSection>

      <AuditLog entries={audit} />
    </article>
  );
}

function RefundConfirm({ refundCents, creditCents, orderId }: { refundCents: number; creditCents: number; orderId: number }) {
  const submitting = useSubmittingIntent("refund");
  return (
    <Form method="post" action={`/admin/order/${orderId}`} className="mt-2 rounded-md border border-amber-300 bg-amber-50 p-4" aria-labelledby="refund-confirm">
      <p id="refund-confirm" className="font-medium">
        Refund order #{orderId}? The buyer gets {formatCents(refundCents)} back, the seller&apos;s balance is debited{" "}
        {formatCents(creditCents)}, and a digital pattern can no longer be downloaded. This cannot be undone.
      </p>
      <input type="hidden" name="intent" value="refund" />
      <div className="mt-3 flex gap-3">
        <SubmitButton submitting={submitting}>
          Yes, refund
        </SubmitButton>
        <Link to={`/admin/order/${orderId}`} className="btn-secondary">
          Cancel
        </Link>
      </div>
    </Form>
  );
}

function ShipForm({ update, lastResult }: { update: boolean; lastResult?: SubmissionResult<string[]> | null }) {
  const submitting = useSubmittingIntent("ship");
  const [form, fields] = useForm({
    id: "ship",
    lastResult,
    constraint: getZodConstraint(ShipSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShipSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-4 grid gap-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <input type="hidden" name="intent" value="ship" />
      <Field label="Tracking number" inputProps={{ ...getInputProps(fields.tracking, { type: "text" }) }} errors={fields.tracking.errors} />
      <CarrierField field={fields.carrier} />
      <SubmitButton submitting={submitting}>
        {update ? "Update tracking" : "Ship"}
      </SubmitButton>
      <div id={form.errorId} className="sm:col-span-3" aria-live="polite">
        <ErrorList errors={form.errors} />
      </div>
    </Form>
  );
}
