/**
 * The cut plan page's loader and action (issue 48), shared by the buyer's (/purchase/{orderId}/cut-plan) and the
 * seller's (/my-designs/{id}/cut-plan) faces: the form, the plans made here, one plan (`?plan=`) with its progress.
 */
import { data, redirect } from "@remix-run/node";

import { CUT_ORDER_LIMITS } from "~/models/layout/cut-plan";
import { createCutPlan, cutPlanFile, cutPlanFormFacts, deleteCutPlan, getCutPlan, listCutPlans, type CutOrderRequest } from "~/models/layout/cut-plans.server";
import { getDb } from "~/utils/db.server";
import { redirectWithFlash } from "~/utils/flash.server";
import { readForm } from "~/utils/forms.server";
import { invariantResponse } from "~/utils/invariant";

export type CutPlanFace = { userId: number; productId: number; orderId: number | null; base: string };

export async function cutPlanPageLoader(request: Request, face: CutPlanFace) {
  const db = getDb();
  const facts = await cutPlanFormFacts({ db, userId: face.userId, productId: face.productId, orderId: face.orderId });
  invariantResponse(facts, "Not found", { status: 404 });
  const plans = await listCutPlans({ db, userId: face.userId, ...(face.orderId !== null ? { orderId: face.orderId } : { productId: facts.productId }) });
  const asked = Number(new URL(request.url).searchParams.get("plan"));
  const plan = asked && plans.some((p) => p.id === asked) ? await getCutPlan({ db, userId: face.userId, id: asked }) : null;
  return { facts, base: face.base, limits: CUT_ORDER_LIMITS, plans: plans.map((p) => ({ id: p.id, status: p.status, sizes: p.order.sizes, createdAt: p.createdAt.toISOString() })), plan };
}

export async function cutPlanPageAction(request: Request, face: CutPlanFace) {
  const db = getDb();
  const form = await readForm(request);
  if (form.get("intent") === "delete") {
    const id = Number(form.get("plan"));
    const own = (await listCutPlans({ db, userId: face.userId, ...(face.orderId !== null ? { orderId: face.orderId } : { productId: face.productId }) })).some((p) => p.id === id);
    if (own) await deleteCutPlan({ db, userId: face.userId, id });
    return redirectWithFlash(request, face.base, { kind: "success", message: own ? "The cut plan was deleted." : "That cut plan was already deleted." });
  }
  const sizes: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (name.startsWith("size.") && typeof value === "string") sizes[name.slice(5)] = value;
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : undefined;
  };
  const materials = form.getAll("materials").filter((m): m is string => typeof m === "string");
  const values = { width_mm: text("width_mm"), table_mm: text("table_mm"), max_plies: text("max_plies"), nap: text("nap"), gap_mm: text("gap_mm"), margin_mm: text("margin_mm"), end_mm: text("end_mm") };
  const requestBody: CutOrderRequest = { sizes, ...values, ...(materials.length ? { materials } : {}) };
  const result = await createCutPlan({ db, userId: face.userId, productId: face.productId, orderId: face.orderId, request: requestBody });
  if (result.ok) return redirect(`${face.base}?plan=${result.id}`);
  invariantResponse(result.error !== "not_found", "Not found", { status: 404 });
  const field = result.error === "invalid" ? result.field : "";
  return data({ errors: { [field]: [result.message] }, values: { ...values, sizes, materials } }, { status: result.error === "busy" ? 429 : 400 });
}

/** A file of a plan made on this face (the page's download links), else 404. */
export async function cutPlanPageFile(face: CutPlanFace, planId: string | undefined, file: string | undefined) {
  const db = getDb();
  const id = Number(planId);
  const own = (await listCutPlans({ db, userId: face.userId, ...(face.orderId !== null ? { orderId: face.orderId } : { productId: face.productId }) })).some((p) => p.id === id);
  const found = own ? await cutPlanFile({ db, userId: face.userId, id, file: file ?? "" }) : null;
  invariantResponse(found, "Not found", { status: 404 });
  return new Response(new Uint8Array(found.body), {
    headers: { "Content-Type": found.contentType, "Content-Disposition": `attachment; filename="${found.name}"`, "Cache-Control": "private, no-store" },
  });
}
