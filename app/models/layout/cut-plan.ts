/**
 * The cut plan (issue 48, decision 156): a size run split into markers (each a multiset of sizes) with a ply count
 * each, every ordered garment cut exactly once, each marker's length plus the end allowance at both ends within the
 * table, no ply count above the most; minimising the total fabric (the sum of marker length × plies), then the
 * number of markers. Pure: the marker lengths come from `lengthOf` (an estimate from the engine's single-size
 * layouts, then the nested lengths as they become known).
 */

/** Garments per size on one marker, e.g. { "38": 2, "40": 1 }. */
export type SizeCounts = Record<string, number>;
export type PlannedMarker = { sizes: SizeCounts; plies: number; lengthMm: number };
export type CutPlanSolution = { markers: PlannedMarker[]; totalMm: number };

export type SolveInput = {
  /** Garments ordered per size (the sizes in the pattern's order). */
  quantities: SizeCounts;
  tableMm: number;
  endMm: number;
  maxPlies: number;
  /** Garments on one marker at most (the engine's limit of cut pieces on one layout). */
  maxGarments: number;
  /** The marker's length, mm (estimated or nested); never shorter for a garment more (the enumeration stops there). */
  lengthOf: (sizes: SizeCounts) => number;
  /** Markers the plan may use (all by default): e.g. only those nested already. */
  allowed?: (sizes: SizeCounts) => boolean;
};

export type SolveResult = { ok: true; plan: CutPlanSolution } | { ok: false; error: "size_too_long"; size: string };

/** States searched exhaustively (the best few markers at each); past it each remaining state is finished greedily. */
const STATE_BUDGET = 20_000;
/** Candidate markers enumerated at most. */
const CANDIDATE_LIMIT = 4_000;
/** Markers branched on at each state, by fabric per garment. */
const BRANCHES = 8;

export const markerKey = (sizes: SizeCounts) =>
  Object.entries(sizes)
    .filter(([, n]) => n > 0)
    .map(([s, n]) => `${s}x${n}`)
    .join(",");

export function solveCutPlan({ quantities, tableMm, endMm, maxPlies, maxGarments, lengthOf, allowed = () => true }: SolveInput): SolveResult {
  const sizes = Object.keys(quantities).filter((s) => quantities[s]! > 0);
  const usable = tableMm - 2 * endMm;
  for (const s of sizes) if (!(lengthOf({ [s]: 1 }) <= usable) || !allowed({ [s]: 1 })) return { ok: false, error: "size_too_long", size: s };

  // Candidates: every multiset within the quantities, maxGarments and the table (a marker grows with each garment).
  // Each size's own markers first, so that every state of the search has one that applies however many mixtures
  // the limit leaves out; then the mixtures, up to CANDIDATE_LIMIT.
  type Candidate = { counts: number[]; sizes: SizeCounts; lengthMm: number; garments: number };
  const candidates: Candidate[] = [];
  sizes.forEach((s, k) => {
    for (let n = 1; n <= Math.min(quantities[s]!, maxGarments); n++) {
      const set: SizeCounts = { [s]: n };
      const lengthMm = lengthOf(set);
      if (lengthMm > usable) break;
      if (allowed(set)) candidates.push({ counts: sizes.map((_, j) => (j === k ? n : 0)), sizes: set, lengthMm, garments: n });
    }
  });
  const counts = sizes.map(() => 0);
  const enumerate = (i: number, garments: number) => {
    if (candidates.length >= CANDIDATE_LIMIT) return;
    if (i === sizes.length) {
      // Markers of one size are in already.
      if (counts.filter((n) => n > 0).length < 2) return;
      const set: SizeCounts = {};
      sizes.forEach((s, k) => counts[k]! > 0 && (set[s] = counts[k]!));
      const lengthMm = lengthOf(set);
      if (lengthMm <= usable && allowed(set)) candidates.push({ counts: [...counts], sizes: set, lengthMm, garments });
      return;
    }
    for (let n = 0; n <= quantities[sizes[i]!]! && garments + n <= maxGarments; n++) {
      counts[i] = n;
      if (n > 0) {
        const partial: SizeCounts = {};
        sizes.forEach((s, k) => k <= i && counts[k]! > 0 && (partial[s] = counts[k]!));
        if (lengthOf(partial) > usable) break;
      }
      enumerate(i + 1, garments + n);
    }
    counts[i] = 0;
  };
  enumerate(0, 0);
  // Cheapest fabric per garment first; then more garments, then the key (deterministic).
  candidates.sort((a, b) => a.lengthMm / a.garments - b.lengthMm / b.garments || b.garments - a.garments || markerKey(a.sizes).localeCompare(markerKey(b.sizes)));

  type Best = { cost: number; markers: number; steps: { c: Candidate; plies: number }[] };
  const memo = new Map<string, Best>();
  let states = 0;
  const solve = (left: number[]): Best => {
    if (left.every((n) => n === 0)) return { cost: 0, markers: 0, steps: [] };
    const key = left.join(",");
    const known = memo.get(key);
    if (known) return known;
    states++;
    const wide = states <= STATE_BUDGET;
    let best: Best | null = null;
    let tried = 0;
    for (const c of candidates) {
      if (c.counts.some((n, k) => n > left[k]!)) continue;
      const most = Math.min(maxPlies, ...c.counts.map((n, k) => (n ? Math.floor(left[k]! / n) : Infinity)));
      // The most plies, and each ply count that uses up one of the marker's sizes (fewer markers later).
      const options = new Set([most]);
      if (wide) c.counts.forEach((n, k) => n && left[k]! % n === 0 && left[k]! / n <= most && options.add(left[k]! / n));
      for (const plies of options) {
        const rest = solve(left.map((n, k) => n - c.counts[k]! * plies));
        const cost = rest.cost + c.lengthMm * plies;
        const markers = rest.markers + 1;
        if (!best || cost < best.cost - 1e-6 || (Math.abs(cost - best.cost) <= 1e-6 && markers < best.markers)) {
          best = { cost, markers, steps: [{ c, plies }, ...rest.steps] };
        }
      }
      if (++tried >= (wide ? BRANCHES : 1)) break;
    }
    // A garment of each size alone always fits (checked above) and is a candidate, so some candidate applies.
    memo.set(key, best!);
    return best!;
  };
  const best = solve(sizes.map((s) => quantities[s]!));
  // The same marker twice (reached by two branches) is one marker with the plies added when they fit.
  const markers: PlannedMarker[] = [];
  for (const { c, plies } of best.steps) {
    const same = markers.find((m) => markerKey(m.sizes) === markerKey(c.sizes) && m.plies + plies <= maxPlies);
    if (same) same.plies += plies;
    else markers.push({ sizes: c.sizes, plies, lengthMm: c.lengthMm });
  }
  return { ok: true, plan: { markers, totalMm: markers.reduce((s, m) => s + m.lengthMm * m.plies, 0) } };
}

