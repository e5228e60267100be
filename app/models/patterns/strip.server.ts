/**
 * Strip packing of irregular pieces by overlap minimisation on a shrinking strip (issue 47, decision 155), written
 * from the published method (Gardeyn and Wauters, 2025, "sparrow"):
 *
 * - A first layout: pieces by decreasing area, each at the leftmost of a few hundred sampled places where it
 *   collides with nothing.
 * - The strip is shortened a little (the pieces right of a random line moved left by the difference), which leaves
 *   pieces overlapping; the search then moves colliding pieces one at a time to drive the total overlap to zero.
 *   A move samples places over the strip and near the piece (every allowed orientation), refines the best few by
 *   coordinate descent, and scores each candidate with early exit against the best so far.
 * - Guided local search: after each round, pairs still colliding weigh more (x1.2 to x2, by their share of the
 *   largest overlap), others drift back to 1, so the search leaves local minima.
 * - When a length is reached without overlap, the layout is kept and the strip shortened again; when the search
 *   fails, it goes back to the last feasible layout, swaps two large pieces, and tries again; after several failures
 *   the shrink step halves (down to a floor), the last phase of the method.
 * - Every count is in evaluations (one candidate place scored), never a clock: the same seed and budget give the
 *   same layout. EVALUATIONS_PER_SECOND is the rate measured on the reference machine, to turn seconds into a budget.
 *
 * Pieces live in typed arrays; placed pieces are indexed in a grid of columns along the strip, so a candidate is
 * tested only against the pieces of the columns its box reaches. The final layout is the last one the exact check
 * (strip-check.server.ts) accepts.
 */
import { makeShape, overlap, seeded, type Shape } from "./strip-core";
import { waitForQuiet } from "./quiet";
import { cosSin, type StripInstance, type StripPlacement, type StripSolution } from "./strip-instance";

/** Evaluations per second of CPU on the reference machine (the 2-core VM of bench/NOTES.md, Node 20): 420,000 (swim) to 930,000 (albano) on the ESICUP set. */
export const EVALUATIONS_PER_SECOND = 500_000;

export type StripSearchOptions = {
  /** Evaluations of the whole search (EVALUATIONS_PER_SECOND × seconds). */
  budget: number;
  seed?: number;
  /** A feasible layout to start from (else the constructive first layout). */
  start?: StripPlacement[];
  /** Called with each better feasible layout found. */
  onImprove?: (solution: StripSolution) => void;
  /** Called at the end with the evaluations spent. */
  onEnd?: (evaluations: number) => void;
};

/** Samples over the whole strip per move. */
const GLOBAL_SAMPLES = 50;
/** Samples near the piece per move. */
const LOCAL_SAMPLES = 25;
/** Best samples refined by coordinate descent. */
const REFINED = 3;
/** Exploration: its share of the budget, the shrink step, rounds without gain before a strike, and strikes. */
const EXPLORE_SHARE = 0.8;
const EXPLORE_STEP = 0.001;
const EXPLORE_ROUNDS = 200;
const EXPLORE_STRIKES = 3;
/** Compression: the shrink step from the first to the last attempt, rounds and strikes. */
const COMPRESS_STEPS = [0.0005, 0.00001] as const;
const COMPRESS_ROUNDS = 100;
const COMPRESS_STRIKES = 5;
/** Guided local search: weight factors of colliding pairs, and the decay of the others. */
const WEIGHT_LOW = 1.2;
const WEIGHT_HIGH = 2;
const WEIGHT_DECAY = 0.95;
/** `edge`: kept against the strip's lower edge (StripItem's atEdge). */
type Piece = { item: number; orientations: number[]; edge: boolean };

