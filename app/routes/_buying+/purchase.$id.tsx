import { parseWithZod } from "@conform-to/zod";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { CustomSizeLinks, MadeToMeasureLine } from "~/components/made-to-measure-order";
import { OrderDocumentLinks } from "~/components/order-documents";
import { OrderPanel } from "~/components/order-panel";
import { RateForm } from "~/components/rate-form";
import { RefundRequestSummary, RequestRefundForm } from "~/components/refund-request";
import { TrackingLinkRow } from "~/components/tracking";
import { BUYING_ERRORS } from "~/models/buying/errors";
import { getBuyerOrder, rateOrder } from "~/models/buying/orders.server";
import { getPurchase } from "~/models/buying/purchases.server";
import { requestRefund } from "~/models/buying/refund-requests.server";
import { toPurchaseView } from "~/models/buying/views.server";
import { orderDocuments } from "~/models/tax/invoices.server";
import { RateSchema } from "~/schemas/buying";
import { RefundRequestSchema } from "~/schemas/refund-requests";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/invariant";
import { formatCents } from "~/utils/money";
import { formatRateBp } from "~/utils/numbers";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireUser } from "~/auth/guards.server";
import { lookupId } from "~/utils/ids";

export const meta: MetaFunction = () => [{ title: "Purchase · Patternhouse" }];

