import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";

import { AddToCartForm } from "~/components/add-to-cart";
import { FavoriteButton } from "~/components/favorite-button";
import { island } from "~/components/island";
import { FabricLengthTable } from "~/components/layout/fabric-length-table";
import { MediaCarousel } from "~/components/media-carousel";
import { Stars } from "~/components/stars";
import { productPage } from "~/models/buying/product-page.server";
import { pageParam, productMakesSection } from "~/models/makes/gallery.server";
import { answerOf, sizesFromMakes } from "~/models/makes/sizes.server";
import { testedBy, testedByLine } from "~/models/testing/feedback.server";
import { getDb } from "~/utils/db.server";
import { SizeChartTable } from "~/components/size-chart-table";
import { invariantResponse } from "~/utils/invariant";
import { fileUrl, imageSrcSet } from "~/utils/media";
import { formatCents } from "~/utils/money";
import { clientKeyOf } from "~/auth/login.server";
import { getCartOwner, getUser } from "~/auth/viewer.server";
import { lookupId } from "~/utils/ids";

// What only some visitors use loads after the page's own JavaScript (issue 33, item 4; island.tsx): the cutting
// layout (pattern pages), size advice, sizes from makes, the made-to-measure offer and the makes (patterns that have
// some).
const LayoutSection = island(() => import("~/components/layout/layout-section").then((m) => m.LayoutSection));
const SizeAdvice = island(() => import("~/components/fit/size-advice").then((m) => m.SizeAdvice));
const SizesFromMakes = island(() => import("~/components/makes/sizes-from-makes").then((m) => m.SizesFromMakes));
const MadeToMeasureOfferForm = island(() => import("~/components/made-to-measure-offer").then((m) => m.MadeToMeasureOfferForm));
const MakeGallery = island(() => import("~/components/makes/make-gallery").then((m) => m.MakeGallery));
// Only after "Add to Cart" (?added=) and on a seller's draft: most visits never fetch them (issue 46 item 26).
const AddedToCartDialog = island(() => import("~/components/added-dialog").then((m) => m.AddedToCartDialog));
const DraftPreviewBanner = island(() => import("~/components/drafts").then((m) => m.DraftPreviewBanner));
const DraftBadge = island(() => import("~/components/drafts").then((m) => m.DraftBadge), { inline: true });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const viewer = await getUser(request);
  const cartOwner = () => getCartOwner(request);
  const page = await productPage({ db: getDb(), productId: lookupId(params.id), viewer, url, cartOwner, clientKey: clientKeyOf(request) });
  invariantResponse(page, "Not found", { status: 404 });
  return { ...page, ...await makesOfPage({ product: page.product, viewerId: viewer?.id ?? null, url }) };
}

/**
 * Issue 37 on a pattern's page: its makes (testers' first, then newest first, paged by plain links ?makes=N), what
 * makers with measurements like the viewer's made (null below three of them) and "Tested by N sewists in sizes …".
 */
async function makesOfPage({ product, viewerId, url }: { product: { id: number; type: string }; viewerId: number | null; url: URL }) {
  const db = getDb();
  if (product.type !== "Pattern") return { makes: null, sizesFromMakes: null, testedBy: null, viewerId };
  const tested = await testedBy({ db, productId: product.id });
  return {
    makes: await productMakesSection({ db, productId: product.id, viewerId, page: pageParam(url.searchParams.get("makes")) }),
    sizesFromMakes: viewerId === null ? null : answerOf(await sizesFromMakes({ db, productId: product.id, userId: viewerId })),
    testedBy: tested ? testedByLine(tested) : null,
    viewerId,
  };
}

type PatternView = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["pattern"]>;

