/**
 * Cut plans (issue 48, decision 156): a buyer's (or the design's seller's) size run on a Digital pattern laid as
 * production markers. A checked order is stored as a plan (queued) and worked one plan at a time: every nesting a
 * task of kind "marker" in the pattern pool's idle lane (its own thread at the lowest CPU priority and queue, so
 * uploads and pages go first; held by the plan, so layout improvements wait), the progress stored after each. The same order on the same pattern version is
 * the same plan (cached); a changed one is a new plan; a finished plan is kept until its owner deletes it. A plan
 * left queued or working by a restart is queued again when it is next read.
 */
import crypto from "node:crypto";

import { and, asc, desc, eq, inArray, isNull, ne } from "drizzle-orm";

import { cutPlanMarkers, cutPlans, orders, products, stores, type CutPlan, type CutPlanMarker } from "../../../db/tables";
import { checkCutOrder, type CutOrder, type CutOrderField, type LaidPiece, type SizeCounts } from "./cut-plan";
import { PLAN_DEADLINE_SECONDS, PLAN_SEARCH_SECONDS, runCutPlan } from "./cut-plan-run.server";
import type { Marker } from "~/models/patterns/marker.server";
import { markerDxf, markerHpgl, markerPdf, storedZip } from "~/models/patterns/marker-files.server";
import { sizeMaterials } from "~/models/patterns/fabric.server";
import { cutsOf } from "~/models/patterns/pieces";
import { idlePatternPool, PatternBusyError, PatternLimitError, runPatternTask } from "~/models/patterns/pool.server";
import { PLAN_SHARE } from "~/models/patterns/quiet";
import { cutCount, laidBox, piecesToCut } from "~/models/patterns/shapes.server";
import { EVALUATIONS_PER_SECOND } from "~/models/patterns/strip.server";
import type { Pattern } from "~/models/patterns/types";
import { getLatestVersion, loadPattern } from "~/models/patterns/versions.server";
import { getEnv } from "~/utils/env.server";
import { LAYOUT_WIDTH_RANGE_MM } from "~/utils/layout-settings";
import { affected, type DbOrTx, first, isClosed, transaction } from "~/utils/db.server";
import { log } from "~/utils/log.server";
import { isId } from "~/utils/ids";

export type CutPlanError =
  | { ok: false; error: "not_found" }
  | { ok: false; error: "invalid"; field: CutOrderField | "product_id" | "order_id"; message: string }
  | { ok: false; error: "busy"; message: string };

/** Plans a user may have waiting or in work at once (like the layouts' per-client share). */
export const CUT_PLANS_PER_USER = 2;
/** Plans waiting in the whole process at most; past it a new one is refused as busy. */
const CUT_PLAN_QUEUE = 16;

/** Who may plan on a product: the buyer of a Digital pattern order of it (not refunded), or its seller. */
async function planOwner(db: DbOrTx, userId: number, productId: number, orderId: number | null): Promise<{ productId: number; orderId: number | null } | null> {
  if (orderId !== null) {
    const order = await first(db
      .select({ productId: orders.productId })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.buyerId, userId), eq(orders.productType, "Pattern"), eq(orders.delivery, "Digital"), ne(orders.status, "Refunded"))).limit(1));
    if (!order || (productId > 0 && order.productId !== productId)) return null;
    return { productId: order.productId, orderId };
  }
  const own = await first(db
    .select({ id: products.id })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, productId), eq(stores.userId, userId), eq(products.type, "Pattern"), isNull(products.removedAt))).limit(1));
  return own ? { productId, orderId: null } : null;
}

/** The materials of a pattern over its sizes, the main one first. */
function patternMaterials(pattern: Pattern): string[] {
  const all = pattern.sizes.flatMap((s) => sizeMaterials(pattern, s));
  return [...new Set(all)];
}

function laidPieces(pattern: Pattern): LaidPiece[] {
  return pattern.pieces.flatMap((p) => {
    const box = laidBox(p);
    return [...new Set(cutsOf(p).map((c) => c.material))].map((material) => ({ size: p.size, material, name: p.name, ...box }));
  });
}

const hash = (text: string) => crypto.createHash("sha256").update(text).digest("hex").slice(0, 32);

