import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { getStoreOrder } from "~/models/selling/orders.server";
import { getDb } from "~/utils/db.server";
import { statFile, uploadPath } from "~/models/files/store.server";
import { sendFile } from "~/models/files/serve.server";
import { invariantResponse } from "~/utils/invariant";
import { requireSeller } from "~/auth/guards.server";

/** GET /sale/{id}/label: the order's shipping label for its seller (another store's order is 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  const order = getStoreOrder({ db: getDb(), storeId: store.id, orderId: Number(params.id) });
  invariantResponse(order?.labelUrl, "Not found", { status: 404 });
  const local = order.labelUrl.match(/^\/api\/files\/([^/?#]+)$/);
  // A carrier label bought through EasyPost is hosted by EasyPost.
  if (!local) return redirect(order.labelUrl);
  const file = uploadPath(local[1]!);
  const stat = file ? await statFile(file) : null;
  invariantResponse(file && stat, "Not found", { status: 404 });
  return sendFile(request, file, stat, {
    contentType: "application/pdf",
    cacheControl: "private, no-store",
    headers: { "Content-Disposition": `inline; filename="label-order-${order.id}.pdf"` },
  });
}
