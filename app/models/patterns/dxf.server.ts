/**
 * Reading a garment pattern DXF into pieces (decision 060).
 *
 * AAMA/ASTM D6673 files (Gerber, Lectra, Optitex, CLO, Valentina): each piece is a BLOCK placed by an INSERT, with
 * numbered layers: 1 boundary (cut line), 2 turn points, 3 curve points, 4 notches, 5 grade reference, 6 mirror
 * line, 7 grain line, 8 internal lines, 11 internal cut-outs, 13 drill holes, 14 sew lines, 15 annotation; piece
 * facts are TEXT such as 'Piece Name: FRONT', 'Size: 42', 'Sample Size: 40', 'Units: METRIC'. A graded file holds one
 * block per piece and size. A plain DXF from a drawing program has no blocks: all its entities are one piece whose
 * boundary is the largest closed outline (a closed polyline or circle, or LINE/ARC/open polyline segments that
 * join into a loop). Units come from $INSUNITS (1 in, 4 mm, 5 cm) or the 'Units:' text; when neither says,
 * millimetres are assumed and `unitsAssumed` is set. Every coordinate of the result is in millimetres.
 */
import {
  arcPoints,
  bboxOf,
  bsplinePoints,
  bulgePoints,
  chainIntoRings,
  CURVE_TOLERANCE,
  distance,
  ellipsePoints,
  filledArea,
  fitSplinePoints,
  mirrorPoint,
  polygonArea,
  round,
  sortSizes,
  transferPoints,
  unfoldRing,
} from "./geometry";
import { addFact, cutsOf, fabricCodes, INSUNITS, parseUnits, statesAnything, type StatedFacts } from "./facts";
import {
  formatCount,
  MAX_COORDINATE,
  MAX_EXPANDED_ENTITIES,
  MAX_EXPANDED_POINTS,
  MAX_PIECE_MM,
  MAX_PIECES,
  MIN_PIECE_MM,
  PLAUSIBLE_PIECE_MM,
} from "./limits";
import {
  apply,
  compose,
  decode,
  finite,
  insertXf,
  parseDxf,
  PatternLimitError,
  scaleXf,
  tooComplex,
  xfScale,
  type RawBlock,
  type RawDxf,
  type RawEntity,
  type RawPoint,
  type Xf,
} from "./dxf-raw.server";
import type { Pattern, PatternPiece, PatternUnits, Pt, ReadPatternOptions, ReadPatternResult, UnitsSource } from "./types";

/**
 * The reader's version, stored with every reading (pattern_versions.reader_version, decision 100). Raise it when a
 * change of the reader changes what it reads from a file: stored readings of a lower version are read again at
 * start-up (and by `npm run patterns:reread`), and caches of their previews and print files are dropped.
 * 1: decision 060-090; 2: the real CAD reader (decision 094); 3: outlines that cross themselves measured as filled.
 */
export const READER_VERSION = 3;

export const READ_PATTERN_MESSAGES: Record<"not_dxf" | "no_entities" | "no_boundary", string> = {
  not_dxf: "This file is not a readable DXF file.",
  no_entities: "This DXF file has no drawing in it (no entities were found).",
  no_boundary: "No closed piece outline (layer 1 boundary) was found in this DXF.",
};

/** Shown to the seller when `unitsAssumed` is true. */
export const UNITS_ASSUMED_MESSAGE =
  "This DXF file does not say which units it uses, so we read it in millimetres. If the pieces look too small or too large, export it again with its units set.";

const MM_PER_UNIT: Record<PatternUnits, number> = { mm: 1, cm: 10, in: 25.4 };
/** Ends closer than this (mm) are one point when joining segments into an outline. */
const JOIN_TOLERANCE_MM = 0.1;
const MAX_INSERT_DEPTH = 4;

function fail(error: keyof typeof READ_PATTERN_MESSAGES): ReadPatternResult {
  return { ok: false, error, message: READ_PATTERN_MESSAGES[error] };
}

/** One entity's geometry after transformation to mm. */
type Geometry = { layer: number | null; rings: Pt[][]; paths: Pt[][]; points: Pt[]; texts: string[] };

function layerNumber(layer: string | undefined): number | null {
  const m = /^\s*(\d+)\s*$/.exec(layer ?? "");
  return m ? Number(m[1]) : null;
}

