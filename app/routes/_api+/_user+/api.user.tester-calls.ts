import { apiRoute } from "~/auth/api-route.server";
import { applicantJson, listSellerCalls, listUserApplications, testerCallJson } from "~/models/testing/calls.server";

/**
 * GET /api/user/tester-calls -> {own: [call + {applicants: [{user_id, name, note, measurements, chosen, order_id,
 * applied_at}]}], applied: [call + {chosen, order_id}]}: as seller, the caller's calls with their applicants; as
 * user, the calls they applied to.
 */
const route = apiRoute({ method: "GET", guard: "user" }, async ({ db, user }) => ({
  own: (await listSellerCalls({ db, sellerId: user.id })).map((c) => ({ ...testerCallJson(c), applicants: c.applicants.map(applicantJson) })),
  applied: (await listUserApplications({ db, userId: user.id })).map((c) => ({ ...testerCallJson(c), chosen: c.chosen, order_id: c.orderId })),
}));
export const loader = route.loader;
export const action = route.action;
