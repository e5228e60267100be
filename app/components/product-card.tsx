import { useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

import { DraftBadge } from "~/components/drafts";
import { CardHeart, useCardHearts } from "~/components/favorite-button";
import { QuickLink } from "~/components/quick-link";
import { fileUrl, HIGH_PRIORITY, imageSrcSet } from "~/utils/media";
import { formatCents } from "~/utils/money";
import type { ProductCardData } from "~/models/catalog/card";

/** Spec 2.3: image, name, price and the store avatar linking to the store. */

export function ProductCard({
  product,
  eager = false,
  first = false,
  actions,
  here,
  pending,
}: {
  product: ProductCardData;
  eager?: boolean;
  first?: boolean;
  /** The page's path and query, where a heart posted without JavaScript comes back to. */
  here: string;
  /** The viewer's unconfirmed choice for this product's heart (useCardHearts). */
  pending?: boolean;
  /** The seller's buttons under the card (Publish / Unpublish on /my-designs). */
  actions?: ReactNode;
}) {
  const href = product.myself ? `/edit-product/${product.id}` : `/product/${product.id}`;
  const storeHref = product.myself ? "/store-settings" : `/store/${product.storeOwner}`;
  return (
    <li className="card relative flex flex-col overflow-hidden">
      {product.image ? (
        <img
          src={fileUrl(product.image, 400)}
          srcSet={imageSrcSet(product.image, [200, 400, 800])}
          sizes="(min-width: 1280px) 400px, (min-width: 768px) 33vw, 50vw"
          width={400}
          height={500}
          alt=""
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          {...(first ? HIGH_PRIORITY : {})}
          className="aspect-[4/5] h-auto w-full bg-slate-100 object-cover"
        />
      ) : (
        <div className="aspect-[4/5] w-full bg-slate-100" />
      )}
      <div className="flex flex-1 items-start gap-3 p-3">
        <QuickLink
          to={storeHref}
          className="relative z-10 shrink-0"
          aria-label={product.myself ? "Your store settings" : `Store: ${product.storeName}`}
        >
          {product.storeAvatar ? (
            <img src={fileUrl(product.storeAvatar, 200)} width={32} height={32} alt="" loading="lazy" className="h-8 w-8 rounded-full" />
          ) : (
            <span className="block h-8 w-8 rounded-full bg-slate-200" />
          )}
        </QuickLink>
        <div className="min-w-0">
          <h3 className="text-sm font-medium leading-snug">
            {/* Its box covers the whole card (after:inset-0), so the picture opens the design too, with one link to read. */}
            <QuickLink to={href} className="after:absolute after:inset-0 hover:text-brand-700">
              {product.name}
            </QuickLink>
          </h3>
          <p className="truncate text-xs text-slate-500">{product.storeName}</p>
          <p className="mt-1 font-semibold">{formatCents(product.priceCents)}</p>
          {product.draft ? <DraftBadge className="mt-1" /> : null}
          {product.favoritesCount !== undefined ? (
            <p className="text-xs text-slate-600" data-testid="favorites-count">
              {product.favoritesCount} {product.favoritesCount === 1 ? "favourite" : "favourites"}
            </p>
          ) : null}
        </div>
      </div>
      {actions ? <div className="relative z-10 px-3 pb-3">{actions}</div> : null}
      {product.myself ? null : (
        <CardHeart productId={product.id} favorite={product.favorite} pending={pending} here={here} className="absolute right-2 top-2" />
      )}
    </li>
  );
}

export function ProductGrid({
  products,
  empty,
  actions,
}: {
  products: ProductCardData[];
  empty: string;
  actions?: (product: ProductCardData) => ReactNode;
}) {
  const location = useLocation();
  const hearts = useCardHearts();
  if (!products.length) return <p className="py-12 text-center text-slate-600">{empty}</p>;
  const here = `${location.pathname}${location.search}`;
  return (
    <ul className="grid grid-cols-2 gap-4 md:grid-cols-3" onSubmit={hearts.onSubmit}>
      {products.map((p, i) => (
        <ProductCard key={p.id} product={p} eager={i < 3} first={i === 0} actions={actions?.(p)} here={here} pending={hearts.pending.get(p.id)} />
      ))}
    </ul>
  );
}
