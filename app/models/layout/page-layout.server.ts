/**
 * What the product page shows of a pattern's cutting layouts (issue 25, decision 131): the section
 * "Cutting layout" (its GET form's choices, the layout or why there is none) and the fabric table, whose lengths come
 * from the layouts where they are cached and from the area estimate (fabric.server.ts) elsewhere, marked as such.
 */
import { LAYOUT_ERRORS, tooWideMessage } from "./errors";
import { drawnLayout } from "./drawing";
import { lengthToBuy, rounded, widthLabel, type LengthToBuy } from "~/utils/fabric-lengths";
import {
  pageLayoutWaitMs,
  cachedLayoutsOf,
  CUSTOM_LAYOUT_SIZE,
  defaultLayoutWidthMm,
  productLayout,
  warmLayouts,
  type ProductLayoutError,
} from "./layouts.server";
import type { Layout } from "../patterns/nest.server";
import { getLayoutSettings } from "./settings.server";
import { LAYOUT_WIDTH_RANGE_MM } from "~/utils/layout-settings";
import { readWidthQuery, widthRangeText, type WidthUnit } from "./width-query.server";
import { CUSTOM_SIZE_LABEL } from "~/models/patterns/interpolate";
import { fabricEstimate } from "~/models/patterns/fabric.server";
import { PatternBusyError } from "~/models/patterns/pool.server";
import { ensureParsed, type PatternFacts } from "~/models/patterns/versions.server";
import { createCache, type Cache } from "~/utils/cache.server";
import type { DbOrTx } from "~/utils/db.server";

export const BUSY_MESSAGE = "The layout is being prepared. Reload the page in a few seconds.";

type Option = { value: string; label: string };

export type LayoutSectionView = {
  sizes: Option[];
  size: string;
  sizeError: string | null;
  widths: Option[];
  /** The select's value (mm): one of `widths`. */
  width: string;
  unit: WidthUnit;
  /** A bad typed width, shown back in its field beside its error; else "". */
  typed: string;
  widthError: string | null;
  /** Null when the size is cut from one material only. */
  materials: Option[] | null;
  material: string;
  materialError: string | null;
  /** Query values the form carries on (the preview's size, the size chart's unit). */
  keep: { name: string; value: string }[];
  shown:
    | { kind: "layout"; layout: Layout; sizeLabel: string; materialLabel: string; widthLabel: string; buy: LengthToBuy; lowerBoundMm: number }
    | { kind: "message"; message: string }
    | null;
};

export function materialLabel(material: string): string {
  if (material === "fabric") return "Main fabric";
  return material.charAt(0).toUpperCase() + material.slice(1);
}

/**
 * A failure said to the buyer, from the layout domain's table (errors.ts); the page's own words for a full pool (the
 * page asks for a reload) and a piece too wide (it suggests a wider fabric). Field errors are placed apart.
 */
function failureMessage(error: ProductLayoutError, pieces: string[] | undefined): string {
  // Busy or computing on without the page: either way it is being prepared.
  if (error === "busy" || error === "preparing") return BUSY_MESSAGE;
  if (error === "too_wide") return `${tooWideMessage(pieces).replace(/\.$/, "")}. Choose a wider fabric, or type its width.`;
  return LAYOUT_ERRORS[error].message;
}

/**
 * The section's view for one request. `previewSize` is the size the page's preview shows (a graded size, or
 * CUSTOM_LAYOUT_SIZE for the buyer's own size): the layout follows it unless the form asked for another.
 */
