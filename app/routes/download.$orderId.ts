import type { LoaderFunctionArgs } from "@remix-run/node";

import { downloadOrderPattern } from "../models/downloads.server";
import { getDb } from "../utils/db.server";
import { fileResponse } from "../utils/private-file.server";
import { requireUser } from "../utils/session.server";

/** GET /download/{orderId}: the buyer's authorised pattern download (logged). Visitors go to /login. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const result = downloadOrderPattern({ db: getDb(), userId: user.id, orderId: Number(params.orderId) });
  if (!result.ok) {
    const text = result.status === 410 ? "This order was refunded; its pattern is no longer available." : "Not found";
    throw new Response(text, { status: result.status === 403 ? 404 : result.status });
  }
  return fileResponse(result.file);
}