/** The piece preview (a lazy, cached SVG), its size switcher (plain links), the facts and the fabric to buy per size and width. */
function PatternSection({ productName, pattern }: { productName: string; pattern: PatternView }) {
  const names = pattern.pieceNames;
  return (
    <section id="pattern" className="scroll-mt-20 border-t border-slate-200 py-6" aria-labelledby="pattern-title">
      <h2 id="pattern-title" className="text-lg font-semibold">Pattern pieces</h2>
      <p className="mt-1 text-sm text-slate-600">
        <time dateTime={pattern.updatedIso}>{pattern.versionLine}</time> · {pattern.pieceCount}{" "}
        {pattern.pieceCount === 1 ? "piece" : "pieces"} · Sizes {pattern.sizes.join(", ")}
      </p>
      <nav aria-label="Preview size" className="mt-3 flex flex-wrap gap-2">
        {pattern.yourSize ? (
          <SizeLink size={pattern.yourSize.size} current={pattern.yourSize.current}>
            {pattern.yourSize.label}
          </SizeLink>
        ) : null}
        {pattern.sizes.map((s) => (
          <SizeLink key={s} size={s} current={!pattern.yourSize?.current && s === pattern.size}>
            {s}
          </SizeLink>
        ))}
      </nav>
      <figure className="mt-4">
        <img
          key={pattern.previewUrl}
          src={pattern.previewUrl}
          width={800}
          height={500}
          loading="lazy"
          decoding="async"
          alt={
            pattern.yourSize?.current
              ? `Preview of the pattern pieces of ${productName}, your size over the graded sizes: ${names.join(", ")}`
              : `Preview of the pattern pieces of ${productName}, size ${pattern.size}: ${names.join(", ")}`
          }
          className="h-auto w-full max-w-3xl rounded-md border border-slate-200 bg-white"
        />
        <figcaption className="mt-2 text-sm text-slate-600">
          <span className="mr-2 rounded bg-slate-800 px-1.5 py-0.5 text-xs font-bold uppercase text-white">Preview</span>
          {pattern.yourSize?.current ? `${pattern.yourSize.label} (made to measure from your measurements) over the graded sizes` : `Size ${pattern.size}`}:{" "}
          {names.length} {names.length === 1 ? "piece" : "pieces"} ({names.join(", ")}). Scaled down, without sew lines.
        </figcaption>
      </figure>
      <FabricLengthTable table={pattern.fabricTable} current={pattern.size} />
    </section>
  );
}