export async function layoutSectionView({
  db,
  productId,
  facts,
  params,
  userId,
  yourSize,
  previewSize,
  client,
}: {
  db: DbOrTx;
  productId: number;
  facts: PatternFacts;
  params: URLSearchParams;
  userId: number | null;
  /** Who asks (layoutClientKey): its new layouts are limited (LAYOUTS_PER_CLIENT). */
  client?: string;
  /** The viewer has a made-to-measure size of this pattern. */
  yourSize: boolean;
  previewSize: string;
}): Promise<LayoutSectionView> {
  const { widthsMm } = await getLayoutSettings({ db, productId });
  const sizes: Option[] = [...(yourSize ? [{ value: CUSTOM_LAYOUT_SIZE, label: CUSTOM_SIZE_LABEL }] : []), ...facts.sizes.map((s) => ({ value: s, label: s }))];
  const asked = params.get("layout_size");
  let sizeError: string | null = null;
  let size = previewSize;
  if (asked !== null && asked !== "") {
    if (sizes.some((s) => s.value === asked)) size = asked;
    else sizeError = "Choose one of the sizes.";
  }
  const query = readWidthQuery(params);
  // A bad typed width keeps what the form showed (its select's width) drawn beside the error (issue 34, item 20).
  const shownMm = Number(params.get("width"));
  const keptMm = query.kind === "bad" && shownMm >= LAYOUT_WIDTH_RANGE_MM.min && shownMm <= LAYOUT_WIDTH_RANGE_MM.max && Number.isInteger(shownMm) ? shownMm : null;
  const widthMm = query.kind === "default" || query.kind === "bad" ? (keptMm ?? defaultLayoutWidthMm(widthsMm)) : query.widthMm;
  const inList = widthsMm.includes(widthMm);
  const view: LayoutSectionView = {
    sizes,
    size,
    sizeError,
    // A width typed before joins the list (selected), so the typed field is only ever new input or a bad one shown back.
    widths: [...widthsMm, ...(inList ? [] : [widthMm])].sort((a, b) => a - b).map((w) => ({ value: String(w), label: widthLabel(w) })),
    width: String(widthMm),
    unit: query.unit,
    typed: query.kind === "bad" ? query.text : "",
    widthError: query.kind === "bad" ? query.message : null,
    materials: null,
    material: "fabric",
    materialError: null,
    keep: (["size", "unit"] as const).flatMap((name) => {
      const value = params.get(name);
      return value && value.length <= 40 ? [{ name, value }] : [];
    }),
    shown: null,
  };
  // A bad size or width is answered at its field; the layout of the size and width used instead stays drawn, with
  // its material selector (issue 34, item 20).

  const material = params.get("material") || undefined;
  // A layout to compute is waited for LAYOUT_PAGE_WAIT_MS at most, then computed on without the page, which says it
  // is being prepared (issue 34, item 2). Someone waits for it: the foreground lane unless work waits there.
  const wait = { lane: "auto", waitMs: pageLayoutWaitMs() } as const;
  let result = await productLayout({ db, productId, size, widthMm, material, userId, client, ...wait });
  if (!result.ok && result.error === "unknown_material" && material !== undefined) {
    view.materialError = "Choose one of the materials.";
    result = await productLayout({ db, productId, size, widthMm, userId, client, ...wait });
  }
  if (!result.ok) {
    if (result.error === "bad_width") view.widthError ??= `Enter a width between ${widthRangeText(query.unit)}.`;
    else if (result.error === "unknown_size") view.sizeError ??= "Choose one of the sizes.";
    else view.shown = { kind: "message", message: failureMessage(result.error, result.pieces) };
    return view;
  }
  const { value } = result;
  view.material = value.material;
  view.materials = value.materials.length > 1 ? value.materials.map((m) => ({ value: m, label: materialLabel(m) })) : null;
  if (view.materialError) return view;
  view.shown = {
    kind: "layout",
    layout: drawnLayout(value.layout),
    sizeLabel: value.size === CUSTOM_LAYOUT_SIZE ? CUSTOM_SIZE_LABEL : value.size,
    materialLabel: materialLabel(value.material),
    widthLabel: widthLabel(value.widthMm),
    buy: lengthToBuy(value.layout.lengthMm),
    lowerBoundMm: value.layout.lowerBoundMm,
  };
  return view;
}

export type FabricCell = { widthMm: number; metres: number; yards: number; source: "layout" | "estimate"; fits: boolean };
export type FabricTable = { widths: Option[]; rows: { size: string; cells: (FabricCell | null)[] }[]; estimated: boolean };

/**
 * The page's fabric table: per graded size and the seller's widths, the main fabric's length to buy from its cached
 * layout, else from the area estimate (marked). Asks for the missing layouts to be prepared in the background.
 */
export async function layoutFabricTable({ db, productId, facts }: { db: DbOrTx; productId: number; facts: PatternFacts }): Promise<FabricTable> {
  const { widthsMm } = await getLayoutSettings({ db, productId });
  const needed = await fabricNeeded({ db, productId, facts, mainOnly: true });
  const main = new Map(needed.map((n) => [`${n.size}\u0000${n.widthMm}`, n]));
  const rows: FabricTable["rows"] = facts.sizes.map((size) => ({
    size,
    cells: widthsMm.map((widthMm) => {
      const n = main.get(`${size}\u0000${widthMm}`);
      return n ? { widthMm, metres: n.metres, yards: n.yards, source: n.source, fits: n.fits } : null;
    }),
  }));
  return { widths: widthsMm.map((w) => ({ value: String(w), label: widthLabel(w) })), rows, estimated: needed.some((n) => n.source === "estimate") };
}

