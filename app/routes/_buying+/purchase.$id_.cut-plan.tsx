import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { CutPlanPage, cutPlanRefresh, type CutPlanActionData } from "~/components/cut-plan";
import { cutPlanPageAction, cutPlanPageLoader } from "./cut-plan-page.server";
import { requireUser } from "~/auth/guards.server";
import { isId } from "~/utils/ids";

/** /purchase/{orderId}/cut-plan (issue 48): the buyer's cut plans on a Digital pattern they bought. */
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: "Cut plan · Patternhouse" }, ...cutPlanRefresh(data)];

async function face(request: Request, id: string | undefined) {
  const user = await requireUser(request);
  const orderId = Number(id);
  return { userId: user.id, productId: 0, orderId: isId(orderId) ? orderId : -1, base: `/purchase/${id}/cut-plan` };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  return cutPlanPageLoader(request, await face(request, params.id));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return cutPlanPageAction(request, await face(request, params.id));
}

export default function PurchaseCutPlan() {
  return <CutPlanPage data={useLoaderData<typeof loader>()} action={useActionData<typeof action>() as CutPlanActionData} />;
}
