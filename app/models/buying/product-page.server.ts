/**
 * The product page (/product/{id}) as one call (issue 36, item 3): the catalogue's view of the product, its pattern
 * section, size chart and cutting layout, and what is the viewer's own (the cart, favourites, patterns owned, their
 * size). It sits in buying, the lowest domain that may read all of those (docs/architecture.md's order); the route
 * gives the request's facts and answers 404 for null.
 */
import type { User } from "../../../db/tables";
import { cartHoldsProduct, type CartOwner } from "~/models/buying/cart.server";
import { ownedPatternOrders } from "~/models/buying/downloads.server";
import { favoriteIdsAmong } from "~/models/catalog/favorites.server";
import { getExternalProduct, productPageView } from "~/models/catalog/products.server";
import { sizeAdviceView } from "~/models/fit/advice.server";
import { CUSTOM_SIZE, CUSTOM_SIZE_LABEL } from "~/models/patterns/interpolate";
import { madeToMeasureOffer } from "~/models/buying/made-to-measure-offer.server";
import { sizeChartView, unitToggleHref } from "~/models/fit/size-chart-view.server";
import { layoutClientKey } from "~/models/layout/layouts.server";
import { layoutFabricTable, layoutSectionView } from "~/models/layout/page-layout.server";
import { patternPageView, productPatternFacts } from "~/models/patterns/versions.server";
import { priceBasisOf, shownPrice } from "~/models/tax/prices.server";
import { isDownloadPattern } from "~/utils/catalog";
import type { Db } from "~/utils/db.server";
import { isId } from "~/utils/ids";

export async function productPage({
  db,
  productId,
  viewer,
  url,
  cartOwner,
  clientKey,
}: {
  db: Db;
  productId: number;
  viewer: Pick<User, "id"> | null;
  url: URL;
  /** The viewer's cart, read only when the page was reached from the cart ('Item added to cart'). */
  cartOwner: () => Promise<CartOwner | null>;
  clientKey: string;
}) {
  const userId = viewer?.id ?? null;
  // A draft exists only for its seller, who sees it as buyers will (decision 106); anyone else gets 404.
  const found = isId(productId) ? await getExternalProduct({ db, productId, viewerId: userId }) : null;
  if (!found) return null;
  const { product, store } = found;
  const facts = product.type === "Pattern" ? await productPatternFacts({ db, productId }) : null;
  const asked = url.searchParams.get("size");
  const size = facts ? (asked && facts.sizes.includes(asked) ? asked : facts.defaultSize) : null;
  // Made to measure (decision 115): offered beside the graded sizes, also to a buyer who owns those.
  const madeToMeasure = userId === store.userId ? null : await madeToMeasureOffer({ db, product, userId });
  // The preview shows that buyer's own size over the graded sizes (decision 114) unless a graded size is asked for.
  const yourSize = madeToMeasure?.ok === true && !!facts && (!asked || asked === CUSTOM_SIZE || !facts.sizes.includes(asked));
  // The cutting layout (decision 131) follows the preview's size unless its form asks for another.
  const layout =
    facts && size
      ? await layoutSectionView({
          db,
          productId: product.id,
          facts,
          params: url.searchParams,
          userId,
          yourSize: madeToMeasure?.ok === true,
          previewSize: yourSize ? CUSTOM_SIZE : size,
          client: layoutClientKey(viewer?.id, clientKey),
        })
      : null;
  return {
    ...await productPageView({ db, found, viewerId: userId }),
    // Just added from this page (the cart's redirect): the 'Item added to cart' dialog, if the cart really holds it.
    added: url.searchParams.get("added") === String(product.id) && await cartHoldsProduct({ db, owner: await cartOwner(), productId: product.id }),
    madeToMeasure,
    // The price as this buyer sees it (issue 46, item 6): a download incl. VAT for an EU or UK consumer, else net.
    price: shownPrice(await priceBasisOf({ db, userId }), product.priceCents, isDownloadPattern(product.type, product.delivery)),
    // The viewer's heart: null for a visitor (a login link, the same for every visitor: the page stays cacheable).
    favorite: viewer ? (await favoriteIdsAmong({ db, userId: viewer.id, productIds: [product.id] })).has(product.id) : null,
    // A downloadable pattern the viewer already owns is not offered again: its purchase has the download.
    ownedOrderId:
      viewer && isDownloadPattern(product.type, product.delivery)
        ? ((await ownedPatternOrders({ db, userId: viewer.id, productIds: [product.id] })).get(product.id) ?? null)
        : null,
    sizeChartTable: await sizeChartView({ db }, product.id, userId, url.searchParams.get("unit")),
    unitHref: unitToggleHref(url.href),
    sizeAdvice: await sizeAdviceView({ db, productId: product.id, userId }),
    pattern:
      facts && size
        ? patternPageView({
            productId: product.id,
            facts,
            size,
            previewSize: yourSize ? CUSTOM_SIZE : size,
            // Null when the viewer has no size of their own here; else its switcher entry and whether the preview shows it.
            yourSize: madeToMeasure?.ok === true ? { size: CUSTOM_SIZE, label: CUSTOM_SIZE_LABEL, current: yourSize } : null,
            fabricTable: await layoutFabricTable({ db, productId: product.id, facts }),
          })
        : null,
    layout,
  };
}