async function loadOwnOrder(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const order = await getBuyerOrder({ db: getDb(), userId: user.id, orderId: lookupId(id) });
  invariantResponse(order, "Not found", { status: 404 });
  return { user, order };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const db = getDb();
  const purchase = await getPurchase({ db, userId: user.id, orderId: lookupId(params.id) });
  invariantResponse(purchase, "Not found", { status: 404 });
  return { ...toPurchaseView(purchase), documents: await orderDocuments({ db, orderId: purchase.order.id, viewer: user }) };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, order } = await loadOwnOrder(request, params.id);
  const formData = await readForm(request);
  if (formData.get("intent") === "request-refund") return requestRefundAction(request, formData, { userId: user.id, orderId: order.id });
  const submission = parseWithZod(formData, { schema: RateSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const result = await rateOrder({ db: getDb(), userId: user.id, orderId: order.id, ...submission.value });
  if (!result.ok) {
    const { status, message } = BUYING_ERRORS.rate[result.error];
    return data({ result: submission.reply({ formErrors: [message] }) }, { status });
  }
  return redirectWithFlash(request, `/purchase/${order.id}`, { kind: "success", message: "Thank you for your rating!" });
}

/** The buyer's refund or cancel request (decision 110): field errors in the form, the model's refusals above it. */
async function requestRefundAction(request: Request, formData: FormData, { userId, orderId }: { userId: number; orderId: number }) {
  const submission = parseWithZod(formData, { schema: RefundRequestSchema });
  if (submission.status !== "success") return data({ refundResult: submission.reply() }, { status: 400 });
  const result = await requestRefund({ db: getDb(), buyerId: userId, orderId, ...submission.value });
  if (!result.ok) {
    const { status, message } = BUYING_ERRORS.requestRefund[result.error];
    return data({ refundResult: submission.reply({ formErrors: [message] }) }, { status });
  }
  return redirectWithFlash(request, `/purchase/${orderId}`, { kind: "success", message: "Your request was sent to the seller." });
}

export default function PurchasePage() {
  const { order, files, refundHref, messageSellerHref, refundRequest, canRequestRefund, canCancel, documents } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const refundResult = actionData && "refundResult" in actionData ? actionData.refundResult : undefined;
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">
      <Link to="/purchases" className="text-sm text-slate-600 hover:text-brand-700">
        ← My purchases
      </Link>
      <OrderPanel titleId="order-title" orderId={order.id} media={order.media} name={order.name} paid={!order.refunded && !order.testerCopy} status={{ label: order.statusLabel, testId: "order-status" }}>
        <p className="text-sm text-slate-600">
          {order.quantity} {order.quantity === 1 ? "item" : "items"} · {order.date}
        </p>
        <p className="text-sm">
          Amount {formatCents(order.amountCents)} · Shipping {formatCents(order.shippingCents)} · {taxLabel(order)} {formatCents(order.taxCents)}
        </p>
        <p className="text-sm font-semibold" data-testid="order-total">
          {order.testerCopy ? "Total: free tester copy" : "Total paid"} {formatCents(order.totalCents)}
        </p>
        <OrderDocumentLinks orderId={order.id} documents={documents} />
        {order.discountCents > 0 ? (
          <p className="text-sm text-emerald-800" data-testid="order-discount">
            Discount code: {formatCents(order.discountCents)} off (amount after the discount)
          </p>
        ) : null}
        {order.refunded ? (
          <p className="text-sm font-medium text-slate-800" data-testid="order-refunded">
            Refunded {formatCents(order.refunded.cents)}
            {order.refunded.date ? ` on ${order.refunded.date}` : ""} to the card you paid with
          </p>
        ) : null}
        {order.status === "Pending" && !order.digital ? <p className="font-medium text-amber-700">Awaiting Shipment</p> : null}
        {order.digitalConsent ? (
          <p className="text-sm text-slate-600" data-testid="digital-consent">
            {order.digitalConsent}
          </p>
        ) : null}
      </OrderPanel>
      <section className="card p-6" aria-labelledby="items-title">
        <h2 id="items-title" className="text-lg font-semibold">
          Items
        </h2>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
          <div className="min-w-0">
            <Link to={`/product/${order.productId}`} className="font-medium hover:text-brand-700">
              {order.name}
            </Link>
            <p className="text-sm text-slate-600">{[...order.variants.map((v) => `${v.name}: ${v.value}`), order.typeLabel, ...(order.testerCopy ? ["Tester copy"] : [])].join(" · ")}</p>
            <MadeToMeasureLine measurements={order.measurements} />
          </div>
          <ItemAction order={order} />
        </div>
      </section>
      {files ? <PatternFiles orderId={order.id} files={files} /> : null}
      {order.digital ? null : <TrackingSection order={order} />}
      {order.reviewed ? (
        <p className="text-sm text-slate-600">You rated this product. Thank you!</p>
      ) : order.canRate ? (
        <>
          {order.testerCopy ? (
            <p className="text-sm text-slate-600" data-testid="tester-review-note">
              Your review of your free tester copy is shown marked &quot;Tester (free copy)&quot; and not counted in the design&apos;s rating.
            </p>
          ) : null}
          <RateForm lastResult={lastResult} />
        </>
      ) : order.status === "Refunded" ? null : (
        <p className="text-sm text-slate-600">You can rate this product once your order has shipped.</p>
      )}
      {refundRequest || canRequestRefund ? (
        <section className="card p-6" aria-labelledby="refund-request-title">
          <h2 id="refund-request-title" className="text-lg font-semibold">
            Refund or cancellation
          </h2>
          {refundRequest ? <RefundRequestSummary request={refundRequest} heading="Your request" /> : null}
          {canRequestRefund ? <RequestRefundForm canCancel={canCancel} lastResult={refundResult} /> : null}
        </section>
      ) : null}
      <p className="flex flex-wrap gap-4 text-sm">
        {messageSellerHref ? (
          <Link to={messageSellerHref} className="text-brand-700 hover:underline">
            Message the seller
          </Link>
        ) : null}
        {refundHref ? (
          <a href={refundHref} className="text-brand-700 hover:underline">
            Request a refund
          </a>
        ) : null}
      </p>
    </div>
  );
}

type OrderView = ReturnType<typeof useLoaderData<typeof loader>>["order"];

