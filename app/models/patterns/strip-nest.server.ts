/**
 * One entry to the strip search for every caller (the command-line nester, the benchmark, the product): the search
 * within a budget of seconds turned into evaluations, every layout it keeps passed by the exact check.
 */
import { checkStripSolution } from "./strip-check.server";
import type { StripInstance, StripPlacement, StripSolution } from "./strip-instance";
import { EVALUATIONS_PER_SECOND, searchStrip } from "./strip.server";

export type NestResult = { solution: StripSolution; evaluations: number; improvements: number };

/** The budget: `seconds` (EVALUATIONS_PER_SECOND each) or `evaluations`. */
export function nestStrip(
  instance: StripInstance,
  { seconds, evaluations: given, seed = 0, start }: { seconds?: number; evaluations?: number; seed?: number; start?: StripPlacement[] },
): NestResult {
  const budget = given ?? Math.round((seconds ?? 0) * EVALUATIONS_PER_SECOND);
  let improvements = 0;
  let evaluations = 0;
  const solution = searchStrip(
    instance,
    { budget, seed, start, onImprove: () => improvements++, onEnd: (n) => (evaluations = n) },
    (s) => checkStripSolution(instance, s).ok,
  );
  return { solution, evaluations, improvements };
}