function polylinePoints(vertices: RawPoint[], closed: boolean, xf: Xf): Pt[] {
  const out: Pt[] = [];
  const vs = vertices.filter((v) => Number.isFinite(v?.x) && Number.isFinite(v?.y) && !v.splineControlPoint);
  for (let i = 0; i < vs.length; i++) {
    const p = apply(xf, vs[i]);
    out.push(p);
    const next = i + 1 < vs.length ? vs[i + 1] : closed ? vs[0] : null;
    const bulge = vs[i].bulge;
    if (next && bulge) {
      // Bulges are defined in the block's coordinates: compute there, then transform.
      for (const q of bulgePoints([vs[i].x, vs[i].y], [next.x, next.y], bulge, CURVE_TOLERANCE / xfScale(xf))) out.push(apply(xf, { x: q[0], y: q[1] }));
    }
  }
  return out;
}

function addPath(g: Geometry, pts: Pt[], closedFlag: boolean) {
  if (pts.length < 2) return;
  const closesOnItself = pts.length > 3 && distance(pts[0], pts[pts.length - 1]) <= JOIN_TOLERANCE_MM;
  if (closedFlag || closesOnItself) {
    const ring = closesOnItself ? pts.slice(0, -1) : pts;
    if (ring.length >= 3) g.rings.push(ring);
    else g.paths.push(pts);
  } else g.paths.push(pts);
}

/** What one reading has expanded so far: every copy of a block's entities counts (limits.ts). */
type Budget = { entities: number; points: number };

/** Counts an entity's points against the budget and refuses non-finite or far-out results of transforms. */
function spend(g: Geometry, budget: Budget) {
  const check = (p: Pt) => {
    if (!(Math.abs(p[0]) <= MAX_COORDINATE && Math.abs(p[1]) <= MAX_COORDINATE)) {
      const where = Number.isFinite(p[0]) && Number.isFinite(p[1]) ? `${Math.max(Math.abs(p[0]), Math.abs(p[1])).toExponential(1)} mm` : "a point that is not a number";
      throw new PatternLimitError("bad_number", `This DXF places a drawing at ${where} once its blocks are inserted (their position or scale), beyond the ${MAX_COORDINATE.toExponential()} mm a drawing may use.`);
    }
  };
  let n = g.points.length;
  g.points.forEach(check);
  for (const list of [g.rings, g.paths]) {
    for (const path of list) {
      n += path.length;
      path.forEach(check);
    }
  }
  budget.points += n;
  if (budget.points > MAX_EXPANDED_POINTS) {
    throw tooComplex(`its outlines expand to more than ${formatCount(MAX_EXPANDED_POINTS)} points, the most a pattern may have`);
  }
}

/** Collects the geometry of entities (recursing into INSERTs of blocks) into per-entity records. */
function collect(entities: RawEntity[], xf: Xf, blocks: Record<string, RawBlock>, out: Geometry[], depth: number, budget: Budget) {
  for (const e of entities) {
    if (!e || typeof e !== "object") continue;
    if (++budget.entities > MAX_EXPANDED_ENTITIES) {
      throw tooComplex(
        `its blocks expand to more than ${formatCount(MAX_EXPANDED_ENTITIES)} entities (each INSERT copies its block), the most a pattern may have`,
      );
    }
    const g: Geometry = { layer: layerNumber(e.layer), rings: [], paths: [], points: [], texts: [] };
    switch (e.type) {
      case "LINE":
        if (e.vertices && e.vertices.length >= 2) addPath(g, [apply(xf, e.vertices[0]), apply(xf, e.vertices[1])], false);
        break;
      case "LWPOLYLINE":
      case "POLYLINE":
        if (e.vertices && !e.isPolyfaceMesh && !e.is3dPolygonMesh) addPath(g, polylinePoints(e.vertices, !!e.shape, xf), !!e.shape);
        break;
      case "ARC":
        if (e.center && e.radius && e.radius > 0) {
          const start = finite(e.startAngle, 0);
          let sweep = finite(e.endAngle, 2 * Math.PI) - start;
          while (sweep <= 0) sweep += 2 * Math.PI;
          const pts = arcPoints([e.center.x, e.center.y], e.radius, start, sweep, CURVE_TOLERANCE / xfScale(xf));
          addPath(g, pts.map(([x, y]) => apply(xf, { x, y })), false);
        }
        break;
      case "CIRCLE":
        if (e.center && e.radius && e.radius > 0) {
          const pts = arcPoints([e.center.x, e.center.y], e.radius, 0, 2 * Math.PI, CURVE_TOLERANCE / xfScale(xf)).slice(0, -1);
          g.rings.push(pts.map(([x, y]) => apply(xf, { x, y })));
          g.points.push(apply(xf, e.center));
        }
        break;
      case "SPLINE": {
        // Curves are computed in the block's coordinates to 0.01 mm once transformed, then transformed.
        const tol = CURVE_TOLERANCE / xfScale(xf);
        const xy = (list: RawPoint[] | undefined) => (list ?? []).filter((p) => Number.isFinite(p?.x) && Number.isFinite(p?.y)).map((p): Pt => [p.x, p.y]);
        const control = xy(e.controlPoints);
        const fit = xy(e.fitPoints);
        const closed = !!e.closed || !!e.periodic;
        const curve =
          (control.length >= 2 ? bsplinePoints(finite(e.degreeOfSplineCurve, 3), e.knotValues ?? [], control, undefined, tol) : null) ??
          (fit.length >= 2 ? fitSplinePoints(fit, closed, tol) : control);
        addPath(g, curve.map(([x, y]) => apply(xf, { x, y })), closed);
        break;
      }
      case "ELLIPSE":
        if (e.center && e.majorAxisEndPoint && finite(e.axisRatio, 0) > 0 && Math.hypot(e.majorAxisEndPoint.x, e.majorAxisEndPoint.y) > 0) {
          const start = finite(e.startAngle, 0);
          const end = finite(e.endAngle, 2 * Math.PI);
          const whole = Math.abs(end - start - 2 * Math.PI) < 1e-9 || end === start;
          const pts = ellipsePoints([e.center.x, e.center.y], [e.majorAxisEndPoint.x, e.majorAxisEndPoint.y], e.axisRatio!, start, whole ? start + 2 * Math.PI : end, CURVE_TOLERANCE / xfScale(xf));
          addPath(g, pts.map(([x, y]) => apply(xf, { x, y })), whole);
          if (whole) g.points.push(apply(xf, e.center));
        }
        break;
      case "POINT":
        if (e.position) g.points.push(apply(xf, e.position));
        break;
      case "TEXT":
      case "MTEXT":
      case "ATTDEF":
        if (typeof e.text === "string") g.texts.push(unescapeText(e.text));
        break;
      case "INSERT": {
        const block = e.name ? blocks[e.name] : undefined;
        if (block?.entities && depth < MAX_INSERT_DEPTH) collect(block.entities, compose(xf, insertXf(e, block)), blocks, out, depth + 1, budget);
        break;
      }
    }
    spend(g, budget);
    if (g.rings.length || g.paths.length || g.points.length || g.texts.length) out.push(g);
  }
}

