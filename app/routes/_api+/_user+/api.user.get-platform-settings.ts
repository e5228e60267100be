import { apiRoute } from "~/auth/api-route.server";
import { getBuyerSettings } from "~/models/platform/settings.server";
import { centsToDollars } from "~/utils/money";

/** GET /api/user/get-platform-settings: what buyers need, pss (dollars) and where printed patterns ship from. */
const route = apiRoute({ method: "GET", guard: "none" }, async ({ db }) => {
  const settings = await getBuyerSettings({ db });
  return { pss: centsToDollars(settings.pssCents), ...settings.shipsFrom };
});
export const loader = route.loader;
export const action = route.action;