/** What a cut order form or call sends (strings from a form, numbers from JSON). */
export type CutOrderRequest = Parameters<typeof checkCutOrder>[0];

/** Checks a cut order and stores it as a plan to work (or finds the same plan already made): its id. */
export async function createCutPlan({
  db,
  userId,
  productId,
  orderId = null,
  request,
}: {
  db: DbOrTx;
  userId: number;
  productId: number;
  orderId?: number | null;
  request: CutOrderRequest;
}): Promise<{ ok: true; id: number; created: boolean } | CutPlanError> {
  const owned = await planOwner(db, userId, productId, orderId);
  if (!owned) return { ok: false, error: "not_found" };
  const version = await getLatestVersion({ db, productId: owned.productId });
  if (!version) return { ok: false, error: "invalid", field: "product_id", message: "This design has no pattern file yet" };
  let loaded;
  try {
    loaded = await loadPattern({ db, versionId: version.id });
  } catch (error) {
    if (error instanceof PatternBusyError) return { ok: false, error: "busy", message: error.message };
    throw error;
  }
  if (!loaded) return { ok: false, error: "invalid", field: "product_id", message: "The pattern file of this design cannot be read" };
  const { pattern } = loaded;
  const checked = checkCutOrder(request, { sizes: pattern.sizes, materials: patternMaterials(pattern), pieces: laidPieces(pattern) }, LAYOUT_WIDTH_RANGE_MM);
  if (!checked.ok) return { ok: false, error: "invalid", field: checked.field, message: checked.message };
  const input = JSON.stringify(checked.order);
  const key = hash(JSON.stringify([version.id, version.reading, owned.orderId, getEnv().LAYOUT_IMPROVE_SECONDS, input]));
  const same = await first(db.select({ id: cutPlans.id }).from(cutPlans).where(and(eq(cutPlans.userId, userId), eq(cutPlans.key, key))).limit(1));
  if (same) return { ok: true, id: same.id, created: false };
  const open = await db
    .select({ id: cutPlans.id })
    .from(cutPlans)
    .where(and(eq(cutPlans.userId, userId), inArray(cutPlans.status, ["queued", "working"])));
  if (open.length >= CUT_PLANS_PER_USER) return { ok: false, error: "busy", message: `You have ${open.length} cut plans in work. Wait for one to finish, then make this one.` };
  if (planQueue.size >= CUT_PLAN_QUEUE) return { ok: false, error: "busy", message: "Many cut plans are being made right now. Please try again in a few minutes." };
  const row = (await db
    .insert(cutPlans)
    .values({ userId, productId: owned.productId, orderId: owned.orderId, versionId: version.id, key, input })
    .returning({ id: cutPlans.id }))[0];
  queuePlan(db, row.id);
  return { ok: true, id: row.id, created: true };
}

/** What a cut order form offers on a product its user may plan on: the pattern's sizes and materials; null otherwise. */
export async function cutPlanFormFacts({ db, userId, productId, orderId = null }: { db: DbOrTx; userId: number; productId: number; orderId?: number | null }) {
  const owned = await planOwner(db, userId, productId, orderId);
  if (!owned) return null;
  const product = await first(db.select({ name: products.name }).from(products).where(eq(products.id, owned.productId)).limit(1));
  const version = await getLatestVersion({ db, productId: owned.productId });
  const loaded = version ? await loadPattern({ db, versionId: version.id }) : null;
  return {
    productId: owned.productId,
    orderId: owned.orderId,
    name: product?.name ?? "",
    sizes: loaded?.pattern.sizes ?? [],
    materials: loaded ? patternMaterials(loaded.pattern) : [],
  };
}

export type CutPlanView = CutPlan & { order: CutOrder; markers: (Omit<CutPlanMarker, "layout" | "sizes"> & { sizes: SizeCounts })[] };

