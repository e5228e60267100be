import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { AuditLog } from "~/components/admin/audit-log";
import { cell, EmptyRow, nowrapCell, PagedTable, PlainHeader, TableFrame } from "~/components/admin/table";
import { AdminError, AdminPageTitle, AdminSection } from "~/components/admin/page-head";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { approveTransfer, rejectTransfer } from "~/models/admin/payouts.server";
import { discountCodeSummary, listDiscountCodes } from "~/models/selling/discount-codes.server";
import { listOwnProducts } from "~/models/selling/designs.server";
import { getAdminStorePage, PRODUCT_SORTS, removeProductAsAdmin } from "~/models/admin/stores.server";
import { parseTableQuery } from "~/models/admin/table";
import { toAdminStoreView } from "~/models/admin/views.server";
import { getDb } from "~/utils/db.server";
import { readForm } from "~/utils/forms.server";
import { formatCents } from "~/utils/money";
import { redirectWithFlash } from "~/utils/flash.server";
import { requireAdmin } from "~/auth/guards.server";
import { idParam, invariantResponse } from "~/utils/invariant";
import { isId } from "~/utils/ids";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.store.name ?? "Store"} · Admin · Patternhouse` }];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const query = parseTableQuery(new URL(request.url).searchParams, { sorts: PRODUCT_SORTS, defaultSort: "id", defaultDir: "asc" });
  const page = await getAdminStorePage({ db: getDb(), storeId: idParam(params.id), query });
  invariantResponse(page, "Not found", { status: 404 });
  // The store's discount codes, removed ones too (decision 109).
  const db = getDb();
  const names = new Map((await listOwnProducts({ db, storeId: page.store.id })).map((p) => [p.id, p.name]));
  const discountCodes = (await listDiscountCodes({ db, storeId: page.store.id, includeRemoved: true })).map((c) => discountCodeSummary(c, names));
  return { ...toAdminStoreView(page, query), discountCodes };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  const db = getDb();
  const storeId = idParam(params.id);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  const targetId = Number(formData.get("id"));
  const back = `/admin/store/${storeId}${new URL(request.url).search}`;
  if (!isId(targetId)) return data({ error: "Choose an item first." }, { status: 400 });
  if (intent === "approve" || intent === "reject") {
    // The payout the screen showed: if the balance moved since, the approval is refused rather than paying another sum.
    const expected = Number(formData.get("expect"));
    const expectPayoutCents = formData.get("expect") !== null && Number.isSafeInteger(expected) ? expected : undefined;
    const result =
      intent === "approve"
        ? await approveTransfer({ db, transferId: targetId, storeId, adminId: admin.id, expectPayoutCents })
        : await rejectTransfer({ db, transferId: targetId, storeId, adminId: admin.id, reason: String(formData.get("reason") ?? "") });
    if (!result.ok) return data({ error: ADMIN_ERRORS.transfer[result.error].message }, { status: ADMIN_ERRORS.transfer[result.error].status });
    const amount = formatCents(-result.transfer.amountCents);
    if (intent === "approve" && result.transfer.status === "Completed" && result.nettedCents > 0) {
      return redirectWithFlash(request, back, {
        kind: "success",
        message: `Transfer #${targetId} approved: ${amount} paid out. ${formatCents(result.nettedCents)} of the ${formatCents(result.requestedCents)} requested repaid what the store owed.`,
      });
    }
    if (intent === "approve" && result.transfer.status === "Rejected") {
      return redirectWithFlash(request, back, {
        kind: "error",
        message: `The payment provider refused transfer #${targetId} of ${amount} (${result.transfer.reason}); it is rejected and the money is back in the balance.`,
      });
    }
    return redirectWithFlash(request, back, {
      kind: "success",
      message: intent === "approve" ? `Transfer #${targetId} of ${amount} approved and paid out.` : `Transfer #${targetId} of ${amount} rejected; the money is back in the balance.`,
    });
  }
  if (intent === "remove") {
    const result = await removeProductAsAdmin({ db, productId: targetId, storeId, adminId: admin.id });
    if (!result.ok) return data({ error: ADMIN_ERRORS.removeProduct[result.error].message }, { status: ADMIN_ERRORS.removeProduct[result.error].status });
    return redirectWithFlash(request, back, { kind: "success", message: `Product #${targetId} was removed from the catalogue.` });
  }
  return data({ error: "Unknown action" }, { status: 400 });
}

