import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { CutPlanPage, cutPlanRefresh, type CutPlanActionData } from "~/components/cut-plan";
import { cutPlanPageAction, cutPlanPageLoader } from "../_buying+/cut-plan-page.server";
import { requireUser } from "~/auth/guards.server";
import { isId } from "~/utils/ids";

/** /my-designs/{id}/cut-plan (issue 48): the seller's cut plans on their own design. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: "Cut plan · Patternhouse" }, ...cutPlanRefresh(data)];

async function face(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const productId = Number(id);
  return { userId: user.id, productId: isId(productId) ? productId : -1, orderId: null, base: `/my-designs/${id}/cut-plan` };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return cutPlanPageLoader(request, await face(request, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return cutPlanPageAction(request, await face(request, params.id));
}

export default function DesignCutPlan() {
  return <CutPlanPage data={useLoaderData<typeof loader>()} action={useActionData<typeof action>() as CutPlanActionData} />;
}