export class StripSearch {
  readonly n: number;
  readonly H: number;
  /** Per item, per orientation, the shape. */
  private shapes: Shape[][];
  private pieces: Piece[];
  /** Per piece: the item and its orientation index, position. */
  private ori: Int32Array;
  private px: Float64Array;
  private py: Float64Array;
  /** Pair overlaps (n × n, symmetric), and each piece's overlap with the outside of the strip. */
  private pair: Float64Array;
  private out: Float64Array;
  /** Per piece, how many others it collides with (so the rounds' bookkeeping skips the pieces free of collisions). */
  private collisions: Int32Array;
  private weight: Float32Array;
  /** Pairs (k × n + j, k < j) whose weight is above 1: with the colliding ones, the only weights a round changes. */
  private heavy = new Set<number>();
  private outWeight: Float64Array;
  /** Columns of the strip, each the pieces whose box reaches it. */
  private cellW: number;
  private cells: number[][] = [];
  private cellLo: Int32Array;
  private cellHi: Int32Array;
  private stamp: Int32Array;
  private stampNo = 0;
  L = 0;
  evaluations = 0;
  private rnd: () => number;
  get random(): () => number {
    return this.rnd;
  }
  readonly area: number;

  constructor(
    readonly instance: StripInstance,
    seed = 0,
  ) {
    this.H = instance.height;
    this.shapes = instance.items.map((it) =>
      it.orientations.map((deg) => {
        const [c, s] = cosSin(deg);
        return makeShape(
          it.polygon.map(([x, y]) => [c * x - s * y, s * x + c * y]),
          it.area,
        );
      }),
    );
    this.pieces = [];
    instance.items.forEach((it, i) => {
      for (let d = 0; d < it.demand; d++) this.pieces.push({ item: i, orientations: it.orientations, edge: !!it.atEdge });
    });
    const n = (this.n = this.pieces.length);
    this.ori = new Int32Array(n);
    this.px = new Float64Array(n);
    this.py = new Float64Array(n);
    this.pair = new Float64Array(n * n);
    this.out = new Float64Array(n);
    this.collisions = new Int32Array(n);
    this.weight = new Float32Array(n * n).fill(1);
    this.outWeight = new Float64Array(n).fill(1);
    this.cellLo = new Int32Array(n).fill(-1);
    this.cellHi = new Int32Array(n).fill(-2);
    this.stamp = new Int32Array(n);
    this.rnd = seeded(seed);
    this.area = instance.items.reduce((s, it) => s + it.area * it.demand, 0);
    let dims = 0;
    for (const p of this.pieces) {
      const sh = this.shapes[p.item]![0]!;
      dims += Math.min(sh.maxX - sh.minX, sh.maxY - sh.minY);
    }
    this.cellW = Math.max(dims / n, 1e-9);
  }

  shape(k: number): Shape {
    return this.shapes[this.pieces[k]!.item]![this.ori[k]!]!;
  }

  // ---- the grid of columns ----
  private cellOf(x: number): number {
    return Math.max(0, Math.floor(x / this.cellW));
  }
  private unindex(k: number) {
    for (let c = this.cellLo[k]!; c <= this.cellHi[k]!; c++) {
      const list = this.cells[c]!;
      const at = list.indexOf(k);
      if (at >= 0) {
        list[at] = list[list.length - 1]!;
        list.pop();
      }
    }
    this.cellLo[k] = -1;
    this.cellHi[k] = -2;
  }
  private index(k: number) {
    const s = this.shape(k);
    const lo = this.cellOf(s.minX + this.px[k]!);
    const hi = this.cellOf(s.maxX + this.px[k]!);
    while (this.cells.length <= hi) this.cells.push([]);
    for (let c = lo; c <= hi; c++) this.cells[c]!.push(k);
    this.cellLo[k] = lo;
    this.cellHi[k] = hi;
  }
  /** The placed pieces (but k) whose columns the box [x0, x1] reaches, each once. */
  private near(k: number, x0: number, x1: number, into: number[]): number[] {
    into.length = 0;
    const no = ++this.stampNo;
    const hi = Math.min(this.cellOf(x1), this.cells.length - 1);
    for (let c = this.cellOf(x0); c <= hi; c++) {
      for (const j of this.cells[c]!) {
        if (j === k || this.stamp[j] === no) continue;
        this.stamp[j] = no;
        into.push(j);
      }
    }
    return into;
  }