export default function AdminStore() {
  const { store, owner, figures, pendingTransfers, transactions, products, audit, discountCodes } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const state = products.state;
  return (
    <article aria-labelledby="store-heading">
      <AdminPageTitle id="store-heading" back={{ to: "/admin/stores", label: "All stores" }}>
        {store.name.trim() || `Store #${store.id}`}
      </AdminPageTitle>
      <p className="mt-1 text-sm text-slate-700">
        Store #{store.id} of{" "}
        <Link to={`/admin/user/${owner.id}`} className="text-brand-700 underline">
          {owner.firstName} {owner.lastName}
        </Link>{" "}
        ({owner.email}) · payouts {store.onboarded ? "onboarded" : "not onboarded"} ·{" "}
        <Link to={`/store/${owner.id}`} className="text-brand-700 underline">
          public store page
        </Link>
      </p>
      <AdminError message={actionData?.error} />

      <AdminSection id="figures-heading" title="Figures">
        <dl className="mt-3 grid gap-4 sm:grid-cols-3 lg:grid-cols-6">
          {[
            ["Sales", formatCents(figures.salesCents), "figure-sales"],
            ["Refunded", formatCents(figures.refundsCents), "figure-refunded"],
            ["Balance", formatCents(store.balanceCents), "figure-balance"],
            ["Orders", String(figures.orderCount), "figure-orders"],
            ["Refunded orders", String(figures.refundedCount), "figure-refunded-orders"],
            ["Transactions", String(figures.txCount), "figure-txs"],
          ].map(([label, value, testId]) => (
            <div key={label}>
              <dt className="text-sm text-slate-600">{label}</dt>
              <dd className={`text-xl font-semibold ${label === "Balance" && store.balanceCents < 0 ? "text-red-700" : ""}`} data-testid={testId}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        <p className="mt-2 text-xs text-slate-500">Sales and orders leave refunded orders out (sales are the revenue: sales minus refunds).</p>
        {store.balanceCents < 0 ? (
          <p className="mt-3 text-sm text-red-700">
            The store owes the platform {formatCents(-store.balanceCents)}; withdrawals are refused until the balance is positive, and
            approving a pending transfer repays the debt out of it first.
          </p>
        ) : null}
      </AdminSection>

      <AdminSection id="transfers-heading" title="Pending transfers">
        {pendingTransfers.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No pending transfers.</p>
        ) : (
          <TableFrame caption="Pending transfers">
            <thead className="bg-slate-50">
              <tr>
                <PlainHeader label="Transfer" />
                <PlainHeader label="Requested" />
                <PlainHeader label="Amount" />
                <PlainHeader label="Approving pays" />
                <PlainHeader label="Actions" />
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {pendingTransfers.map((t) => (
                <tr key={t.id}>
                  <td className={cell}>#{t.id}</td>
                  <td className={cell}>{t.requested} UTC</td>
                  <td className={cell}>{formatCents(t.amountCents)}</td>
                  <td className={cell} data-testid={`approval-plan-${t.id}`}>
                    {t.inProgress ? (
                      formatCents(t.amountCents)
                    ) : t.plan.debtCents === 0 ? (
                      formatCents(t.plan.payoutCents)
                    ) : t.plan.payoutCents > 0 ? (
                      <>
                        <strong>{formatCents(t.plan.payoutCents)}</strong>
                        <br />
                        <span className="text-red-700">
                          {formatCents(t.plan.requestedCents)} requested minus the {formatCents(t.plan.debtCents)} the store owes; the balance
                          goes back to $0.00
                        </span>
                      </>
                    ) : (
                      <span className="text-red-700">
                        Nothing: the store owes {formatCents(t.plan.debtCents)}, as much as this transfer or more. Reject it to repay the
                        debt with its amount.
                      </span>
                    )}
                  </td>
                  <td className={cell}>
                    {t.inProgress ? (
                      "Being paid out"
                    ) : (
                      <div className="flex flex-wrap items-end gap-3">
                        {t.plan.payoutCents > 0 ? (
                          <Form method="post">
                            <input type="hidden" name="intent" value="approve" />
                            <input type="hidden" name="id" value={t.id} />
                            <input type="hidden" name="expect" value={t.plan.payoutCents} />
                            <button
                              type="submit"
                              className="btn"
                              aria-label={
                                t.plan.debtCents > 0
                                  ? `Approve transfer #${t.id}: pay ${formatCents(t.plan.payoutCents)}`
                                  : `Approve transfer #${t.id}`
                              }
                            >
                              Approve
                            </button>
                          </Form>
                        ) : null}
                        <Form method="post" className="flex items-end gap-2">
                          <input type="hidden" name="intent" value="reject" />
                          <input type="hidden" name="id" value={t.id} />
                          <div>
                            <label htmlFor={`reason-${t.id}`} className="label">
                              Reason (optional)
                            </label>
                            <input id={`reason-${t.id}`} name="reason" className="input mt-1" maxLength={300} />
                          </div>
                          <button type="submit" className="btn-secondary" aria-label={`Reject transfer #${t.id}`}>
                            Reject
                          </button>
                        </Form>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        )}
      </AdminSection>

      <AdminSection id="products-heading" title="Products">
        <PagedTable
          state={state}
          caption="Products"
          noun="products"
          toolbar={{ searchLabel: "Search products", searchPlaceholder: "Product name" }}
          toolbarClassName="mt-3"
          empty={products.rows.length === 0 ? "No products." : null}
          columns={{ ID: "id", Name: "name", Type: null, Price: "price", Sold: "sold", Status: null, Actions: null }}
        >
          {products.rows.map((p) => (
            <tr key={p.id}>
              <td className={cell}>{p.id}</td>
              <td className={cell}>
                {p.removed ? (
                  p.name
                ) : (
                  <Link to={`/product/${p.id}`} className="text-brand-700 hover:underline">
                    {p.name}
                  </Link>
                )}
              </td>
              <td className={cell}>{p.typeLabel}</td>
              <td className={cell}>{formatCents(p.priceCents)}</td>
              <td className={cell}>{p.sold}</td>
              <td className={cell}>{p.removed ? "Removed" : "Listed"}</td>
              <td className={cell}>
                {p.removed ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="id" value={p.id} />
                    <button type="submit" className="btn-secondary" aria-label={`Remove ${p.name}`}>
                      Remove
                    </button>
                  </Form>
                )}
              </td>
            </tr>
          ))}
        </PagedTable>
      </AdminSection>

      <AdminSection id="codes-heading" title="Discount codes">
        {discountCodes.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No discount codes.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-3">Code</th>
                <th className="py-1 pr-3">Off</th>
                <th className="py-1 pr-3">Designs</th>
                <th className="py-1 pr-3">Valid (UTC)</th>
                <th className="py-1 pr-3">Uses</th>
                <th className="py-1">Status</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {discountCodes.map((c) => (
                <tr key={c.id}>
                  <td className="py-1 pr-3 font-mono">{c.code}</td>
                  <td className="py-1 pr-3">{c.off}</td>
                  <td className="py-1 pr-3">{c.designs}</td>
                  <td className="py-1 pr-3">{c.dates}</td>
                  <td className="py-1 pr-3">
                    {c.uses}
                    {c.oncePerBuyer ? " · once per buyer" : ""}
                  </td>
                  <td className="py-1">{c.removedOn ? `Removed ${c.removedOn}` : "Live"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </AdminSection>

      <AdminSection id="ledger-heading" title="Recent transactions">
        <TableFrame caption="Recent transactions">
          <thead className="bg-slate-50">
            <tr>
              <PlainHeader label="ID" />
              <PlainHeader label="Date" />
              <PlainHeader label="Type" />
              <PlainHeader label="Order" />
              <PlainHeader label="Amount" />
              <PlainHeader label="Status" />
              <PlainHeader label="Reason" />
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {transactions.length === 0 ? <EmptyRow colSpan={7} text="No transactions yet." /> : null}
            {transactions.map((t) => (
              <tr key={t.id}>
                <td className={cell}>{t.id}</td>
                <td className={nowrapCell}>{t.date}</td>
                <td className={cell}>{t.type}</td>
                <td className={cell}>{t.orderId ? <Link to={`/admin/order/${t.orderId}`} className="text-brand-700 hover:underline">#{t.orderId}</Link> : ""}</td>
                <td className={`${cell} ${t.amountCents < 0 ? "text-red-700" : ""}`}>{formatCents(t.amountCents)}</td>
                <td className={cell}>{t.status}</td>
                <td className={cell}>{t.reason ?? ""}</td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      </AdminSection>

      <AuditLog entries={audit} />
    </article>
  );
}
