import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

import { getStoreOrder } from "~/models/selling/orders.server";
import { getDb } from "~/utils/db.server";
import { FILE_STORE_RETRY_SECONDS, FileStoreUnavailableError, localUpload } from "~/models/files/store.server";
import { FILES_ERRORS } from "~/models/files/errors";
import { sendFile } from "~/models/files/serve.server";
import { invariantResponse } from "~/utils/invariant";
import { requireSeller } from "~/auth/guards.server";
import { lookupId } from "~/utils/ids";

/** GET /sale/{id}/label: the order's shipping label for its seller (another store's order is 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const { store } = await requireSeller(request);
  const order = await getStoreOrder({ db: getDb(), storeId: store.id, orderId: lookupId(params.id) });
  invariantResponse(order?.labelUrl, "Not found", { status: 404 });
  const local = order.labelUrl.match(/^\/api\/files\/([^/?#]+)$/);
  // A carrier label bought through EasyPost is hosted by EasyPost.
  if (!local) return redirect(order.labelUrl);
  const stored = await localUpload(local[1]!).catch((error: unknown) => {
    if (!(error instanceof FileStoreUnavailableError)) throw error;
    const { status, message } = FILES_ERRORS.unavailable;
    throw new Response(message, { status, headers: { "Retry-After": String(FILE_STORE_RETRY_SECONDS), "Content-Type": "text/plain; charset=utf-8" } });
  });
  invariantResponse(stored, "Not found", { status: 404 });
  return sendFile(request, stored.path, stored.stat, {
    contentType: "application/pdf",
    cacheControl: "private, no-store",
    headers: { "Content-Disposition": `inline; filename="label-order-${order.id}.pdf"` },
  });
}