/** One entry of the preview's size switcher: a plain link, so it works without JavaScript. */
function SizeLink({ size, current, children }: { size: string; current: boolean; children: ReactNode }) {
  return (
    <Link
      to={`?size=${encodeURIComponent(size)}#pattern`}
      preventScrollReset
      replace
      aria-current={current ? "true" : undefined}
      className={`rounded-md border px-3 py-1 text-sm ${current ? "border-brand-600 bg-brand-50 font-semibold text-brand-800" : "border-slate-300 hover:border-brand-600"}`}
    >
      {children}
    </Link>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.product.name} · Patternhouse` : "Product not found · Patternhouse" },
  { name: "description", content: data?.product.description ?? "" },
];

const TAB_CLASS = "border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-700";

const productHeading = () => document.getElementById("product-heading");

export default function ProductPage() {
  const { product, price, media, variants, store, reviews, rating, myself, added, favorite, ownedOrderId, pattern, sizeChartTable, unitHref, sizeAdvice, madeToMeasure, layout, makes, sizesFromMakes: fromMakes, testedBy: tested, viewerId } =
    useLoaderData<typeof loader>();
  const storeUrl = `/store/${store.owner}`;
  return (
    <article className="mx-auto max-w-6xl px-4 py-8">
      {product.draft ? <DraftPreviewBanner productId={product.id} name={product.name} /> : null}
      {added ? <AddedToCartDialog productId={product.id} productName={product.name} returnFocusTo={productHeading} /> : null}
      <div className="grid grid-cols-1 gap-8 md:grid-cols-2">
        <MediaCarousel media={media} label={product.name} priority />
        <div className="space-y-4">
          <div className="flex items-start justify-between gap-3">
            <h1 id="product-heading" tabIndex={-1} className="min-w-0 text-2xl font-bold tracking-tight focus:outline-none">
              {product.name}
              {product.draft ? <DraftBadge className="ml-3 align-middle" /> : null}
            </h1>
            {myself ? null : <FavoriteButton productId={product.id} favorite={favorite} className="shrink-0" />}
          </div>
          <p className="text-sm text-slate-600">
            by{" "}
            <Link to={storeUrl} className="font-medium text-brand-700 hover:underline">
              {store.name}
            </Link>
          </p>
          <p className="inline-block rounded-full bg-slate-100 px-3 py-1 text-sm font-medium text-slate-800">{product.typeLabel}</p>
          <p className="text-sm text-slate-600">{product.sold} sold</p>
          {/* With the product's summary, not 3,000 px down in the makes (issue 46, item 14). */}
          {tested ? <p data-testid="tested-by" className="text-sm font-medium text-slate-800">{tested}</p> : null}
          <p className="text-2xl font-semibold" data-testid="product-price">
            {formatCents(price.cents)}
            {price.note ? <span className="ml-2 text-sm font-normal text-slate-600">{price.note}</span> : null}
          </p>
          {product.pssCents !== null ? (
            <p className="text-sm text-slate-600">
              Printed and shipped from Los Angeles, US only. With printing and shipping:{" "}
              <strong>{formatCents(product.priceCents + product.pssCents)}</strong> ({formatCents(product.pssCents)} per pattern).
            </p>
          ) : null}
          {myself ? (
            <p className="text-sm">
              This is your design. <Link to={`/edit-product/${product.id}`} className="font-medium text-brand-700 hover:underline">Edit product</Link>
            </p>
          ) : null}
          {ownedOrderId ? (
            <p role="status" className="rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
              You already own this pattern.{" "}
              <Link to={`/purchase/${ownedOrderId}`} className="font-medium underline">
                Go to your download
              </Link>
            </p>
          ) : (
            <AddToCartForm productId={product.id} type={product.type} delivery={product.delivery} variants={variants} />
          )}
          {sizeAdvice ? <SizeAdvice advice={sizeAdvice} /> : null}
          {fromMakes ? <SizesFromMakes answer={fromMakes} /> : null}
          {/* An island that would render nothing is left out: its code is not fetched for nothing (issue 46 item 26). */}
          {madeToMeasure ? (
            <MadeToMeasureOfferForm productId={product.id} offer={madeToMeasure} owned={ownedOrderId ? { price: formatCents(product.priceCents) } : null} />
          ) : null}
          {product.sizeChart ? (
            <figure>
              <figcaption className="label">Size chart</figcaption>
              <img
                src={fileUrl(product.sizeChart, 800)}
                srcSet={imageSrcSet(product.sizeChart, [400, 800])}
                sizes="(min-width: 768px) 40vw, 100vw"
                width={600}
                height={600}
                alt={`Size chart of ${product.name}`}
                loading="lazy"
                className="mt-2 h-auto w-full max-w-md rounded-md border border-slate-200"
              />
            </figure>
          ) : null}
          {sizeChartTable ? <SizeChartTable chart={sizeChartTable} productName={product.name} otherUnitHref={`${unitHref}${sizeChartTable.other}#size-chart`} /> : null}
        </div>
      </div>

      <nav aria-label="Product sections" className="mt-10 flex flex-wrap gap-2 border-b border-slate-200">
        <a href="#details" className={TAB_CLASS}>Design details</a>
        {pattern ? <a href="#pattern" className={TAB_CLASS}>Pattern pieces</a> : null}
        {layout ? <a href="#layout" className={TAB_CLASS}>Cutting layout</a> : null}
        {makes ? <a href="#makes" className={TAB_CLASS}>Makes</a> : null}
        <a href="#reviews" className={TAB_CLASS}>Reviews</a>
        <Link to={storeUrl} className={TAB_CLASS}>Visit Store</Link>
        <a href="#terms" className={TAB_CLASS}>Terms &amp; Conditions</a>
      </nav>
      <section id="details" className="scroll-mt-20 py-6">
        <h2 className="text-lg font-semibold">Design details</h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">{product.description}</p>
        <p className="mt-2 text-sm text-slate-600">
          Sold by {store.name}
          {store.city ? ` · ${store.city}${store.country ? `, ${store.country}` : ""}` : ""}
        </p>
      </section>
      {pattern ? <PatternSection productName={product.name} pattern={pattern} /> : null}
      {layout ? <LayoutSection productId={product.id} view={layout} /> : null}
      {makes ? (
        <MakeGallery
          title="Makes"
          intro={makes.canPost ? <Link to={`/my-makes/new/${product.id}`} className="text-brand-700 underline">Post your make of this pattern</Link> : "What sewists made from this pattern, newest first."}
          gallery={makes}
          viewerId={viewerId}
        />
      ) : null}
      <section id="reviews" className="scroll-mt-20 border-t border-slate-200 py-6">
        <h2 className="text-lg font-semibold">Reviews</h2>
        {rating.average !== null ? (
          <p className="mt-2 flex items-center gap-2" data-testid="review-average">
            <Stars value={rating.average} />
            <span>
              Average {rating.average.toFixed(1)} out of 5 ({rating.count} {rating.count === 1 ? "review" : "reviews"})
            </span>
          </p>
        ) : (
          <p className="mt-2 text-slate-600">{reviews.length ? "No reviews from buyers yet" : "No reviews yet"}</p>
        )}
        {reviews.some((r) => r.testerCopy) ? (
          <p className="mt-1 text-sm text-slate-600">Reviews by testers, who sewed a free copy of the draft, are marked and not counted in the average.</p>
        ) : null}
        <ul className="mt-4 space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="rounded-md border border-slate-200 p-4">
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Stars value={r.star} />
                <span className="font-medium">{r.name}</span>
                {r.testerCopy ? (
                  <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700" data-testid="tester-review">
                    Tester (free copy)
                  </span>
                ) : null}
                <time dateTime={r.date} className="text-slate-500">{r.date}</time>
              </div>
              {r.comment ? <p className="mt-2 text-slate-700">{r.comment}</p> : null}
            </li>
          ))}
        </ul>
      </section>
      <section id="terms" className="scroll-mt-20 border-t border-slate-200 py-6">
        <h2 className="text-lg font-semibold">Terms &amp; Conditions</h2>
        <p className="mt-2 whitespace-pre-line text-slate-700">{product.terms || "The seller has not added terms for this design."}</p>
      </section>
    </article>
  );
}