/** What the engine's single-size layouts tell about a size: its nested length, area and width used. */
export type SizeFacts = { lengthMm: number; areaMm2: number };

/**
 * The estimate of a marker's length before it is nested: the garments' area over the width at an efficiency that
 * grows with the garments laid together (more pieces fill the gaps of the big ones), from the single-size layouts'
 * own efficiency; never shorter than the longest of its sizes alone.
 */
export function estimateLength(sizes: SizeCounts, facts: Record<string, SizeFacts>, widthMm: number): number {
  let area = 0;
  let single = 0;
  let garments = 0;
  let longest = 0;
  for (const [s, n] of Object.entries(sizes)) {
    const f = facts[s]!;
    area += f.areaMm2 * n;
    single += f.lengthMm * n;
    garments += n;
    longest = Math.max(longest, f.lengthMm);
  }
  if (!garments) return 0;
  const e1 = area / (widthMm * single);
  const e = Math.min(0.92, Math.max(e1, 1 - (1 - e1) * garments ** -0.3));
  return Math.max(longest, area / (widthMm * e));
}

/**
 * The gap between pieces when the order gives none: production markers are cut through the stack with a straight
 * knife or a cutting machine along lines that pieces may nearly share, so 2 mm (a blade's path), not the 5 mm a
 * layout for scissors keeps (decision 156).
 */
export const CUT_ORDER_DEFAULT_GAP_MM = 2;

export const CUT_ORDER_LIMITS = { perSize: 500, total: 2_000, maxPlies: 1_000, maxTableMm: 100_000, maxEndMm: 500, maxMarginMm: 100 } as const;
export const NAPS = ["one-way", "two-way"] as const;
export type Nap = (typeof NAPS)[number];

export type CutOrder = {
  sizes: SizeCounts;
  widthMm: number;
  tableMm: number;
  maxPlies: number;
  nap: Nap;
  gapMm: number;
  marginMm: number;
  endMm: number;
  materials: string[];
};

/** The fields of a cut order as the form and the JSON call name them. */
export type CutOrderField = "sizes" | "width_mm" | "table_mm" | "max_plies" | "nap" | "gap_mm" | "margin_mm" | "end_mm" | "materials";
export type CutOrderCheck = { ok: true; order: CutOrder } | { ok: false; field: CutOrderField; message: string };

/** What a piece measures as laid (mm), for the check against the table and the width. */
export type LaidPiece = { size: string; material: string; name: string; width: number; length: number };

const whole = (v: unknown): number | null => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v.trim()) : typeof v === "number" ? v : NaN;
  return Number.isInteger(n) ? n : null;
};

/**
 * Checks a cut order against the pattern (its sizes, materials and pieces as laid); the first fault, naming its field
 * (and the piece that does not fit, when one does not).
 */