function ItemAction({ order }: { order: OrderView }) {
  if (order.digital) {
    return order.downloadable ? (
      <div className="text-right">
        <p className="text-sm font-medium text-emerald-700">Ready for Download</p>
        <a href={`/download/${order.id}`} className="btn mt-1" download>
          Download pattern
        </a>
        <p className="mt-2 text-sm">
          <Link to={`/purchase/${order.id}/cut-plan`} className="text-brand-700 hover:underline">
            Cut plan for production
          </Link>
        </p>
      </div>
    ) : (
      <p className="text-sm text-slate-600">Refunded: the download is no longer available.</p>
    );
  }
  return order.trackingUrl ? (
    <a href={order.trackingUrl} className="btn-secondary" rel="noreferrer noopener" target="_blank">
      Track parcel
    </a>
  ) : (
    <p className="text-sm text-slate-600">Tracking appears here once shipped.</p>
  );
}

type FilesView = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["files"]>;

/**
 * The buyer's pattern files: every format of the current version (stamped with the order), a plain GET form to
 * print only some sizes, and the earlier versions. Plain links and a native form: downloads work without JS.
 */
function PatternFiles({ orderId, files }: { orderId: number; files: FilesView }) {
  const { current } = files;
  return (
    <section className="card p-6" aria-labelledby="files-title">
      <h2 id="files-title" className="text-lg font-semibold">
        Pattern files
      </h2>
      {current ? (
        <p className="mt-1 text-sm text-slate-600">
          {current.versionLine}
          {current.note ? ` · ${current.note}` : ""}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-600">Every file carries your order number and email.</p>
      <ul className="mt-3 flex flex-wrap gap-2">
        {files.links.map((link) => (
          <li key={link.format}>
            <a href={link.url} className="btn-secondary" download>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
      <CustomSizeLinks links={files.customLinks} />
      {current && current.sizes.length > 1 ? (
        <form method="get" action={`/download/${orderId}`} className="mt-4 space-y-3">
          <fieldset>
            <legend className="label">Sizes to print</legend>
            <div className="mt-1 flex flex-wrap gap-3">
              {current.sizes.map((size) => (
                <label key={size} className="flex items-center gap-1 text-sm">
                  <input type="checkbox" name="size" value={size} defaultChecked /> {size}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-wrap items-end gap-3">
            <label className="text-sm">
              <span className="label">Format</span>
              <select name="format" defaultValue="A4" className="input mt-1">
                {files.printFormats.map(({ format, label }) => (
                  <option key={format} value={format}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            <input type="hidden" name="version" value={current.version} />
            <button type="submit" className="btn">
              Download selected sizes
            </button>
          </div>
        </form>
      ) : null}
      {files.earlier.length ? (
        <div className="mt-4">
          <h3 className="font-semibold">Earlier versions</h3>
          <ul className="mt-2 space-y-1 text-sm">
            {files.earlier.map((v) => (
              <li key={v.version}>
                Version {v.version} ({v.date}){v.note ? `: ${v.note}` : ""} ·{" "}
                {v.links.map((link, i) => (
                  <span key={link.format}>
                    {i ? " · " : ""}
                    <a href={link.url} className="text-brand-700 hover:underline" download>
                      {link.label}
                    </a>
                  </span>
                ))}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function TrackingSection({ order }: { order: OrderView }) {
  return (
    <section className="card p-6" aria-labelledby="tracking-title">
      <h2 id="tracking-title" className="text-lg font-semibold">
        Tracking
      </h2>
      {order.tracking ? (
        <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-500">Carrier</dt>
          <dd>{order.carrier}</dd>
          <dt className="text-slate-500">Tracking number</dt>
          <dd>{order.tracking}</dd>
          <TrackingLinkRow url={order.trackingUrl} />
        </dl>
      ) : (
        <p className="mt-2 text-sm text-slate-600">No tracking information yet.</p>
      )}
    </section>
  );
}

/** "Tax", "VAT 19%" or "VAT reverse charge" (decision 123). */
function taxLabel(order: { taxRateBp: number; taxCountry: string | null; reverseCharge: boolean }) {
  if (order.reverseCharge) return "VAT reverse charge";
  return order.taxCountry && order.taxRateBp > 0 ? `VAT ${formatRateBp(order.taxRateBp)}` : "Tax";
}