  /**
   * The loss of a piece's box reaching outside the strip [0, L] × [0, H]: 2√(area outside + 10⁻⁴ of the box) times
   * the square root of its hull area; a box wholly outside also by how far its centre is from the strip's.
   */
  private outside(s: Shape, x: number, y: number): number {
    const x0 = s.minX + x;
    const x1 = s.maxX + x;
    const y0 = s.minY + y;
    const y1 = s.maxY + y;
    if (x0 >= 0 && y0 >= 0 && x1 <= this.L && y1 <= this.H) return 0;
    const box = (x1 - x0) * (y1 - y0);
    const iw = Math.min(x1, this.L) - Math.max(x0, 0);
    const ih = Math.min(y1, this.H) - Math.max(y0, 0);
    const a = iw > 0 && ih > 0 ? box - iw * ih + 1e-4 * box : box + Math.hypot((x0 + x1) / 2 - this.L / 2, (y0 + y1) / 2 - this.H / 2);
    return 2 * Math.sqrt(a) * Math.sqrt(s.hullArea);
  }

  private scratch: number[] = [];
  /** The weighted overlap of piece k placed as shape s at (x, y); stops once above `bound`. */
  evaluate(k: number, s: Shape, x: number, y: number, bound: number): number {
    this.evaluations++;
    let e = this.outside(s, x, y) * this.outWeight[k]!;
    if (e > bound) return e;
    const near = this.near(k, s.minX + x, s.maxX + x, this.scratch);
    const n = this.n;
    for (const j of near) {
      const o = overlap(s, x, y, this.shape(j), this.px[j]!, this.py[j]!);
      if (o > 0) {
        e += o * this.weight[k * n + j]!;
        if (e > bound) return e;
      }
    }
    return e;
  }

  /** Puts piece k at (orientation o, x, y) and updates its overlaps. */
  place(k: number, o: number, x: number, y: number) {
    this.unindex(k);
    this.ori[k] = o;
    this.px[k] = x;
    this.py[k] = y;
    this.index(k);
    this.refresh(k);
  }
  private refresh(k: number) {
    const n = this.n;
    if (this.collisions[k]! > 0) {
      for (let j = 0; j < n; j++) {
        if (this.pair[k * n + j]! > 0) this.collisions[j]!--;
        this.pair[k * n + j] = 0;
        this.pair[j * n + k] = 0;
      }
      this.collisions[k] = 0;
    }
    const s = this.shape(k);
    const x = this.px[k]!;
    const y = this.py[k]!;
    for (const j of this.near(k, s.minX + x, s.maxX + x, this.scratch)) {
      const o = overlap(s, x, y, this.shape(j), this.px[j]!, this.py[j]!);
      if (o > 0) {
        this.pair[k * n + j] = o;
        this.pair[j * n + k] = o;
        this.collisions[k]!++;
        this.collisions[j]!++;
      }
    }
    this.out[k] = this.outside(s, x, y);
  }
  private refreshAll() {
    this.cells = [];
    for (let k = 0; k < this.n; k++) {
      this.cellLo[k] = -1;
      this.cellHi[k] = -2;
    }
    for (let k = 0; k < this.n; k++) this.index(k);
    for (let k = 0; k < this.n; k++) this.refresh(k);
  }

  /** Total unweighted overlap (pairs once, and the outside). */
  totalOverlap(): number {
    const n = this.n;
    let t = 0;
    for (let k = 0; k < n; k++) {
      t += this.out[k]!;
      if (this.collisions[k]! > 0) for (let j = k + 1; j < n; j++) t += this.pair[k * n + j]!;
    }
    return t;
  }
  private colliding(): number[] {
    const list: number[] = [];
    for (let k = 0; k < this.n; k++) if (this.out[k]! > 0 || this.collisions[k]! > 0) list.push(k);
    return list;
  }

  // ---- moves ----
  private sample(k: number, local: boolean): [number, number, number] {
    const p = this.pieces[k]!;
    const o = Math.floor(this.rnd() * p.orientations.length);
    const s = this.shapes[p.item]![o]!;
    const w = s.maxX - s.minX;
    const h = s.maxY - s.minY;
    if (local) {
      const c = this.shape(k);
      const cx = this.px[k]! + (c.minX + c.maxX) / 2;
      const cy = this.py[k]! + (c.minY + c.maxY) / 2;
      const x = cx + (this.rnd() - 0.5) * w - (s.minX + s.maxX) / 2;
      const y = cy + (this.rnd() - 0.5) * h - (s.minY + s.maxY) / 2;
      return [o, clamp(x, -s.minX, this.L - s.maxX), p.edge ? -s.minY : clamp(y, -s.minY, this.H - s.maxY)];
    }
    const x = -s.minX + this.rnd() * Math.max(0, this.L - w);
    return [o, x, p.edge ? -s.minY : -s.minY + this.rnd() * Math.max(0, this.H - h)];
  }

