import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { Layout } from "~/models/patterns/nest.server";
import { LayoutSvg, lengthText } from "./layout-svg";

const rect = (x: number, y: number, w: number, h: number): [number, number][] => [
  [x, y],
  [x + w, y],
  [x + w, y + h],
  [x, y + h],
];

const layout: Layout = {
  widthMm: 1500,
  gapMm: 5,
  lengthMm: 2870,
  lowerBoundMm: 2100,
  areaMm2: 3_150_000,
  efficiency: 0.73,
  placements: [
    { name: "Front", rotation: 0, mirrored: false, polygon: rect(0, 0, 700, 1200), grain: [[350, 100], [350, 1100]] },
    { name: "Front", rotation: 180, mirrored: true, polygon: rect(705, 0, 700, 1200) },
    { name: "Sleeve", rotation: 0, mirrored: false, polygon: rect(0, 1205, 100, 1665) },
  ],
  folded: null,
};

describe("LayoutSvg", () => {
  it("draws every piece with its name, the width, the selvedges and the length, with a title and a description", () => {
    const html = renderToStaticMarkup(<LayoutSvg layout={layout} size="M" material="fabric" />);
    expect(html).toMatch(/^<svg[^>]*viewBox="[-\d. ]+"[^>]*role="img"/);
    expect(html).toContain("<title");
    expect(html).toContain("Cutting layout, size M, main fabric, on 150 cm (59 in) fabric</title>");
    expect(html).toContain("2.87 m (287 cm) of fabric, 3 pieces: Front, Front (mirrored), Sleeve.</desc>");
    expect(html.match(/<path d="M[^"]*Z"/g)).toHaveLength(3);
    expect(html.match(/>Selvedge</g)).toHaveLength(2);
    expect(html).toContain(">mirrored<");
    expect(html).toContain("Length 2.87 m (287 cm)");
    // The narrow sleeve's name runs along it.
    expect(html).toMatch(/rotate\(-90\)[^>]*><tspan[^>]*>Sleeve</);
  });

  it("draws the folded view: the fold, pieces through both layers and single-layer ones", () => {
    const folded: Layout = {
      ...layout,
      folded: {
        widthMm: 750,
        view: [
          { ...layout.placements[0]!, layers: 2, onFold: true },
          { ...layout.placements[2]!, layers: 1, onFold: false },
          { name: "Cuff", rotation: 0, mirrored: false, polygon: rect(300, 1300, 200, 100), layers: 2, onFold: false },
        ],
      },
    };
    const html = renderToStaticMarkup(<LayoutSvg layout={folded} size="M" material="lining" unit="in" />);
    expect(html).toContain("on 150 cm (59 in) fabric folded lengthwise</title>");
    expect(html).toContain("lining");
    expect(html).toContain(">Fold<");
    expect(html).toContain(">on fold<");
    expect(html).toContain(">1 layer<");
    expect(html).toContain(">x2<");
    expect(html).toContain("Length 113 in (3.14 yd)");
  });

  it("draws a finely sampled outline with few points (the page stays light), within the drawing's resolution", () => {
    const circle = Array.from({ length: 2000 }, (_, i): [number, number] => [400 + 300 * Math.cos((i / 2000) * 2 * Math.PI), 400 + 300 * Math.sin((i / 2000) * 2 * Math.PI)]);
    const html = renderToStaticMarkup(
      <LayoutSvg layout={{ ...layout, placements: [{ name: "Round", rotation: 0, mirrored: false, polygon: circle }] }} size="M" material="fabric" />,
    );
    const d = html.match(/<path d="(M[^"]*Z)"/)![1]!;
    const points = d.slice(1, -1).split("L").map((p) => p.split(" ").map(Number));
    expect(points.length).toBeGreaterThan(20);
    expect(points.length).toBeLessThan(120);
    for (const [x, y] of points) expect(Math.abs(Math.hypot(x! - 400, y! - 400) - 300)).toBeLessThan(1);
  });

  it("says lengths in metres and centimetres or inches and yards", () => {
    expect(lengthText(1234)).toBe("1.23 m (123 cm)");
    expect(lengthText(914.4, "in")).toBe("36 in (1.00 yd)");
  });
});