/**
 * A block that inserts itself, directly or through other blocks, is refused by name before anything is drawn (issue 34
 * item 3: the loop was cut at the insert depth and a design saved with whatever remained). No CAD program writes one.
 */
function refuseSelfInsertingBlocks(blocks: Record<string, RawBlock>) {
  const state = new Map<string, "open" | "done">();
  const visit = (name: string, chain: string[]) => {
    if (state.get(name) === "done") return;
    if (state.get(name) === "open") {
      const loop = [...chain.slice(chain.indexOf(name)), name].map((n) => `"${n.slice(0, 40)}"`).join(" inserts ");
      throw new PatternLimitError("bad_block", `This DXF cannot be read: its block "${name.slice(0, 40)}" inserts itself (${loop}), so its drawing never ends. Export the pattern again from your CAD program.`);
    }
    state.set(name, "open");
    for (const e of blocks[name]?.entities ?? []) {
      if (e?.type === "INSERT" && e.name && blocks[e.name]) visit(e.name, [...chain, name]);
    }
    state.set(name, "done");
  };
  for (const name of Object.keys(blocks)) visit(name, []);
}

/** AutoCAD's \\U+XXXX escapes (any character, in any code page) as the characters they stand for. */
const unescapeText = (text: string) => text.replace(/\\U\+([0-9A-Fa-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** 'Piece Name: FRONT' → { key: "piece name", value: "FRONT" }. */
function fact(text: string): { key: string; value: string } | null {
  const m = /^\s*([A-Za-z][A-Za-z ]*?)\s*:\s*(.*?)\s*$/.exec(text.replace(/\\P/g, " "));
  return m ? { key: m[1].toLowerCase().replace(/\s+/g, " "), value: m[2] } : null;
}

function allTexts(dxf: RawDxf): string[] {
  const texts: string[] = [];
  const walk = (entities: RawEntity[] | undefined) => {
    for (const e of entities ?? []) if ((e?.type === "TEXT" || e?.type === "MTEXT") && typeof e.text === "string") texts.push(unescapeText(e.text));
  };
  walk(dxf.entities);
  for (const block of Object.values(dxf.blocks ?? {})) walk(block?.entities);
  return texts;
}

/** The units a file declares, where, and in its own words (for the seller); null when it says nothing. */
type DeclaredUnits = { units: PatternUnits; source: "header" | "text"; said: string; weak?: boolean } | null;

function unitsOf(dxf: RawDxf, texts: string[]): DeclaredUnits {
  const ins = dxf.header?.$INSUNITS;
  if (typeof ins === "number" && INSUNITS[ins]) return { units: INSUNITS[ins], source: "header", said: UNIT_NAMES[INSUNITS[ins]] };
  for (const t of texts) {
    const f = fact(t);
    if (f?.key !== "units") continue;
    const units = parseUnits(f.value);
    if (units) return { units, source: "text", said: f.value.trim().slice(0, 20) };
  }
  // $MEASUREMENT: 0 English, 1 metric (drawing programs write it; weaker than the two above).
  const measurement = dxf.header?.$MEASUREMENT;
  if (measurement === 0) return { units: "in", source: "header", said: "English units ($MEASUREMENT 0)", weak: true };
  if (measurement === 1) return { units: "mm", source: "header", said: "metric units ($MEASUREMENT 1)", weak: true };
  return null;
}

/** Lengths for a seller, in the unit a reading chose: "2.6 cm", "1.2 in", "25 mm". */
function inUnit(mm: number, units: PatternUnits): string {
  if (units === "mm") return `${formatCount(mm)} mm`;
  return `${round(mm / MM_PER_UNIT[units], 1)} ${units}`;
}

/**
 * The units a reading uses (decision 094). What the file declares, unless every piece would then be too small for a
 * garment (the largest under PLAUSIBLE_PIECE_MM) while a larger unit makes them plausible: then that unit, with a
 * warning for the seller. Sizes beyond the hard limits (MIN_PIECE_MM, MAX_PIECE_MM) are refused in the declared
 * units by checkPieceSize, as before: a file that big or small is not one unit away from a garment.
 */
function chooseUnits(pieces: Pick<PatternPiece, "bbox">[], declared: DeclaredUnits): { units: PatternUnits; source: UnitsSource; warning?: string } {
  const units = declared?.units ?? "mm";
  const source: UnitsSource = declared?.source ?? "inferred";
  const longest = (k: number) => Math.max(...pieces.map((p) => Math.max(p.bbox.width, p.bbox.height))) * k;
  const shortest = (k: number) => Math.min(...pieces.map((p) => Math.max(p.bbox.width, p.bbox.height))) * k;
  const within = (k: number) => longest(k) <= MAX_PIECE_MM && shortest(k) >= MIN_PIECE_MM;
  if (!pieces.length || (within(1) && longest(1) >= PLAUSIBLE_PIECE_MM)) return { units, source };
  // Too large for the hard limits: refused as declared, unless only $MEASUREMENT (a drawing template's default) said so.
  const tooLarge = longest(1) > MAX_PIECE_MM;
  if (!within(1) && !(declared?.weak && tooLarge)) return { units, source };
  const all = Object.keys(MM_PER_UNIT) as PatternUnits[];
  const candidates = tooLarge
    ? all.filter((u) => MM_PER_UNIT[u] < MM_PER_UNIT[units]).sort((a, b) => MM_PER_UNIT[b] - MM_PER_UNIT[a])
    : all.filter((u) => MM_PER_UNIT[u] > MM_PER_UNIT[units]).sort((a, b) => MM_PER_UNIT[a] - MM_PER_UNIT[b]);
  for (const candidate of candidates) {
    const k = MM_PER_UNIT[candidate] / MM_PER_UNIT[units];
    if (!within(k) || longest(k) < PLAUSIBLE_PIECE_MM) continue;
    const wide = Math.max(...pieces.map((p) => Math.min(p.bbox.width, p.bbox.height)));
    const said = declared ? `the ${declared.source === "header" ? "header" : "file"} says ${declared.said}` : "the file does not say its units";
    return {
      units: candidate,
      source: "inferred",
      warning: `Read as ${UNIT_NAMES[candidate]}: ${said} but the pieces would be ${inUnit(wide, candidate)} wide. If that is wrong, choose the units on the edit screen.`,
    };
  }
  return { units, source };
}

/** A piece's coordinates times k (a reading changing its units). */
function scalePiece<T extends Omit<PatternPiece, "size">>(piece: T, k: number): T {
  const sp = (p: Pt): Pt => [round(p[0] * k), round(p[1] * k)];
  const sb = (b: PatternPiece["bbox"]) => ({ minX: round(b.minX * k), minY: round(b.minY * k), maxX: round(b.maxX * k), maxY: round(b.maxY * k), width: round(b.width * k), height: round(b.height * k) });
  return {
    ...piece,
    boundary: piece.boundary.map(sp),
    grain: piece.grain && [sp(piece.grain[0]), sp(piece.grain[1])],
    notches: piece.notches.map(sp),
    internal: piece.internal.map((l) => l.map(sp)),
    sewLines: piece.sewLines.map((l) => l.map(sp)),
    drill: piece.drill.map(sp),
    bbox: sb(piece.bbox),
    area: round(piece.area * k * k, 1),
    fold: piece.fold && [sp(piece.fold[0]), sp(piece.fold[1])],
    unfolded: piece.unfolded && { boundary: piece.unfolded.boundary.map(sp), bbox: sb(piece.unfolded.bbox), area: round(piece.unfolded.area * k * k, 1) },
    ...("mirrors" in piece ? { mirrors: (piece.mirrors as [Pt, Pt][]).map(([a, b]) => [sp(a), sp(b)]) } : {}),
  };
}

/**
 * Gerber writes a piece's facts (quantity, annotation, category, fabric) and its notches in the sample size's block
 * only: every size whose block states none takes the sample size's piece of the same name (and order), its notches
 * carried to the same places on its own outline (transferPoints). The cuts then follow from the facts (facts.ts).
 */
function applyFacts(pieces: (PatternPiece & { stated: StatedFacts; mirrors: [Pt, Pt][] })[], sampleSize: string | undefined): PatternPiece[] {
  const codes = fabricCodes(pieces.map((p) => p.stated));
  const keyed = (list: typeof pieces) => {
    const seen = new Map<string, number>();
    return list.map((p) => {
      const key = `${p.size}\u0000${p.name}`;
      const n = seen.get(key) ?? 0;
      seen.set(key, n + 1);
      return { p, key: `${p.name}\u0000${n}` };
    });
  };
  const all = keyed(pieces);
  const sample = new Map(all.filter(({ p }) => p.size === sampleSize).map(({ p, key }) => [key, p]));
  return all.map(({ p, key }) => {
    const { stated, mirrors, ...piece } = p;
    const source = sample.get(key);
    const facts = !statesAnything(stated) && source ? source.stated : stated;
    const cuts = cutsOf(facts, codes);
    const out: PatternPiece = { ...piece, quantity: cuts[0].quantity, material: cuts[0].material, cuts };
    if (facts.category !== undefined) out.category = facts.category;
    if (source && source !== p && !piece.notches.length && source.notches.length) {
      out.notches = transferPoints(source.notches, source.boundary, piece.boundary).map(rp);
    }
    if (source?.onFold && !out.onFold && mirrors.length) {
      const longest = mirrors.reduce((a, b) => (distance(b[0], b[1]) > distance(a[0], a[1]) ? b : a));
      unfold(out, longest, true);
    }
    return out;
  });
}

/** One sentence per piece whose outline crosses itself in some sizes (buildPiece), naming them. */
function crossingWarnings(pieces: PatternPiece[], sizes: string[]): string[] {
  const byName = new Map<string, Set<string>>();
  for (const p of pieces) if (p.crossesItself) byName.set(p.name, (byName.get(p.name) ?? new Set()).add(p.size));
  return [...byName].map(([name, found]) => {
    const list = sizes.filter((s) => found.has(s));
    return `The outline of ${name} crosses itself in size${list.length > 1 ? "s" : ""} ${list.join(", ")} (a grading fault in the file?): its area and the fabric estimate count what the outline encloses. Check the piece in your CAD program.`;
  });
}

function pointSegmentDistance(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function distanceToRing(p: Pt, ring: Pt[]): number {
  let best = Infinity;
  for (let i = 0; i < ring.length; i++) best = Math.min(best, pointSegmentDistance(p, ring[i], ring[(i + 1) % ring.length]));
  return best;
}

const rp = (p: Pt): Pt => [round(p[0]), round(p[1])];
const rpath = (pts: Pt[]): Pt[] => pts.map(rp);

type Candidate = { key: string; fallbackName: string; geometry: Geometry[] };

/** Builds one piece from its geometry; null when no closed boundary can be found. */
/** Marks a piece cut on the fold and unfolds it, when its outline lies along the fold (or `force`: see unfoldRing). */
function unfold(piece: Omit<PatternPiece, "size">, fold: [Pt, Pt], force: boolean) {
  if (distance(fold[0], fold[1]) <= 1) return;
  let whole = unfoldRing(piece.boundary, fold[0], fold[1], { force });
  if (!whole) return;
  // An outline that crosses itself cannot be clipped at the fold: the piece is the outline and its mirror image.
  if (piece.crossesItself) whole = [...piece.boundary, ...piece.boundary.slice().reverse().map((p) => mirrorPoint(p, fold[0], fold[1]))];
  piece.onFold = true;
  piece.fold = fold;
  const bb = bboxOf(whole);
  piece.unfolded = {
    boundary: rpath(whole),
    bbox: { minX: round(bb.minX), minY: round(bb.minY), maxX: round(bb.maxX), maxY: round(bb.maxY), width: round(bb.width), height: round(bb.height) },
    area: round(piece.crossesItself ? 2 * piece.area : polygonArea(whole), 1),
  };
}

/** A piece as built from its block, with what the final pass needs: its stated facts and its mirror lines. */
type BuiltPiece = Omit<PatternPiece, "size"> & { sizeText?: string; stated: StatedFacts; mirrors: [Pt, Pt][] };

function buildPiece(c: Candidate, astm: boolean): BuiltPiece | null {
  let name: string | undefined;
  let sizeText: string | undefined;
  const stated: StatedFacts = {};
  for (const g of c.geometry) {
    for (const t of g.texts) {
      const f = fact(t);
      if (!f || !f.value) continue;
      if (f.key === "piece name" && name === undefined) name = f.value;
      else if (f.key === "size" && sizeText === undefined) sizeText = f.value;
      else addFact(stated, f.key, f.value);
    }
  }
  const onLayer = (n: number) => c.geometry.filter((g) => g.layer === n);
  const boundaryRings = (gs: Geometry[]) => {
    const rings = gs.flatMap((g) => g.rings);
    return rings.length ? rings : chainIntoRings(gs.flatMap((g) => g.paths), JOIN_TOLERANCE_MM);
  };
  const layer1 = onLayer(1);
  // ASTM exports repeat the cut line, internal lines and sew lines on layers 84, 85 and 87. Gerber writes its exact
  // curves there (layer 1 holding the lines through their turn and curve points only, up to 1 mm off on a sleeve);
  // CLO writes the coarser polygon of turn and curve points there and its curves on layer 1. So the layer drawn with
  // more points is the one that follows the curve.
  const pointsOn = (n: number) => onLayer(n).reduce((sum, g) => sum + g.paths.reduce((s, p) => s + p.length, 0) + g.rings.reduce((s, r) => s + r.length, 0), 0);
  const exact = (n: number, plain: number) => astm && pointsOn(n) > pointsOn(plain);
  let rings = exact(84, 1) ? boundaryRings(onLayer(84)) : [];
  if (!rings.length && astm && layer1.length) rings = boundaryRings(layer1);
  if (!rings.length) rings = boundaryRings(c.geometry);
  let boundary: Pt[] | null = null;
  let area = 0;
  for (const ring of rings) {
    const a = polygonArea(ring);
    if (a > area) {
      area = a;
      boundary = ring;
    }
  }
  // A tiny outline is kept here: checkPieceSize refuses it with a message about units, which is what it means.
  if (!boundary || !(area > 1e-9)) return null;
  // An outline that crosses itself (a grading fault of the file: WM_LOOSE_SHAPE_TANK's back in sizes 48-52 has its
  // shoulder graded past its armhole) loses the crossed loop's area in the shoelace sum. One that fills little of its
  // box is measured as a reader fills it instead; when that is more, the piece is marked and the seller told.
  let crossesItself = false;
  const box = bboxOf(boundary);
  if (area < 0.3 * box.width * box.height) {
    const filled = filledArea(boundary, Math.max(box.width, box.height) / 2000);
    if (filled > area * 1.05) {
      area = filled;
      crossesItself = true;
    }
  }

  const piece: BuiltPiece = {
    name: name ?? c.fallbackName,
    quantity: 1,
    boundary: rpath(boundary),
    notches: [],
    internal: [],
    sewLines: [],
    drill: [],
    bbox: bboxOf(boundary),
    area: round(area, 1),
    sizeText,
    stated,
    mirrors: [],
  };
  if (crossesItself) piece.crossesItself = true;
  const b = piece.bbox;
  piece.bbox = { minX: round(b.minX), minY: round(b.minY), maxX: round(b.maxX), maxY: round(b.maxY), width: round(b.width), height: round(b.height) };
  if (!astm) {
    // A plain drawing: every other line is an internal line.
    for (const g of c.geometry) {
      for (const r of g.rings) if (r !== boundary) piece.internal.push(rpath([...r, r[0]]));
      for (const p of g.paths) piece.internal.push(rpath(p));
    }
    return capped(piece);
  }
  let grainLength = 0;
  const internalLayer = exact(85, 8) ? 85 : 8;
  const sewLayer = exact(87, 14) ? 87 : 14;
  for (const g of c.geometry) {
    const lines = [...g.paths, ...g.rings.filter((r) => r !== boundary).map((r) => [...r, r[0]])];
    const layer = g.layer === internalLayer ? 8 : g.layer === sewLayer ? 14 : g.layer === 8 || g.layer === 14 ? null : g.layer;
    switch (layer) {
      case 4:
        for (const p of g.points) piece.notches.push(rp(p));
        for (const l of lines) {
          const start = l[0];
          const end = l[l.length - 1];
          piece.notches.push(rp(distanceToRing(start, boundary) <= distanceToRing(end, boundary) ? start : end));
        }
        break;
      case 7:
        for (const l of lines) {
          const len = distance(l[0], l[l.length - 1]);
          if (len > grainLength) {
            grainLength = len;
            piece.grain = [rp(l[0]), rp(l[l.length - 1])];
          }
        }
        break;
      case 6:
        for (const l of lines) {
          piece.internal.push(rpath(l));
          const fold: [Pt, Pt] = [rp(l[0]), rp(l[l.length - 1])];
          piece.mirrors.push(fold);
          if (!piece.onFold) unfold(piece, fold, false);
        }
        break;
      case 8:
      case 11:
        for (const l of lines) piece.internal.push(rpath(l));
        break;
      case 13:
        for (const p of g.points) piece.drill.push(rp(p));
        break;
      case 14:
        for (const l of lines) piece.sewLines.push(rpath(l));
        break;
    }
  }
  return capped(piece);
}

const UNIT_NAMES: Record<PatternUnits, string> = { mm: "millimetres", cm: "centimetres", in: "inches" };

function lengthText(mm: number): string {
  if (mm >= 1000) return `${formatCount(mm / 1000)} m`;
  if (mm >= 10) return `${formatCount(mm)} mm`;
  return `${round(mm, 2)} mm`;
}

/**
 * A piece longer than MAX_PIECE_MM or shorter than MIN_PIECE_MM is not a garment piece read in the right units:
 * refused before anything is laid out or printed at that size, with the unit the file was read in.
 */
function checkPieceSize(piece: Pick<PatternPiece, "name" | "bbox">, units: PatternUnits, assumed: boolean, chosenBySeller = false) {
  const longest = Math.max(piece.bbox.width, piece.bbox.height);
  if (longest <= MAX_PIECE_MM && longest >= MIN_PIECE_MM) return;
  const read = chosenBySeller
    ? `It was read in ${UNIT_NAMES[units]}, the units chosen for it`
    : assumed
      ? "The file does not say its units, so it was read in millimetres"
      : `The file says it is in ${UNIT_NAMES[units]}`;
  const fix = "if it was drawn in another unit, export it again with its units set.";
  const name = piece.name.slice(0, 60);
  throw new PatternLimitError(
    "piece_size",
    longest > MAX_PIECE_MM
      ? `Piece "${name}" would be ${lengthText(longest)} long, and a pattern piece can be at most ${lengthText(MAX_PIECE_MM)}. ${read}: ${fix}`
      : `Piece "${name}" would be only ${lengthText(longest)} across, and a pattern piece must be at least ${lengthText(MIN_PIECE_MM)}. ${read}: ${fix}`,
  );
}

/** Keeps a stored pattern bounded: a drawing with hatching or thousands of stray lines keeps its first lines only. */
const MAX_PATHS = 2000;
const MAX_MARKS = 5000;
function capped<T extends Omit<PatternPiece, "size">>(piece: T): T {
  piece.internal = piece.internal.slice(0, MAX_PATHS);
  piece.sewLines = piece.sewLines.slice(0, MAX_PATHS);
  piece.notches = piece.notches.slice(0, MAX_MARKS);
  piece.drill = piece.drill.slice(0, MAX_MARKS);
  return piece;
}

/**
 * Reads a DXF upload into a pattern. Never throws: a file that cannot be used gets an error code and the message
 * to show at the upload field.
 */
export function readPattern(input: string | Uint8Array | ArrayBuffer, options: ReadPatternOptions = {}): ReadPatternResult {
  try {
    return readGuarded(input, options);
  } catch (error) {
    if (error instanceof PatternLimitError) return { ok: false, error: error.code, message: error.message };
    throw error;
  }
}

function readGuarded(input: string | Uint8Array | ArrayBuffer, options: ReadPatternOptions): ReadPatternResult {
  const text = decode(input);
  if (text === null || !/^\s*0\s*$/m.test(text.slice(0, 65536))) return fail("not_dxf");
  const { dxf, damage } = parseDxf(text);
  if (damage) return { ok: false, error: "not_dxf", message: `${READ_PATTERN_MESSAGES.not_dxf.slice(0, -1)}: ${damage}.` };
  if (!dxf) return fail("not_dxf");
  const budget: Budget = { entities: 0, points: 0 };
  const blocks = dxf.blocks ?? {};
  const entities = (dxf.entities ?? []).filter((e) => e && typeof e === "object");

  const texts = allTexts(dxf);
  const declared = unitsOf(dxf, texts);
  // Pieces are first read in the units the seller chose, else the declared ones, else millimetres.
  const readIn: PatternUnits = options.units ?? declared?.units ?? "mm";
  let sampleSize: string | undefined;
  for (const t of texts) {
    const f = fact(t);
    if (f?.key === "sample size" && f.value) {
      sampleSize = f.value;
      break;
    }
  }
  const toMm = scaleXf(MM_PER_UNIT[readIn]);
  refuseSelfInsertingBlocks(blocks);

  const isPieceBlock = (name: string | undefined) => !!name && !name.startsWith("*") && !!blocks[name]?.entities?.length;
  const inserts = entities.filter((e) => e.type === "INSERT" && isPieceBlock(e.name));
  const candidates: Candidate[] = [];
  let astm = false;
  if (inserts.length) {
    astm = true;
    inserts.forEach((ins, i) => {
      const block = blocks[ins.name!];
      const geometry: Geometry[] = [];
      collect(block.entities!, compose(toMm, insertXf(ins, block)), blocks, geometry, 1, budget);
      candidates.push({ key: `${ins.name}#${i}`, fallbackName: ins.name!, geometry });
    });
  } else {
    const drawable = entities.filter((e) => e.type !== "INSERT");
    const pieceBlocks = Object.values(blocks).filter((b) => isPieceBlock(b.name));
    if (!drawable.some((e) => e.type !== "TEXT" && e.type !== "MTEXT") && pieceBlocks.length) {
      // Blocks that are defined but never inserted: each is a piece at its own coordinates.
      astm = true;
      for (const b of pieceBlocks) {
        const geometry: Geometry[] = [];
        collect(b.entities!, toMm, blocks, geometry, 1, budget);
        candidates.push({ key: b.name!, fallbackName: b.name!, geometry });
      }
    } else if (drawable.length) {
      const geometry: Geometry[] = [];
      collect(drawable, toMm, blocks, geometry, 0, budget);
      candidates.push({ key: "plain", fallbackName: "Piece 1", geometry });
    }
  }
  if (!candidates.some((c) => c.geometry.some((g) => g.rings.length || g.paths.length || g.points.length))) {
    return fail("no_entities");
  }

  let pieces: (PatternPiece & { stated: StatedFacts; mirrors: [Pt, Pt][] })[] = [];
  const seen = new Set<string>();
  for (const c of candidates) {
    const built = buildPiece(c, astm);
    if (!built) continue;
    const { sizeText, ...rest } = built;
    const size = sizeText ?? sampleSize ?? "One size";
    const dedupeKey = `${c.key.split("#")[0]}\u0000${rest.name}\u0000${size}`;
    if (seen.has(dedupeKey)) continue; // the same block inserted twice (e.g. a marker) is one piece
    seen.add(dedupeKey);
    pieces.push({ ...rest, size });
    if (pieces.length > MAX_PIECES) throw tooComplex(`it has more than ${formatCount(MAX_PIECES)} pieces, the most a pattern may have`);
  }
  if (!pieces.length) return fail("no_boundary");

  const chosen = options.units ? { units: options.units, source: "seller" as const } : chooseUnits(pieces, declared);
  const units = chosen.units;
  if (units !== readIn) pieces = pieces.map((p) => scalePiece(p, MM_PER_UNIT[units] / MM_PER_UNIT[readIn]));
  const assumed = !declared && !options.units;
  for (const p of pieces) checkPieceSize(p, units, assumed, chosen.source === "seller");
  const finished = applyFacts(pieces, sampleSize);

  const sizes = sortSizes(finished.map((p) => p.size));
  const order = new Map(sizes.map((s, i) => [s, i]));
  const indexed = finished.map((p, i) => ({ p, i }));
  indexed.sort((a, b) => order.get(a.p.size)! - order.get(b.p.size)! || a.i - b.i);
  const pattern: Pattern = {
    units,
    unitsAssumed: assumed && chosen.source === "inferred" && units === "mm",
    unitsSource: chosen.source,
    warnings: ["warning" in chosen && chosen.warning ? [chosen.warning] : [], crossingWarnings(finished, sizes)].flat(),
    sizes,
    pieces: indexed.map((x) => x.p),
  };
  if (sampleSize !== undefined) pattern.sampleSize = sampleSize;
  return { ok: true, pattern };
}