  /**
   * Coordinate descent from (x, y): two candidates on either side along one axis (x, y or a diagonal); a candidate
   * no worse is taken; a better one grows that axis's step (x1.1), else it halves and the axis changes at random.
   * Steps start at `from` and stop at `to` times the piece's smaller side.
   */
  private descend(k: number, o: number, x: number, y: number, e: number, from: number, to: number): [number, number, number] {
    const p = this.pieces[k]!;
    const s = this.shapes[p.item]![o]!;
    const size = Math.min(s.maxX - s.minX, s.maxY - s.minY);
    let sx = size * from;
    // A piece kept at the edge moves along the strip only (axis 0).
    let sy = p.edge ? 0 : size * from;
    const floor = size * to;
    const axes = p.edge ? 1 : 4;
    let axis = Math.floor(this.rnd() * axes);
    while ((sx >= floor || sy >= floor) && e > 0) {
      const dx = axis === 1 ? 0 : sx;
      const dy = axis === 0 ? 0 : axis === 3 ? -sy : sy;
      const e1 = this.evaluate(k, s, x + dx, y + dy, e);
      const e2 = this.evaluate(k, s, x - dx, y - dy, e);
      const better = Math.min(e1, e2) < e;
      if (e1 <= e && e1 <= e2) [x, y, e] = [x + dx, y + dy, e1];
      else if (e2 <= e) [x, y, e] = [x - dx, y - dy, e2];
      const m = better ? 1.1 : 0.5;
      if (axis === 0) sx *= m;
      else if (axis === 1) sy *= m;
      else {
        sx *= Math.sqrt(m);
        sy *= Math.sqrt(m);
      }
      if (!better) axis = Math.floor(this.rnd() * axes);
    }
    return [x, y, e];
  }

  /**
   * Moves piece k to the best place found: its own place, samples near it and over the strip (the best few kept,
   * none within 5 % of the piece's smaller side of another), each refined by a coarse coordinate descent, the best
   * by a fine one.
   */
  private move(k: number) {
    const best: [number, number, number, number][] = [];
    const p = this.pieces[k]!;
    const own = this.shape(k);
    const close = Math.min(own.maxX - own.minX, own.maxY - own.minY) * 0.05;
    const keep = (o: number, x: number, y: number, e: number) => {
      if (best.length === REFINED && e >= best[REFINED - 1]![3]) return;
      const same = best.findIndex((b) => b[0] === o && Math.abs(b[1] - x) < close && Math.abs(b[2] - y) < close);
      if (same >= 0) {
        if (best[same]![3] <= e) return;
        best.splice(same, 1);
      }
      best.push([o, x, y, e]);
      best.sort((a, b) => a[3] - b[3]);
      if (best.length > REFINED) best.pop();
    };
    const bound = () => (best.length === REFINED ? best[REFINED - 1]![3] : Infinity);
    keep(this.ori[k]!, this.px[k]!, this.py[k]!, this.evaluate(k, own, this.px[k]!, this.py[k]!, Infinity));
    for (let i = 0; i < GLOBAL_SAMPLES + LOCAL_SAMPLES; i++) {
      const [o, x, y] = this.sample(k, i < LOCAL_SAMPLES);
      keep(o, x, y, this.evaluate(k, this.shapes[p.item]![o]!, x, y, bound()));
    }
    for (const [o, x, y, e] of best.slice()) {
      const [nx, ny, ne] = this.descend(k, o, x, y, e, 0.25, 0.02);
      keep(o, nx, ny, ne);
    }
    const [o, x, y, e] = best[0]!;
    const [fx, fy] = this.descend(k, o, x, y, e, 0.01, 0.001);
    this.place(k, o, fx, fy);
  }

