/**
 * A cutting layout as drawn (LayoutSvg, issue 25): outlines reduced to what a drawing at phone or desktop size can
 * show. Pure, no server code: used by the component and by loaders before they send a layout to the page.
 */
import type { Layout, Placement } from "../patterns/nest.server";
import type { Pt } from "../patterns/types";

/** Douglas-Peucker on a closed outline: the points that keep it within `tolerance` mm of the original. */
export function simplifyOutline(points: Pt[], tolerance: number): Pt[] {
  if (points.length < 5) return points;
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  // Split the ring at the point farthest from the first, so both halves are open runs.
  let far = 0;
  let farD = -1;
  points.forEach(([x, y], i) => {
    const d = Math.hypot(x - points[0]![0], y - points[0]![1]);
    if (d > farD) [far, farD] = [i, d];
  });
  keep[far] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, points.length],
  ];
  while (stack.length) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = points[a]!;
    const [bx, by] = points[b % points.length]!;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    let worst = -1;
    let worstD = tolerance;
    for (let i = a + 1; i < b; i++) {
      const [x, y] = points[i]!;
      const d = Math.abs((bx - ax) * (ay - y) - (ax - x) * (by - ay)) / len;
      if (d > worstD) [worst, worstD] = [i, d];
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  return points.filter((_, i) => keep[i]);
}

/**
 * The layout as drawn: outlines simplified to the drawing's resolution and whole mm. A loader passes this to the
 * LayoutSvg rather than the engine's layout, so the page's data (also sent for hydration) stays small.
 */
export function drawnLayout(layout: Layout): Layout {
  const tolerance = (layout.folded ? layout.folded.widthMm : layout.widthMm) / 1000;
  const light = <P extends Placement>(p: P): P => ({
    ...p,
    polygon: simplifyOutline(p.polygon, tolerance).map(([x, y]): Pt => [Math.round(x), Math.round(y)]),
    grain: p.grain ? (p.grain.map(([x, y]) => [Math.round(x), Math.round(y)]) as [Pt, Pt]) : undefined,
  });
  return {
    ...layout,
    placements: layout.placements.map(light),
    folded: layout.folded ? { ...layout.folded, view: layout.folded.view.map(light) } : null,
  };
}

