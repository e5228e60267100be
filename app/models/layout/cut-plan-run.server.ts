/**
 * Lays a checked cut order out as a plan (issue 48, decision 156), per material: each ordered size nested alone
 * (greedy, quick) gives its length and area; the solver splits the run on estimates from those; the markers it
 * picks are nested and their real lengths replace the estimates; solved again until the plan's markers are
 * all nested (at most ROUNDS times, then only nested markers are used). The rounds' markers get a short search (a
 * tenth of `search.perMarker`, at most a quarter of `search.total` in all). Then each marker of the plan, and only
 * those, is laid again with the strip search: `search.perMarker` evaluations each, fewer when the plan has so many
 * markers that they would pass what is left of `search.total` (a plan's time stays bounded: the largest file's plan
 * within 10 minutes). The search starts from the greedy marker and keeps it when it finds nothing shorter, so a marker only
 * gets shorter and the plan stays within the table. The nesting is passed in (`nest`): the pattern pool's idle lane
 * in the product, a direct call in the bench and tests.
 */
import type { Marker, MarkerResult } from "../patterns/marker.server";
import { EVALUATIONS_PER_SECOND } from "../patterns/strip.server";
import { estimateLength, markerKey, solveCutPlan, type CutOrder, type SizeCounts, type SizeFacts } from "./cut-plan";

/** Nests one marker: `evaluations` of the strip search after the greedy passes (0: greedy only). */
export type NestMarker = (sizes: SizeCounts, material: string, evaluations: number) => Promise<MarkerResult>;
/** Evaluations of the strip search: at most `perMarker` for one marker, at most `total` for the plan's markers together. */
export type PlanSearch = { perMarker: number; total: number };
export type RunMarker = { material: string; sizes: SizeCounts; plies: number; marker: Marker };
export type RunResult = { ok: true; markers: RunMarker[]; totalMm: number; boundMm: number } | { ok: false; message: string };

const ROUNDS = 4;
/**
 * Seconds of strip search (in evaluations, EVALUATIONS_PER_SECOND each) for all of a plan's markers together: with
 * the greedy rounds before them, the largest real file's plan (every size, 5 each) ends within 10 minutes.
 */
export const PLAN_SEARCH_SECONDS = 180;
/**
 * A plan's deadline from its start (seconds): past it no new round, and the plan's markers' searches shrink to what
 * fits (runCutPlan's `deadline`). The largest real file at a 2 mm gap took 11 min 34 s without it on the reference
 * machine; issue 48 asks for 10 minutes.
 */
export const PLAN_DEADLINE_SECONDS = 450;
/** A marker nested in a round gets this fraction of `search.perMarker` (3 s at 30 s). */
const ROUND_SEARCH_SHARE = 10;
/** The engine's limit of cut pieces on one layout (LAYOUT_LIMITS.maxCuts). */
const MAX_CUTS = 300;