  private updateWeights() {
    const n = this.n;
    let max = 0;
    // Pairs that collide now (each once, k < j); with the heavy ones, every weight that changes (the rest stay 1).
    const pairs = new Set(this.heavy);
    for (let k = 0; k < n; k++) {
      max = Math.max(max, this.out[k]!);
      if (this.collisions[k]! === 0) continue;
      for (let j = k + 1; j < n; j++) {
        const o = this.pair[k * n + j]!;
        if (o > 0) {
          max = Math.max(max, o);
          pairs.add(k * n + j);
        }
      }
    }
    if (max === 0) return;
    for (const i of pairs) {
      const k = Math.floor(i / n);
      const j = i - k * n;
      const o = this.pair[i]!;
      const w = this.weight[i]!;
      const nw = o > 0 ? w * (WEIGHT_LOW + ((WEIGHT_HIGH - WEIGHT_LOW) * o) / max) : Math.max(1, w * WEIGHT_DECAY);
      this.weight[i] = nw;
      this.weight[j * n + k] = nw;
      if (this.weight[i]! > 1) this.heavy.add(i);
      else this.heavy.delete(i);
    }
    for (let k = 0; k < n; k++) {
      const o = this.out[k]!;
      this.outWeight[k] = o > 0 ? this.outWeight[k]! * (WEIGHT_LOW + ((WEIGHT_HIGH - WEIGHT_LOW) * o) / max) : Math.max(1, this.outWeight[k]! * WEIGHT_DECAY);
    }
  }

  /**
   * Drives the overlap to zero at the current length, within `limit` evaluations: rounds of moves of every colliding
   * piece, weights updated after each; a strike when `rounds` rounds bring no gain of 2 %, then back to the least
   * overlap (weights kept); `strikes` strikes in a row end it. Returns the least total overlap (0: feasible), the
   * layout left at it.
   */
  separate(limit: number, rounds: number, strikes: number): number {
    this.weight.fill(1);
    this.heavy.clear();
    this.outWeight.fill(1);
    let min = this.totalOverlap();
    if (min === 0) return 0;
    let snapshot = this.snapshot();
    let struck = 0;
    while (struck < strikes && this.evaluations < limit) {
      const start = this.totalOverlap();
      let idle = 0;
      while (idle < rounds && this.evaluations < limit) {
        // Between rounds, in the background lane: sleep while the process answers requests (quiet.ts).
        waitForQuiet();
        const list = this.colliding();
        for (let i = list.length - 1; i > 0; i--) {
          const j = Math.floor(this.rnd() * (i + 1));
          [list[i], list[j]] = [list[j]!, list[i]!];
        }
        for (const k of list) if (this.collides(k)) this.move(k);
        const t = this.totalOverlap();
        if (t === 0) return 0;
        if (t < min) {
          if (t < min * 0.98) idle = 0;
          min = t;
          snapshot = this.snapshot();
        } else idle++;
        this.updateWeights();
      }
      struck = start * 0.98 <= min ? struck + 1 : 0;
      this.restore(snapshot);
    }
    return min;
  }

  private collides(k: number): boolean {
    if (this.out[k]! > 0) return true;
    const n = this.n;
    for (let j = 0; j < n; j++) if (this.pair[k * n + j]! > 0) return true;
    return false;
  }

  // ---- layouts ----
  snapshot(): { ori: Int32Array; px: Float64Array; py: Float64Array; L: number } {
    return { ori: this.ori.slice(), px: this.px.slice(), py: this.py.slice(), L: this.L };
  }
  restore(s: { ori: Int32Array; px: Float64Array; py: Float64Array; L: number }) {
    this.ori.set(s.ori);
    this.px.set(s.px);
    this.py.set(s.py);
    this.L = s.L;
    this.refreshAll();
  }

  /** The length the pieces reach (their boxes' right edge). */
  reach(): number {
    let m = 0;
    for (let k = 0; k < this.n; k++) m = Math.max(m, this.shape(k).maxX + this.px[k]!);
    return m;
  }