export function checkCutOrder(
  raw: { sizes?: unknown; width_mm?: unknown; table_mm?: unknown; max_plies?: unknown; nap?: unknown; gap_mm?: unknown; margin_mm?: unknown; end_mm?: unknown; materials?: unknown },
  pattern: { sizes: string[]; materials: string[]; pieces: LaidPiece[] },
  widthRange: { min: number; max: number },
): CutOrderCheck {
  const fail = (field: CutOrderField, message: string): CutOrderCheck => ({ ok: false, field, message });
  if (!raw.sizes || typeof raw.sizes !== "object" || Array.isArray(raw.sizes)) return fail("sizes", "Enter how many garments to cut of each size");
  const sizes: SizeCounts = {};
  let total = 0;
  for (const [size, value] of Object.entries(raw.sizes as Record<string, unknown>)) {
    if (!pattern.sizes.includes(size)) return fail("sizes", `Size ${size} is not a size of this pattern`);
    const n = value === "" || value == null ? 0 : whole(value);
    if (n === null || n < 0) return fail("sizes", `Enter the quantity of size ${size} as a whole number`);
    if (n > CUT_ORDER_LIMITS.perSize) return fail("sizes", `Cut at most ${CUT_ORDER_LIMITS.perSize} of size ${size}`);
    if (n > 0) sizes[size] = n;
    total += n;
  }
  if (total === 0) return fail("sizes", "Enter how many garments to cut of at least one size");
  if (total > CUT_ORDER_LIMITS.total) return fail("sizes", `Cut at most ${CUT_ORDER_LIMITS.total.toLocaleString("en-US")} garments in one plan`);
  // The pattern's order of sizes.
  const ordered: SizeCounts = Object.fromEntries(pattern.sizes.filter((s) => sizes[s]).map((s) => [s, sizes[s]!]));

  const widthMm = whole(raw.width_mm);
  if (widthMm === null || widthMm < widthRange.min || widthMm > widthRange.max) return fail("width_mm", `Enter a fabric width from ${widthRange.min} to ${widthRange.max} mm`);
  const tableMm = whole(raw.table_mm);
  if (tableMm === null || tableMm < 500 || tableMm > CUT_ORDER_LIMITS.maxTableMm) return fail("table_mm", `Enter a table length from 500 to ${CUT_ORDER_LIMITS.maxTableMm} mm`);
  const maxPlies = whole(raw.max_plies);
  if (maxPlies === null || maxPlies < 1 || maxPlies > CUT_ORDER_LIMITS.maxPlies) return fail("max_plies", `Enter the most plies as a whole number from 1 to ${CUT_ORDER_LIMITS.maxPlies}`);
  const nap = raw.nap ?? "two-way";
  if (!NAPS.includes(nap as Nap)) return fail("nap", "Choose one-way or two-way");
  const gapMm = raw.gap_mm === undefined || raw.gap_mm === "" ? CUT_ORDER_DEFAULT_GAP_MM : whole(raw.gap_mm);
  if (gapMm === null || gapMm < 0 || gapMm > 50) return fail("gap_mm", "Enter a gap from 0 to 50 mm");
  const marginMm = raw.margin_mm === undefined || raw.margin_mm === "" ? 0 : whole(raw.margin_mm);
  if (marginMm === null || marginMm < 0 || marginMm > CUT_ORDER_LIMITS.maxMarginMm || widthMm - 2 * marginMm < 100) {
    return fail("margin_mm", `Enter a selvedge margin from 0 to ${CUT_ORDER_LIMITS.maxMarginMm} mm`);
  }
  const endMm = raw.end_mm === undefined || raw.end_mm === "" ? 0 : whole(raw.end_mm);
  if (endMm === null || endMm < 0 || endMm > CUT_ORDER_LIMITS.maxEndMm || tableMm - 2 * endMm < 100) return fail("end_mm", `Enter an end allowance from 0 to ${CUT_ORDER_LIMITS.maxEndMm} mm`);
  let materials = pattern.materials.slice(0, 1);
  if (raw.materials !== undefined && raw.materials !== "") {
    const list = Array.isArray(raw.materials) ? raw.materials : [raw.materials];
    if (!list.length || !list.every((m) => typeof m === "string" && pattern.materials.includes(m))) {
      return fail("materials", `Choose materials of this pattern: ${pattern.materials.join(", ")}`);
    }
    materials = [...new Set(list as string[])];
  }
  if (!materials.length) return fail("materials", "This pattern has no pieces to cut");
  for (const p of pattern.pieces) {
    if (!ordered[p.size] || !materials.includes(p.material)) continue;
    if (p.length > tableMm - 2 * endMm) return fail("table_mm", `The piece ${p.name} (size ${p.size}) is ${Math.ceil(p.length)} mm long: longer than the table less the end allowances`);
    if (p.width > widthMm - 2 * marginMm) {
      return fail("width_mm", `The piece ${p.name} (size ${p.size}) is ${Math.ceil(p.width)} mm wide: wider than the fabric less the selvedge margins`);
    }
  }
  return { ok: true, order: { sizes: ordered, widthMm, tableMm, maxPlies, nap: nap as Nap, gapMm, marginMm, endMm, materials } };
}
