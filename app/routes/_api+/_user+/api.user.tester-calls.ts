import type { LoaderFunctionArgs } from "@remix-run/node";

import { requireApiUser } from "~/auth/guards.server";
import { applicantJson, listSellerCalls, listUserApplications, testerCallJson } from "~/models/testing/calls.server";
import { apiError } from "~/utils/api.server";
import { getDb } from "~/utils/db.server";

/**
 * GET /api/user/tester-calls -> {own: [call + {applicants: [{user_id, name, note, measurements, chosen, order_id,
 * applied_at}]}], applied: [call + {chosen, order_id}]}: as seller, the caller's calls with their applicants; as
 * user, the calls they applied to.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const db = getDb();
  return Response.json({
    own: listSellerCalls({ db, sellerId: user.id }).map((c) => ({ ...testerCallJson(c), applicants: c.applicants.map(applicantJson) })),
    applied: listUserApplications({ db, userId: user.id }).map((c) => ({ ...testerCallJson(c), chosen: c.chosen, order_id: c.orderId })),
  });
}

/** Only GET is served here. */
export function action() {
  return apiError(405, "Use GET");
}