  /** The first layout: by decreasing area, each piece at the leftmost sampled place free of collisions. */
  construct(limit: number) {
    const order = [...Array(this.n).keys()].sort((a, b) => this.shapes[this.pieces[b]!.item]![0]!.area - this.shapes[this.pieces[a]!.item]![0]!.area || a - b);
    // Placed pieces only: the rest wait far to the right, out of the grid.
    this.L = Infinity;
    const placed = new Uint8Array(this.n);
    this.cells = [];
    let reach = 0;
    for (const k of order) {
      waitForQuiet();
      const p = this.pieces[k]!;
      let best: [number, number, number] | null = null;
      const tries = this.evaluations < limit ? 200 : 20;
      for (let t = 0; t < tries || !best; t++) {
        const o = Math.floor(this.rnd() * p.orientations.length);
        const s = this.shapes[p.item]![o]!;
        const span = reach + (s.maxX - s.minX);
        const x = -s.minX + this.rnd() * (t < tries ? span : span + t);
        const y = p.edge ? -s.minY : -s.minY + this.rnd() * Math.max(0, this.H - (s.maxY - s.minY));
        if (best && x + s.maxX >= best[1] + this.shapes[p.item]![best[0]]!.maxX) continue;
        this.ori[k] = o;
        if (this.evaluate(k, s, x, y, 0) > 0) continue;
        // Slide left while free.
        let lx = x;
        for (let step = (s.maxX - s.minX) / 2; step > (s.maxX - s.minX) * 0.002; step /= 2) {
          while (lx - step >= -s.minX && this.evaluate(k, s, lx - step, y, 0) === 0) lx -= step;
        }
        best = [o, lx, y];
      }
      this.ori[k] = best[0];
      this.px[k] = best[1];
      this.py[k] = best[2];
      this.index(k);
      placed[k] = 1;
      reach = Math.max(reach, this.shape(k).maxX + this.px[k]!);
    }
    this.L = this.reach();
    this.refreshAll();
  }

  load(placements: StripPlacement[]) {
    const next = new Map<number, number>();
    for (const pl of placements) {
      const item = this.instance.items.findIndex((it) => it.id === pl.item_id);
      let k = next.get(item) ?? this.pieces.findIndex((p) => p.item === item);
      while (k < this.n && this.pieces[k]!.item !== item) k++;
      next.set(item, k + 1);
      this.ori[k] = Math.max(0, this.pieces[k]!.orientations.indexOf(pl.rotation));
      this.px[k] = pl.translation[0];
      this.py[k] = pl.translation[1];
    }
    this.L = 0;
    for (let k = 0; k < this.n; k++) this.L = Math.max(this.L, this.shapes[this.pieces[k]!.item]![this.ori[k]!]!.maxX + this.px[k]!);
    this.refreshAll();
  }

  solution(): StripSolution {
    const length = this.reach();
    return {
      name: this.instance.name,
      strip_height: this.H,
      length,
      density: this.area / (this.H * length),
      placements: this.pieces.map((p, k) => ({
        item_id: this.instance.items[p.item]!.id,
        rotation: p.orientations[this.ori[k]!]!,
        translation: [this.px[k]! + 0, this.py[k]! + 0] as [number, number], // + 0: never -0 in the JSON
      })),
    };
  }

  /** Shortens the strip to `length`: pieces right of the line (the middle, else a random one) move left by the difference. */
  shrinkTo(length: number, random: boolean) {
    const d = this.L - length;
    const line = random ? this.rnd() * this.L : this.L / 2;
    for (let k = 0; k < this.n; k++) {
      const s = this.shape(k);
      if ((s.minX + s.maxX) / 2 + this.px[k]! > line) this.px[k] = Math.max(-s.minX, this.px[k]! - d);
    }
    this.L = length;
    this.refreshAll();
  }

  /** Swaps two large pieces (of different items) of the layout, each keeping its orientation where it can. */
  disrupt() {
    const bySize = [...Array(this.n).keys()].sort((a, b) => this.shape(b).area - this.shape(a).area);
    const large = bySize.slice(0, Math.max(2, Math.ceil(this.n / 4)));
    for (let t = 0; t < 20; t++) {
      const a = large[Math.floor(this.rnd() * large.length)]!;
      const b = large[Math.floor(this.rnd() * large.length)]!;
      if (this.pieces[a]!.item === this.pieces[b]!.item) continue;
      const sa = this.shape(a);
      const sb = this.shape(b);
      const ax = this.px[a]! + (sa.minX + sa.maxX) / 2;
      const ay = this.py[a]! + (sa.minY + sa.maxY) / 2;
      const bx = this.px[b]! + (sb.minX + sb.maxX) / 2;
      const by = this.py[b]! + (sb.minY + sb.maxY) / 2;
      const ya = this.pieces[a]!.edge ? -sa.minY : clamp(by - (sa.minY + sa.maxY) / 2, -sa.minY, this.H - sa.maxY);
      const yb = this.pieces[b]!.edge ? -sb.minY : clamp(ay - (sb.minY + sb.maxY) / 2, -sb.minY, this.H - sb.maxY);
      this.place(a, this.ori[a]!, bx - (sa.minX + sa.maxX) / 2, ya);
      this.place(b, this.ori[b]!, ax - (sb.minX + sb.maxX) / 2, yb);
      return;
    }
  }
}

