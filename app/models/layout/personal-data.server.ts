/**
 * Layout's section of the personal-data export (decision 103): the user's production cut plans (issue 48, decision
 * 156), each with the order they asked for and its markers. Deleting an account deletes its plans
 * (accounts/deletion.server.ts); their files are built on request, so nothing else is stored.
 */
import { asc, eq } from "drizzle-orm";

import { cutPlanMarkers, cutPlans } from "../../../db/tables";
import { iso, parseJson, type ExportSubject } from "~/utils/personal-data";

export async function layoutPersonalData({ db, user }: ExportSubject) {
  const plans = await db.select().from(cutPlans).where(eq(cutPlans.userId, user.id)).orderBy(asc(cutPlans.id));
  return {
    cut_plans: await Promise.all(plans.map(async (plan) => ({
      id: plan.id,
      product_id: plan.productId,
      order_id: plan.orderId,
      status: plan.status,
      cut_order: parseJson(plan.input),
      total_mm: plan.totalMm,
      bound_mm: plan.boundMm,
      created_at: iso(plan.createdAt),
      finished_at: iso(plan.finishedAt),
      markers: (await db
        .select({ material: cutPlanMarkers.material, sizes: cutPlanMarkers.sizes, plies: cutPlanMarkers.plies, length_mm: cutPlanMarkers.lengthMm, efficiency: cutPlanMarkers.efficiency })
        .from(cutPlanMarkers)
        .where(eq(cutPlanMarkers.planId, plan.id))
        .orderBy(asc(cutPlanMarkers.position)))
        .map((m) => ({ ...m, sizes: parseJson(m.sizes) })),
    }))),
  };
}