/** A plan its owner may see, with its markers (not their layouts); null for anyone else. */
export async function getCutPlan({ db, userId, id }: { db: DbOrTx; userId: number; id: number }): Promise<CutPlanView | null> {
  if (!isId(id)) return null;
  const plan = await first(db
    .select()
    .from(cutPlans)
    .where(and(eq(cutPlans.id, id), eq(cutPlans.userId, userId))).limit(1));
  if (!plan) return null;
  if ((plan.status === "queued" || plan.status === "working") && !planQueue.has(plan.id)) queuePlan(db, plan.id);
  const markers = await db
    .select({
      id: cutPlanMarkers.id,
      planId: cutPlanMarkers.planId,
      position: cutPlanMarkers.position,
      material: cutPlanMarkers.material,
      sizes: cutPlanMarkers.sizes,
      plies: cutPlanMarkers.plies,
      lengthMm: cutPlanMarkers.lengthMm,
      efficiency: cutPlanMarkers.efficiency,
    })
    .from(cutPlanMarkers)
    .where(eq(cutPlanMarkers.planId, plan.id))
    .orderBy(asc(cutPlanMarkers.position));
  return { ...plan, order: JSON.parse(plan.input) as CutOrder, markers: markers.map((m) => ({ ...m, sizes: JSON.parse(m.sizes) as SizeCounts })) };
}

/** One marker of a plan its owner may see, with its layout; null for anyone else. */
export async function getCutPlanMarker({ db, userId, id, position }: { db: DbOrTx; userId: number; id: number; position: number }) {
  const plan = await getCutPlan({ db, userId, id });
  if (!plan || plan.status !== "done") return null;
  const row = await first(db
    .select()
    .from(cutPlanMarkers)
    .where(and(eq(cutPlanMarkers.planId, plan.id), eq(cutPlanMarkers.position, position))).limit(1));
  if (!row) return null;
  return { plan, position: row.position, material: row.material, plies: row.plies, sizes: JSON.parse(row.sizes) as SizeCounts, marker: JSON.parse(row.layout) as Marker };
}

/** A user's plans, newest first (optionally of one order or one design). */
export async function listCutPlans({ db, userId, productId, orderId }: { db: DbOrTx; userId: number; productId?: number; orderId?: number }) {
  const where = [eq(cutPlans.userId, userId)];
  if (productId !== undefined) where.push(eq(cutPlans.productId, productId), isNull(cutPlans.orderId));
  if (orderId !== undefined) where.push(eq(cutPlans.orderId, orderId));
  return (await db
    .select({ id: cutPlans.id, productId: cutPlans.productId, orderId: cutPlans.orderId, status: cutPlans.status, input: cutPlans.input, totalMm: cutPlans.totalMm, createdAt: cutPlans.createdAt })
    .from(cutPlans)
    .where(and(...where))
    .orderBy(desc(cutPlans.createdAt), desc(cutPlans.id)))
    .map(({ input, ...p }) => ({ ...p, order: JSON.parse(input) as CutOrder }));
}

/** Deletes its owner's plan (and its markers); false when there is none to delete. */
export async function deleteCutPlan({ db, userId, id }: { db: DbOrTx; userId: number; id: number }): Promise<boolean> {
  if (!isId(id)) return false;
  planQueue.delete(id);
  return affected(await db.delete(cutPlans).where(and(eq(cutPlans.id, id), eq(cutPlans.userId, userId)))) > 0;
}

/** Plans to work, by id, oldest first; one at a time. */
const planQueue = new Map<number, DbOrTx>();
let working: Promise<void> | null = null;

function queuePlan(db: DbOrTx, id: number) {
  planQueue.set(id, db);
  if (!working) working = workLoop().finally(() => (working = null));
}

/** The plans being worked, for tests (resolves at once when none is). */
export function cutPlansWorking(): Promise<void> {
  return working ?? Promise.resolve();
}

async function workLoop(): Promise<void> {
  // Someone waits for a plan: layouts' improvements (nobody waits for them) wait until the plans are done.
  const release = idlePatternPool().reserve();
  try {
    await plans();
  } finally {
    release();
  }
}

async function plans(): Promise<void> {
  for (const [id, db] of planQueue) {
    try {
      await workPlan(db, id);
    } catch (error) {
      log.warn({ event: "cut-plan", planId: id, err: error }, "a cut plan failed");
      if (!isClosed(db)) await db.update(cutPlans).set({ status: "failed", error: "The plan could not be made. Please try again.", finishedAt: new Date() }).where(eq(cutPlans.id, id));
    } finally {
      planQueue.delete(id);
    }
  }
}