const clamp = (v: number, lo: number, hi: number) => (hi < lo ? lo : v < lo ? lo : v > hi ? hi : v);

/**
 * The search: a first layout (or `start`), then, within `budget` evaluations, the two phases of the method.
 * Exploration (EXPLORE_SHARE of the budget): after each length reached without overlap, the strip shrinks by
 * EXPLORE_STEP (the pieces right of its middle moved left); a length the separation fails at stays, the search
 * going on from one of the failed layouts (the better ones likelier) with two large pieces swapped. Compression (the
 * rest): from the best layout, shrinks from COMPRESS_STEPS[0] down to COMPRESS_STEPS[1] as the budget runs out,
 * each at a random line, kept when separated. `accept` is the exact check: a layout it refuses is never returned.
 */
export function searchStrip(instance: StripInstance, options: StripSearchOptions, accept: (s: StripSolution) => boolean): StripSolution {
  const search = new StripSearch(instance, options.seed ?? 0);
  const budget = options.budget;
  if (options.start) search.load(options.start);
  else search.construct(budget * 0.05);
  let best = search.solution();
  // A start the exact check refuses (another engine's layout whose pieces touch within its rounding) is returned as
  // it is unless a shorter layout passes the check; the first layout of the search itself always passes.
  if (!accept(best) && !options.start) throw new Error("the first layout failed the exact check");
  let bestState = search.snapshot();
  bestState.L = best.length;
  options.onImprove?.(best);
  const record = () => {
    const candidate = search.solution();
    if (candidate.length >= best.length || !accept(candidate)) return false;
    best = candidate;
    bestState = search.snapshot();
    bestState.L = candidate.length;
    options.onImprove?.(best);
    return true;
  };

  // Exploration.
  const exploreEnd = budget * EXPLORE_SHARE;
  search.restore(bestState);
  search.shrinkTo(bestState.L * (1 - EXPLORE_STEP), false);
  let pool: { state: ReturnType<StripSearch["snapshot"]>; loss: number }[] = [];
  while (search.evaluations < exploreEnd) {
    const loss = search.separate(exploreEnd, EXPLORE_ROUNDS, EXPLORE_STRIKES);
    if (loss === 0 && record()) {
      pool = [];
      search.shrinkTo(search.L * (1 - EXPLORE_STEP), false);
      continue;
    }
    if (loss === 0) {
      // Feasible for the search but refused by the exact check (or no shorter): shrink on.
      search.shrinkTo(search.L * (1 - EXPLORE_STEP), false);
      continue;
    }
    const state = search.snapshot();
    const at = pool.findIndex((p) => p.loss > loss);
    pool.splice(at < 0 ? pool.length : at, 0, { state, loss });
    const pick = Math.min(pool.length - 1, Math.floor(Math.min(0.999, Math.abs(normal(search.random) * 0.25)) * pool.length));
    search.restore(pool[pick]!.state);
    search.disrupt();
  }

  // Compression.
  const compressStart = search.evaluations;
  while (search.evaluations < budget) {
    const done = (search.evaluations - compressStart) / Math.max(1, budget - compressStart);
    const step = COMPRESS_STEPS[0] + (COMPRESS_STEPS[1] - COMPRESS_STEPS[0]) * done;
    search.restore(bestState);
    search.shrinkTo(bestState.L * (1 - step), true);
    if (search.separate(budget, COMPRESS_ROUNDS, COMPRESS_STRIKES) === 0) record();
  }
  options.onEnd?.(search.evaluations);
  return best;
}

/** A standard normal deviate (Box-Muller) from the search's generator. */
function normal(rnd: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - rnd())) * Math.cos(2 * Math.PI * rnd());
}
