import { apiRoute, domainError } from "~/auth/api-route.server";
import { ADMIN_ERRORS } from "~/models/admin/errors";
import { approveTransfer, rejectTransfer } from "~/models/admin/payouts.server";
import { toTransactionJson } from "~/models/selling/finance.server";
import { HandleTransferSchema } from "~/schemas/admin";

/** POST /api/admin/handle-transfer {status: Completed | Rejected, id, storeid, reason?} -> {success, transfer}. */
const route = apiRoute({ method: "POST", guard: "admin", body: HandleTransferSchema }, async ({ db, user, body }) => {
  const args = { db, transferId: body.id, storeId: body.storeid, adminId: user.id };
  const result = body.status === "Completed" ? await approveTransfer(args) : await rejectTransfer({ ...args, reason: body.reason });
  if (!result.ok) return domainError(ADMIN_ERRORS.transfer, result.error);
  return { success: true, transfer: toTransactionJson(result.transfer) };
});
export const loader = route.loader;
export const action = route.action;