export async function runCutPlan({
  order,
  cutsPerGarment,
  nest,
  search,
  progress = () => {},
  deadline = Infinity,
  now = Date.now,
}: {
  order: CutOrder;
  /** Cut pieces of one garment of each size, per material. */
  cutsPerGarment: (size: string, material: string) => number;
  nest: NestMarker;
  search: PlanSearch;
  progress?: (done: number, steps: number) => void;
  /**
   * When the plan should be done (ms, `now()`'s clock): past it no new round is begun (the plan is made of the
   * markers nested so far), and the plan's markers get the searches that still fit before it, at the rate the
   * earlier ones ran. Evaluations keep a plan the same on any machine; this bounds it on a slow or busy one.
   */
  deadline?: number;
  now?: () => number;
}): Promise<RunResult> {
  const sizes = Object.keys(order.sizes);
  let done = 0;
  let steps = sizes.length * order.materials.length;
  /** Whether the plan's markers are being searched (the last phase); before it, one step is always left to do. */
  let last = false;
  const step = () => progress(++done, Math.max(steps, done) + (last ? 0 : 1));
  const out: RunMarker[] = [];
  let totalMm = 0;
  let boundMm = 0;
  /** Evaluations the rounds' searches spent (at most a quarter of search.total). */
  let spent = 0;
  const usableWidth = order.widthMm - 2 * order.marginMm;
  const fits = (m: Marker) => m.lengthMm + 2 * order.endMm <= order.tableMm;
  for (const material of order.materials) {
    const own = sizes.filter((s) => cutsPerGarment(s, material) > 0);
    if (!own.length) continue;
    const quantities: SizeCounts = Object.fromEntries(own.map((s) => [s, order.sizes[s]!]));
    const nested = new Map<string, Marker>();
    /** The sizes of each nested marker, by its key. */
    const garmentsOf = new Map<string, SizeCounts>();
    const facts: Record<string, SizeFacts> = {};
    for (const size of own) {
      const result = await nest({ [size]: 1 }, material, 0);
      step();
      if (!result.ok) return { ok: false, message: refusal(result, size) };
      nested.set(markerKey({ [size]: 1 }), result.marker);
      facts[size] = { lengthMm: result.marker.lengthMm, areaMm2: result.marker.areaMm2 };
      boundMm += (result.marker.areaMm2 * quantities[size]!) / usableWidth;
    }
    const maxGarments = Math.max(1, Math.floor(MAX_CUTS / Math.max(...own.map((s) => cutsPerGarment(s, material)))));
    const solve = (onlyNested: boolean) => {
      // The estimates scaled by how the markers nested so far came out against theirs (the median ratio).
      const ratios = [...garmentsOf.entries()]
        .filter(([, m]) => Object.values(m).reduce((a, b) => a + b, 0) > 1)
        .map(([k, m]) => nested.get(k)!.lengthMm / estimateLength(m, facts, order.widthMm));
      const scale = ratios.length ? ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)]! : 1;
      return solveCutPlan({
        quantities,
        tableMm: order.tableMm,
        endMm: order.endMm,
        maxPlies: order.maxPlies,
        maxGarments,
        lengthOf: (m) => {
          const known = nested.get(markerKey(m));
          if (known) return fits(known) ? known.lengthMm : Infinity;
          const longest = Math.max(...Object.keys(m).map((s) => facts[s]!.lengthMm));
          return Math.max(longest, estimateLength(m, facts, order.widthMm) * scale);
        },
        allowed: (m) => !onlyNested || nested.has(markerKey(m)),
      });
    };
    let plan = solve(false);
    for (let round = 0; ; round++) {
      if (!plan.ok) return { ok: false, message: `One garment of size ${plan.size} in ${material} is longer than the table less the end allowances` };
      const missing = plan.plan.markers.filter((m) => !nested.has(markerKey(m.sizes)));
      if (!missing.length) break;
      if (round === ROUNDS || now() >= deadline) {
        plan = solve(true);
        break;
      }
      steps += missing.length;
      for (const m of missing) {
        // A short search, so the solver compares lengths as searched markers come out (greedy ones of many garments
        // come out relatively longer than a size alone, and would push the plan to small markers).
        const evaluations = Math.min(Math.floor(search.perMarker / ROUND_SEARCH_SHARE), Math.max(0, Math.floor(search.total / 4) - spent));
        spent += evaluations;
        const result = await nest(m.sizes, material, evaluations);
        step();
        if (!result.ok) return { ok: false, message: refusal(result, Object.keys(m.sizes).join(", ")) };
        nested.set(markerKey(m.sizes), result.marker);
        garmentsOf.set(markerKey(m.sizes), m.sizes);
      }
      plan = solve(false);
    }
    if (!plan.ok) return { ok: false, message: `One garment of size ${plan.size} in ${material} is longer than the table less the end allowances` };
    for (const m of plan.plan.markers) out.push({ material, sizes: m.sizes, plies: m.plies, marker: nested.get(markerKey(m.sizes))! });
  }
  // The plan's markers searched, with the plan's search budget shared out (a marker of one garment is as the page's
  // layout: searched too).
  const perMarker = out.length ? Math.min(search.perMarker, Math.floor(Math.max(0, search.total - spent) / out.length)) : 0;
  if (perMarker > 0) {
    steps = done + out.length;
    last = true;
    // Evaluations per millisecond: assumed a quarter of the reference rate until the first search is timed.
    let searched = 0;
    let spentMs = 0;
    for (const [i, m] of out.entries()) {
      const rate = spentMs > 0 ? searched / spentMs : EVALUATIONS_PER_SECOND / 4000;
      const fit = Math.floor((rate * (deadline - now())) / (out.length - i));
      const evaluations = Math.min(perMarker, Math.max(0, fit));
      if (evaluations > 0) {
        const started = now();
        const result = await nest(m.sizes, m.material, evaluations);
        searched += evaluations;
        spentMs += Math.max(1, now() - started);
        if (result.ok && result.marker.lengthMm <= m.marker.lengthMm) m.marker = result.marker;
      }
      step();
    }
  }
  for (const m of out) totalMm += m.marker.lengthMm * m.plies;
  if (!out.length) return { ok: false, message: "The chosen sizes have no pieces in the chosen materials" };
  // No search of the plan's markers (no budget): the step kept for it is done too.
  if (!last) progress(done, done);
  return { ok: true, markers: out, totalMm, boundMm };
}

function refusal(result: Extract<MarkerResult, { ok: false }>, sizes: string): string {
  if (result.error === "too_wide") return `The piece ${result.pieces?.join(", ") ?? ""} (size ${sizes}) is wider than the fabric less the selvedge margins`;
  if (result.error === "too_many_pieces") return `Size ${sizes} has too many pieces for one marker`;
  return `Size ${sizes} could not be laid out (${result.error})`;
}
