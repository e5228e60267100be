import type { LoaderFunctionArgs } from "@remix-run/node";

import { layoutSettingsJson } from "~/models/layout/settings.server";
import { listOwnProducts } from "~/models/selling/designs.server";
import { apiError } from "~/utils/api.server";
import { requireApiSeller } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

/** GET /api/user/get-own-products: the caller's designs (drafts included), as spec 3 product list items (myself true) with `status`;
 * a pattern adds its layout settings (decision 116): `layout_widths_mm`, `layout_gap_mm`. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { user, store } = await requireApiSeller(request);
  const db = getDb();
  const rows = listOwnProducts({ db, storeId: store.id });
  return Response.json(
    rows.map((r) => ({
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
    })),
  );
}

/** Only GET is served here: any other method gets 405 `{ error }`. */
export function action() {
  return apiError(405, "Use GET");
}
