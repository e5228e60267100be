import { apiRoute } from "~/auth/api-route.server";
import { layoutSettingsJson } from "~/models/layout/settings.server";
import { listOwnProducts } from "~/models/selling/designs.server";

/** GET /api/user/get-own-products: the caller's designs (drafts included), as spec 3 product list items (myself true) with `status`;
 * a pattern adds its layout settings (decision 132): `layout_widths_mm`, `layout_gap_mm`. */
const route = apiRoute({ method: "GET", guard: "seller" }, async ({ db, user, store }) =>
  (await listOwnProducts({ db, storeId: store.id })).map((r) => ({
    id: r.id,
    name: r.name,
    price: r.priceCents / 100,
    media: r.media,
    store_owner: user.id,
    store_name: store.name,
    store_avatar: store.avatar,
    myself: true,
    type: r.type,
    delivery: r.delivery,
    sold: r.sold,
    status: r.status,
    ...(r.type === "Pattern" ? layoutSettingsJson(r) : {}),
  })));
export const loader = route.loader;
export const action = route.action;
