import type { ActionFunctionArgs } from "@remix-run/node";

import { ADMIN_ERRORS } from "~/models/admin/errors";
import { approveTransfer, rejectTransfer } from "~/models/admin/payouts.server";
import { toTransactionJson } from "~/models/selling/finance.server";
import { HandleTransferSchema } from "~/schemas/admin";
import { apiError, parseBody, requireMethod } from "~/utils/api.server";
import { requireApiAdmin } from "~/auth/guards.server";
import { getDb } from "~/utils/db.server";

export async function loader({ request }: ActionFunctionArgs) {
  await requireApiAdmin(request);
  return apiError(405, "Use POST");
}

/** POST /api/admin/handle-transfer {status: Completed | Rejected, id, storeid, reason?} -> {success, transfer}. */
export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "POST");
  const admin = await requireApiAdmin(request);
  const body = await parseBody(request, HandleTransferSchema);
  const db = getDb();
  const args = { db, transferId: body.id, storeId: body.storeid, adminId: admin.id };
  const result =
    body.status === "Completed" ? await approveTransfer(args) : await rejectTransfer({ ...args, reason: body.reason });
  if (!result.ok) return apiError(ADMIN_ERRORS.transfer[result.error].status, ADMIN_ERRORS.transfer[result.error].message);
  return Response.json({ success: true, transfer: toTransactionJson(result.transfer) });
}