async function workPlan(db: DbOrTx, id: number): Promise<void> {
  if (isClosed(db)) return;
  const plan = await first(db.select().from(cutPlans).where(eq(cutPlans.id, id)).limit(1));
  if (!plan || plan.status === "done" || plan.status === "failed") return;
  const order = JSON.parse(plan.input) as CutOrder;
  const loaded = await loadPattern({ db, versionId: plan.versionId });
  const fail = async (error: string) => await db.update(cutPlans).set({ status: "failed", error, finishedAt: new Date() }).where(eq(cutPlans.id, id));
  if (!loaded) return void (await fail("The pattern file of this design cannot be read"));
  await db.update(cutPlans).set({ status: "working", done: 0, steps: 0 }).where(eq(cutPlans.id, id));
  const evaluations = Math.round(getEnv().LAYOUT_IMPROVE_SECONDS * EVALUATIONS_PER_SECOND);
  const { pattern, data } = loaded;
  let result;
  let progressWrites: Promise<void> = Promise.resolve();
  try {
    result = await runCutPlan({
      order,
      cutsPerGarment: (size, material) => piecesToCut(pattern, size, material).reduce((s, p) => s + cutCount(p, material), 0),
      search: { perMarker: evaluations, total: Math.round(PLAN_SEARCH_SECONDS * EVALUATIONS_PER_SECOND) },
      deadline: Date.now() + PLAN_DEADLINE_SECONDS * 1000,
      nest: async (sizes, material, searched) => {
        const task = { kind: "marker" as const, data, sizes, material, widthMm: order.widthMm, gapMm: order.gapMm, marginMm: order.marginMm, nap: order.nap };
        try {
          return await runPatternTask({ ...task, evaluations: searched }, "idle", { giveWay: { share: PLAN_SHARE } });
        } catch (error) {
          // A search past its time limit: the marker as the greedy passes lay it.
          if (!(error instanceof PatternLimitError) || searched <= 0) throw error;
          return runPatternTask({ ...task, evaluations: 0 }, "idle", { giveWay: { share: PLAN_SHARE } });
        }
      },
      // The steps are written one after another, in their order: on PostgreSQL two writes in flight may take two
      // pooled connections and land out of order (a plan left at 3 of 4 steps).
      progress: (done, steps) => {
        progressWrites = progressWrites
          .then(async () => {
            if (!isClosed(db)) await db.update(cutPlans).set({ done, steps }).where(eq(cutPlans.id, id));
          })
          // Only the page's progress bar: a write that fails leaves the last one shown.
          .catch((error: unknown) => log.warn({ event: "cut-plan-progress", planId: id, err: error }, "a cut plan's progress could not be stored"));
      },
    });
    await progressWrites;
  } catch (error) {
    if (error instanceof PatternBusyError) return void (await fail("Pattern files are being prepared for many people right now. Please delete this plan and make it again in a few minutes."));
    if (error instanceof PatternLimitError) return void (await fail(`A marker could not be laid out: ${error.message}`));
    throw error;
  }
  if (isClosed(db) || !await first(db.select({ id: cutPlans.id }).from(cutPlans).where(eq(cutPlans.id, id)).limit(1))) return;
  if (!result.ok) return void (await fail(result.message));
  const markers = result.markers;
  await transaction(db, async (tx) => {
    for (const [position, m] of markers.entries())
      await tx
        .insert(cutPlanMarkers)
        .values({ planId: id, position, material: m.material, sizes: JSON.stringify(m.sizes), plies: m.plies, lengthMm: m.marker.lengthMm, efficiency: m.marker.efficiency, layout: JSON.stringify(m.marker) });
    await tx.update(cutPlans).set({ status: "done", totalMm: result.totalMm, boundMm: result.boundMm, finishedAt: new Date() }).where(eq(cutPlans.id, id));
  });
}

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