/** One material, size and width of the fabric to buy: from its cached layout, else the area estimate. */
export type FabricNeed = { material: string; size: string; widthMm: number; lengthMm: number; metres: number; yards: number; fits: boolean; source: "layout" | "estimate" };

/** Estimates (margin included) per material, size and width, for the widths the facts do not hold. */
const needMemos = new WeakMap<object, Cache<Map<string, { lengthMm: number; fits: boolean }>>>();
/** The memo of one database (version ids repeat across databases: the tests open many). */
function needMemoOf(db: DbOrTx) {
  const owner = "$client" in db ? db.$client : db;
  let memo = needMemos.get(owner);
  if (!memo) needMemos.set(owner, (memo = createCache({ max: 200 })));
  return memo;
}
const needKey = (material: string, size: string, widthMm: number) => `${material}\u0000${size}\u0000${widthMm}`;

async function estimatesByMaterial(db: DbOrTx, facts: PatternFacts, widthsMm: number[]) {
  const key = `${facts.versionId}:${facts.reading}:${widthsMm.join(",")}`;
  const needMemo = needMemoOf(db);
  const memo = needMemo.get(key);
  if (memo) return memo;
  const found = new Map<string, { lengthMm: number; fits: boolean }>();
  for (const f of facts.fabricByWidth) found.set(needKey(f.material, f.size, f.widthMm), { lengthMm: f.lengthMm, fits: f.fits });
  const wanted = materialsBySize(facts);
  const missing = widthsMm.filter((w) => facts.sizes.some((s) => (wanted.get(s) ?? []).some((m) => !found.has(needKey(m, s, w)))));
  if (missing.length) {
    const pattern = await ensureParsed({ db, versionId: facts.versionId });
    for (const size of pattern?.sizes ?? []) {
      for (const material of wanted.get(size) ?? []) {
        const estimate = fabricEstimate(pattern!, size, material, missing.map((widthMm) => ({ label: "", widthMm })));
        for (const f of estimate?.fabrics ?? []) found.set(needKey(material, size, f.widthMm), { lengthMm: f.lengthMm, fits: f.fits });
      }
    }
  }
  return needMemo.set(key, found);
}

/** Per size, its materials in the facts' order (the main fabric first). */
function materialsBySize(facts: PatternFacts): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const f of facts.fabricByWidth) {
    const list = out.get(f.size) ?? [];
    if (!list.includes(f.material)) list.push(f.material);
    out.set(f.size, list);
  }
  return out;
}

/**
 * The fabric to buy per material, size and the seller's widths (issue 34, item 12): one figure everywhere, the
 * product page's table, the seller's "Fabric needed" and the JSON `pattern.fabric`. A cached layout gives it (the
 * length to buy, margin included); where none is ready yet the area estimate does, marked "estimate", and the missing
 * layouts are asked for in the background.
 */
export async function fabricNeeded({
  db,
  productId,
  facts,
  mainOnly = false,
}: {
  db: DbOrTx;
  productId: number;
  facts: PatternFacts;
  /** Only each size's main fabric (the product page's table): a third of the lookups of a three-material pattern. */
  mainOnly?: boolean;
}): Promise<FabricNeed[]> {
  const { widthsMm } = await getLayoutSettings({ db, productId });
  const cached = await cachedLayoutsOf({ db, productId });
  let estimates: Map<string, { lengthMm: number; fits: boolean }> | null = null;
  const out: FabricNeed[] = [];
  for (const [size, all] of materialsBySize(facts)) {
    for (const material of mainOnly ? all.slice(0, 1) : all) {
      for (const widthMm of widthsMm) {
        const layout = cached(size, widthMm, material);
        if (layout) {
          const buy = lengthToBuy(layout.lengthMm);
          out.push({ material, size, widthMm, lengthMm: Math.round(buy.metres * 1000), metres: buy.metres, yards: buy.yards, fits: true, source: "layout" });
          continue;
        }
        estimates ??= await estimatesByMaterial(db, facts, widthsMm).catch((error: unknown) => {
          if (error instanceof PatternBusyError) return new Map<string, { lengthMm: number; fits: boolean }>();
          throw error;
        });
        const e = estimates.get(needKey(material, size, widthMm));
        if (!e) continue;
        const buy = rounded(e.lengthMm);
        out.push({ material, size, widthMm, lengthMm: Math.round(buy.metres * 1000), metres: buy.metres, yards: buy.yards, fits: e.fits, source: "estimate" });
      }
    }
  }
  if (out.some((n) => n.source === "estimate")) warmLayouts({ db, productId });
  return out;
}
