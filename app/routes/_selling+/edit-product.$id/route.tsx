import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { DesignForm } from "~/components/design-form";
import { DraftBadge, PublishForm } from "~/components/drafts";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { MediaThumb } from "~/components/media-thumb";
import { SellerLayoutsPanel } from "~/components/layout/seller-layouts";
import { PatternReadingPanel } from "~/components/pattern-reading";
import { SellerPage } from "~/components/seller-tabs";
import { fabricNeeded } from "~/models/layout/page-layout.server";
import { sellerLayoutsView } from "~/models/layout/seller-layouts.server";
import { productPatternFacts, sellerPatternSummary } from "~/models/patterns/versions.server";
import { getOwnProduct } from "~/models/selling/designs.server";
import { LAYOUT_MESSAGES } from "~/schemas/layout";
import { getDb } from "~/utils/db.server";
import { requireSeller } from "~/auth/guards.server";
import { idParam, invariantResponse } from "~/utils/invariant";

import { designAction, designFiles, designFormValues } from "../design-action.server";
import { sizeChartFormOf } from "../size-chart-form.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `Edit ${data.values.name} · Patternhouse` : "Edit design · Patternhouse" },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { user, store } = await requireSeller(request);
  const productId = idParam(params.id, "Not Found");
  const found = await getOwnProduct({ db: getDb(), storeId: store.id, productId });
  invariantResponse(found, "Not Found", { status: 404 });
  const url = new URL(request.url);
  const confirmRemove = url.searchParams.has("remove");
  const pattern = found.product.type === "Pattern" ? await sellerPatternSummary({ db: getDb(), productId }) : null;
  const draft = found.product.status === "draft";
  const chart = await sizeChartFormOf({ db: getDb() }, found.product);
  // The cutting layouts of one size on the seller's widths (issue 25): not on the removal screen.
  const facts = pattern && !pattern.unreadable && !confirmRemove ? await productPatternFacts({ db: getDb(), productId }) : null;
  const layouts = facts ? await sellerLayoutsView({ db: getDb(), productId, facts, askedSize: url.searchParams.get("layout_size"), userId: user.id }) : null;
  // "Fabric needed": the layouts' figures on the seller's widths, estimates where none is ready (issue 34, item 12).
  const fabric = facts ? await fabricNeeded({ db: getDb(), productId, facts }) : null;
  const reading = pattern && fabric ? { ...pattern, fabricByWidth: fabric } : pattern;
  return { productId, values: designFormValues(found), ...designFiles(found), pattern: reading, confirmRemove, draft, chart, layoutHint: LAYOUT_MESSAGES.standardHint, layouts };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { user, store } = await requireSeller(request);
  return designAction({ request, user, store, productId: idParam(params.id, "Not Found") });
}

export default function EditProductPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (loaded.confirmRemove) {
    return (
      <SellerPage title="Remove design">
        <section aria-labelledby="remove-heading" className="card max-w-xl space-y-4 p-6">
          <h2 id="remove-heading" className="text-lg font-semibold">
            Remove “{loaded.values.name}”?
          </h2>
          {loaded.media[0] ? <MediaThumb name={loaded.media[0].media} /> : null}
          <p className="text-sm text-slate-700">
            The design disappears from the shop and your store. Orders that include it stay as they are, and buyers keep
            their downloads.
          </p>
          <Form method="post" encType="multipart/form-data" className="flex flex-wrap gap-3">
            <button type="submit" name="intent" value="remove" className="btn bg-red-700 hover:bg-red-800">
              Yes, remove design
            </button>
            <Link to={`/edit-product/${loaded.productId}`} className="btn-secondary">
              Cancel
            </Link>
          </Form>
        </section>
      </SellerPage>
    );
  }
  return (
    <SellerPage
      title="Edit design"
      actions={
        <div className="flex flex-wrap items-center gap-3">
          {loaded.draft ? <DraftBadge /> : null}
          <Link to={`/product/${loaded.productId}`} className="text-sm text-brand-700 underline">
            {loaded.draft ? "Preview" : "View in the shop"}
          </Link>
          <PublishForm productId={loaded.productId} draft={loaded.draft} redirectTo={`/edit-product/${loaded.productId}`} name={loaded.values.name} />
        </div>
      }
    >
      <DesignForm
        mode="edit"
        draft={loaded.draft}
        productId={loaded.productId}
        values={{ layout: loaded.values.layout, ...(actionData?.values ?? loaded.values) }}
        layoutHint={loaded.layoutHint}
        errors={actionData?.errors ?? {}}
        media={loaded.media}
        sizeChart={loaded.sizeChart}
        chart={{ ...loaded.chart, ...actionData?.chart }}
        patternFile={loaded.patternFile}
        pattern={loaded.pattern}
        notice={actionData?.notice ?? null}
        filesDropped={actionData?.filesDropped ?? false}
        held={actionData?.held ?? []}
        formKey={actionData ? JSON.stringify(actionData) : JSON.stringify(loaded.values)}
      />
      {loaded.pattern && !loaded.pattern.unreadable ? (
        <PatternReadingPanel reading={loaded.pattern} sizes={loaded.pattern.sizes} errors={actionData?.errors.units} />
      ) : null}
      {loaded.layouts ? <SellerLayoutsPanel view={loaded.layouts} productId={loaded.productId} unit={loaded.values.layout?.unit ?? "cm"} /> : null}
      {loaded.pattern && !loaded.pattern.unreadable ? (
        <p className="mt-6 text-sm">
          <Link to={`/my-designs/${loaded.productId}/cut-plan`} className="text-brand-700 underline">
            Cut plan for production
          </Link>
          : this design's size run laid as markers, with plotter files.
        </p>
      ) : null}
    </SellerPage>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