/** The JSON face of a plan (GET /api/user/cut-plan/{id}); `files` are the marker's download paths. */
export function cutPlanJson(plan: CutPlanView, fileBase: string) {
  return {
    id: plan.id,
    product_id: plan.productId,
    order_id: plan.orderId,
    status: plan.status,
    progress: plan.steps ? round(plan.done / plan.steps, 2) : 0,
    error: plan.error,
    sizes: plan.order.sizes,
    width_mm: plan.order.widthMm,
    table_mm: plan.order.tableMm,
    max_plies: plan.order.maxPlies,
    nap: plan.order.nap,
    gap_mm: plan.order.gapMm,
    margin_mm: plan.order.marginMm,
    end_mm: plan.order.endMm,
    materials: plan.order.materials,
    markers: plan.markers.map((m) => ({
      material: m.material,
      sizes: m.sizes,
      plies: m.plies,
      length_mm: round(m.lengthMm, 1),
      efficiency: round(m.efficiency, 4),
      files: Object.fromEntries((["plt", "dxf", "pdf"] as const).map((ext) => [ext, `${fileBase}/marker-${m.position + 1}.${ext}`])),
    })),
    total_mm: plan.totalMm === null ? null : round(plan.totalMm, 1),
    bound_mm: plan.boundMm === null ? null : round(plan.boundMm, 1),
    zip: plan.status === "done" ? `${fileBase}/cut-plan-${plan.id}.zip` : null,
  };
}


const FILE_TYPES = { plt: "application/vnd.hp-hpgl", dxf: "application/dxf", pdf: "application/pdf", zip: "application/zip" } as const;
type FileExt = keyof typeof FILE_TYPES;
export type CutPlanFile = { name: string; contentType: string; body: Uint8Array };

const sizesText = (sizes: SizeCounts) =>
  Object.entries(sizes)
    .map(([s, n]) => (n > 1 ? `${n} x ${s}` : s))
    .join(" + ");

async function markerFile(plan: CutPlanView, marker: Marker, position: number, plies: number, sizes: SizeCounts, material: string, ext: Exclude<FileExt, "zip">): Promise<CutPlanFile> {
  const name = `marker-${position + 1}.${ext}`;
  const text = (t: string) => new TextEncoder().encode(t);
  if (ext === "plt") return { name, contentType: FILE_TYPES.plt, body: text(markerHpgl(marker)) };
  if (ext === "dxf") return { name, contentType: FILE_TYPES.dxf, body: text(markerDxf(marker)) };
  const body = await markerPdf(marker, {
    title: `Cut plan ${plan.id}, marker ${position + 1} of ${plan.markers.length}`,
    lines: [
      `Sizes: ${sizesText(sizes)}; ${material}; ${plies} ${plies === 1 ? "ply" : "plies"}`,
      `Length ${(marker.lengthMm / 1000).toFixed(3)} m on ${plan.order.widthMm} mm (selvedge margins ${plan.order.marginMm} mm, end allowances ${plan.order.endMm} mm), efficiency ${(marker.efficiency * 100).toFixed(1)} %`,
    ],
  });
  return { name, contentType: FILE_TYPES.pdf, body };
}

/**
 * A file of its owner's finished plan: `marker-N.plt`, `.dxf` or `.pdf`, or `cut-plan-<id>.zip` (every marker's
 * three files); null for anyone else, an unfinished plan or another name. Built from the stored markers on request.
 */
export async function cutPlanFile({ db, userId, id, file }: { db: DbOrTx; userId: number; id: number; file: string }): Promise<CutPlanFile | null> {
  const plan = await getCutPlan({ db, userId, id });
  if (!plan || plan.status !== "done") return null;
  const rows = async () =>
    await db.select().from(cutPlanMarkers).where(eq(cutPlanMarkers.planId, plan.id)).orderBy(asc(cutPlanMarkers.position));
  if (file === `cut-plan-${plan.id}.zip`) {
    const files: CutPlanFile[] = [];
    for (const row of await rows()) {
      const marker = JSON.parse(row.layout) as Marker;
      for (const ext of ["plt", "dxf", "pdf"] as const) files.push(await markerFile(plan, marker, row.position, row.plies, JSON.parse(row.sizes) as SizeCounts, row.material, ext));
    }
    return { name: file, contentType: FILE_TYPES.zip, body: storedZip(files.map((f) => ({ name: f.name, data: f.body }))) };
  }
  const match = /^marker-(\d{1,4})\.(plt|dxf|pdf)$/.exec(file);
  if (!match) return null;
  const found = await getCutPlanMarker({ db, userId, id, position: Number(match[1]) - 1 });
  if (!found) return null;
  return markerFile(plan, found.marker, found.position, found.plies, found.sizes, found.material, match[2] as Exclude<FileExt, "zip">);
}
