import { describe, expect, it } from "vitest";

import { cadFixtures } from "../../../tests/unit/cad-fixtures";
import { readPattern } from "./dxf.server";
import { BEST_EFFICIENCY, fabricEstimate, type FabricLine } from "./fabric.server";
import { cutsOf, cutText, grainSize, piecesOfSize } from "./pieces";
import type { Pattern, PatternPiece, Pt } from "./types";

/**
 * Every real CAD export of tests/fixtures/cad-dxf (Gerber AccuMark AAMA and ASTM, CLO; ORIGIN.md), read as the CAD
 * system means it (decision 094). Per file: the units, the sizes, the pieces of the sample size with the cuts their
 * texts state ('Quantity:', 'ANNOTATION: 2XFABRIC', '1XFABRIC 1X INTERLIN', 'Fabric: N') and how many are cut on the
 * fold, the sample size's notch count. Sizes with fewer pieces are listed (the file grades only some pieces to them).
 */
/** The cut lines of the 17 pieces of GMG1016S19 (annotation.DXF and its mirrored copy). */
const GMG1016S19_CUTS = {
  "GMG1016S19-BK": "Cut 1",
  "GMG1016S19-FR": "Cut 1",
  "GMG1016S19-FR CO 1": "Cut 1",
  "GMG1016S19-CO 3": "Cut 1",
  "GMG1016S19-CO L 1": "Cut 1 fabric, 1 interlining",
  "GMG1016S19-CO L 2": "Cut 1 fabric, 1 interlining",
  "GMG1016S19-CO L 4": "Cut 1 fabric, 1 interlining",
  "GMG1016S19-CO ST 1": "Cut 2 fabric, 2 interlining",
  "GMG1016S19-CO ST 2": "Cut 2",
  "GMG1016S19-CO U 1": "Cut 1 fabric, 1 interlining",
  "GMG1016S19-CO U 2": "Cut 1 fabric, 1 interlining",
  "GMG1016S19-CO U 4": "Cut 1 fabric, 1 interlining",
  "GMG1016S19-CU": "Cut 2 rib",
  "GMG1016S19-SS": "Cut 2",
  "GMG1016S19-ST": "Cut 2",
  "GMG1016S19-YL": "Cut 1 fabric, 1 interlining",
  "GMG1016S19-YP": "Cut 1 fabric, 1 interlining",
};

const TABLE: {
  file: string;
  units: Pattern["units"];
  pieces: number;
  sizes: string;
  sample: string;
  notches: number;
  folds: number;
  cuts: Record<string, string>;
  fewer?: Record<string, number>;
}[] = [
  {
    file: "DEEP_ARMHOLE_RACER.DXF",
    units: "in",
    pieces: 2,
    sizes: "26 28 30 32 34 36 38 40 42 44 46 48 50 52",
    sample: "36",
    notches: 6,
    folds: 2,
    cuts: { "DEEP ARMHOLE RACE FR": "Cut 1", "DEEP ARMHOLE RACERBK": "Cut 1" },
  },
  {
    file: "GLX0924S16_NEW.DXF",
    units: "in",
    pieces: 3,
    sizes: "26 28 30 32 34 36 38 40 42 44 46 48 50 52",
    sample: "36",
    notches: 8,
    folds: 2,
    cuts: {
      GLX0924S16_NEW_FR: "Cut 1",
      GLX0924S16_NEWSBIN: "Cut 2",
      GLX0924S16_NEW_BK: "Cut 1",
    },
  },
  {
    file: "GLX0926S16.DXF",
    units: "in",
    pieces: 4,
    sizes: "26 28 30 32 34 36 38 40 42 44 46 48 50 52",
    sample: "36",
    notches: 9,
    folds: 2,
    cuts: {
      GLX0926S16SBK: "Cut 1",
      GLX0926S16SFR: "Cut 1",
      GLX0926S16SBIN: "Cut 2",
      GLX0926S16SBIA: "Cut 2",
    },
  },
  {
    file: "GMH1004F15-2.DXF",
    units: "in",
    pieces: 6,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 18,
    folds: 2,
    cuts: {
      GMH1004FFA: "Cut 1",
      GMH1004FBA: "Cut 1",
      GMH1004FSL: "Cut 2",
      GMH1004FSS: "Cut 2",
      GMH1004FNR: "Cut 1 rib",
      GMH1004FRN: "Cut 1 rib",
    },
  },
  {
    file: "GMH1006F18-ADICOLOUR-3.DXF",
    units: "in",
    pieces: 6,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 12,
    folds: 2,
    cuts: {
      GMH1006FBK: "Cut 1",
      GMH1006FFR: "Cut 1",
      GMH1006FRN: "Cut 1 rib",
      GMH1006FSL: "Cut 2",
      GMH1006FNR: "Cut 1 rib",
      GMH1006FLS: "Cut 2",
    },
  },
  {
    file: "GMH1006F18_AAMA.DXF",
    units: "mm",
    pieces: 6,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 17,
    folds: 0,
    cuts: {
      GMH1006FBK: "Cut 1",
      GMH1006FFR: "Cut 1",
      GMH1006FRN: "Cut 1 rib",
      GMH1006FSL: "Cut 2",
      GMH1006FNR: "Cut 1 rib",
      GMH1006FLS: "Cut 2",
    },
  },
  {
    file: "GMH1006F18_ASTM.DXF",
    units: "mm",
    pieces: 6,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 17,
    folds: 0,
    cuts: {
      GMH1006FBK: "Cut 1",
      GMH1006FFR: "Cut 1",
      GMH1006FRN: "Cut 1 rib",
      GMH1006FSL: "Cut 2",
      GMH1006FNR: "Cut 1 rib",
      GMH1006FLS: "Cut 2",
    },
  },
  {
    file: "GMH1406F15-4.DXF",
    units: "in",
    pieces: 6,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 13,
    folds: 2,
    cuts: {
      GMH1406FFA: "Cut 1",
      GMH1406FBA: "Cut 1",
      GMH1406FSS: "Cut 2",
      GMH1406FSL: "Cut 2",
      GMH1406FNR: "Cut 1 rib",
      GMH1406FRN: "Cut 1 rib",
    },
  },
  {
    file: "GMH2446F17_INCLALLOWANCE_AAMA.DXF",
    units: "mm",
    pieces: 10,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 50,
    folds: 2,
    cuts: {
      GMH2446F17FA: "Cut 1",
      GMH2446F17BA: "Cut 1",
      GMH2446F17SA: "Cut 2",
      GMH2446F17HO: "Cut 2",
      GMH2446F17FH: "Cut 2",
      GMH2446F17HO2: "Cut 2",
      GMH2446F17HO3: "Cut 2",
      GMH2446F17CA: "Cut 2 rib",
      GMH2446F17CO: "Cut 1 rib",
      GMH2446F17WA: "Cut 1 rib",
    },
  },
  {
    file: "GMH2446F17_INCLALLOWANCE_ASTM.DXF",
    units: "mm",
    pieces: 10,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 50,
    folds: 2,
    cuts: {
      GMH2446F17FA: "Cut 1",
      GMH2446F17BA: "Cut 1",
      GMH2446F17SA: "Cut 2",
      GMH2446F17HO: "Cut 2",
      GMH2446F17FH: "Cut 2",
      GMH2446F17HO2: "Cut 2",
      GMH2446F17HO3: "Cut 2",
      GMH2446F17CA: "Cut 2 rib",
      GMH2446F17CO: "Cut 1 rib",
      GMH2446F17WA: "Cut 1 rib",
    },
  },
  {
    file: "GMX1006S18-1.DXF",
    units: "in",
    pieces: 9,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 27,
    folds: 2,
    cuts: {
      GMX1006S18FR: "Cut 1",
      GMX1006S18BK: "Cut 1",
      GMX1006S18SS: "Cut 2",
      GMX1006S18SS1: "Cut 2",
      GMX1006S18ST: "Cut 2",
      GMX1006S18CO: "Cut 1 rib",
      GMX1006S18SFCO: "Cut 1",
      GMX1006S18SFVCO: "Cut 1",
      GMX1006S18VCO: "Cut 1 rib",
    },
  },
  {
    file: "GMX1406S18-5.DXF",
    units: "in",
    pieces: 9,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 17,
    folds: 2,
    cuts: {
      GMX1406S18FR: "Cut 1",
      GMX1406S18BK: "Cut 1",
      GMX1406S18SS: "Cut 2",
      GMX1406S18SS1: "Cut 2",
      GMX1406S18ST: "Cut 2",
      GMX1406S18FVCO: "Cut 1",
      GMX1406S18SFCO: "Cut 1",
      GMX1406S18CO: "Cut 1 rib",
      GMX1406S18VCO: "Cut 1 rib",
    },
  },
  {
    file: "GMX1416S18_AAMA.DXF",
    units: "mm",
    pieces: 10,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 27,
    folds: 3,
    cuts: {
      GMX1416S18FR: "Cut 1",
      GMX1416S18BK: "Cut 1",
      GMX1416S18SS: "Cut 2",
      GMX1416S18SS1: "Cut 2",
      GMX1416S18CU: "Cut 2 rib",
      GMX1416S18CO: "Cut 1 rib",
      GMX1416S18YP: "Cut 1",
      GMX1416S18YL: "Cut 1",
      GMX1416S18IX: "Cut 1 interlining",
      GMX1416S18IY: "Cut 1 interlining",
    },
  },
  {
    file: "GMX1416S18_ASTM.DXF",
    units: "mm",
    pieces: 10,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 27,
    folds: 3,
    cuts: {
      GMX1416S18FR: "Cut 1",
      GMX1416S18BK: "Cut 1",
      GMX1416S18SS: "Cut 2",
      GMX1416S18SS1: "Cut 2",
      GMX1416S18CU: "Cut 2 rib",
      GMX1416S18CO: "Cut 1 rib",
      GMX1416S18YP: "Cut 1",
      GMX1416S18YL: "Cut 1",
      GMX1416S18IX: "Cut 1 interlining",
      GMX1416S18IY: "Cut 1 interlining",
    },
  },
  {
    file: "GMX731XS17_AAMA.DXF",
    units: "mm",
    pieces: 10,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 44,
    folds: 5,
    cuts: {
      GMX731XS17BK: "Cut 1",
      GMX731XS17FR: "Cut 1",
      GMX731XS17YL: "Cut 1",
      GMX731XS17YP: "Cut 1",
      GMX731XS17C1: "Cut 1",
      GMX731XS17C2: "Cut 1 fabric, 1 interlining",
      GMX731XS17C3: "Cut 2",
      GMX731XS17IY: "Cut 1 interlining",
      GMX731XS17IX: "Cut 1 interlining",
      GMX731XS17I2: "Cut 1 interlining",
    },
  },
  {
    file: "GMX732XS17_AAMA.DXF",
    units: "mm",
    pieces: 10,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 38,
    folds: 5,
    cuts: {
      GMX732XS17SBK: "Cut 1",
      GMX732XS17SFR: "Cut 1",
      GMX732XS17SYL: "Cut 1",
      GMX732XS17SYP: "Cut 1",
      GMX732XS17SC4: "Cut 2",
      GMX732XS17SC5: "Cut 2",
      GMX732XS17SIY: "Cut 1 interlining",
      GMX732XS17SIX: "Cut 1 interlining",
      GMX732XS17SI3: "Cut 1 interlining",
      GMX732XS17SI4: "Cut 1 interlining",
    },
  },
  {
    file: "ORILEGWB_AAMA.DXF",
    units: "mm",
    pieces: 2,
    sizes: "26 28 30 32 34 36 38 40 42 44 46 48 50 52",
    sample: "36",
    notches: 11,
    folds: 0,
    cuts: { "ORILEG WB WB": "Cut 1", "ORILEG WB LL": "Cut 2" },
  },
  {
    file: "ORILEGWB_ASTM.DXF",
    units: "mm",
    pieces: 2,
    sizes: "26 28 30 32 34 36 38 40 42 44 46 48 50 52",
    sample: "36",
    notches: 11,
    folds: 0,
    cuts: { "ORILEG WB WB": "Cut 1", "ORILEG WB LL": "Cut 2" },
  },
  {
    file: "SS17_M_POLO_REG_ASTM.DXF",
    units: "mm",
    pieces: 8,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 25,
    folds: 2,
    cuts: {
      "SS17_M POLO REG FR": "Cut 1",
      "SS17_M POLO REG BK": "Cut 1",
      "SS17_M POLO REG CO": "Cut 1 rib",
      "SS17_M POLO REG SL1": "Cut 2",
      "SS17_M POLO REG YP": "Cut 1",
      "SS17_M POLO REG IX": "Cut 1 interlining",
      "SS17_M POLO REG YL": "Cut 1",
      "SS17_M POLO REG IY": "Cut 1 interlining",
    },
  },
  {
    file: "WM_LOOSE_SHAPE_TANK.DXF",
    units: "in",
    pieces: 2,
    sizes: "26 28 30 32 34 36 38 40 42 44 46 48 50 52",
    sample: "36",
    notches: 6,
    folds: 2,
    cuts: { "RELAXED TANK FR V2": "Cut 1", "RELAXED TANK BK V2": "Cut 1" },
  },
  {
    file: "annotation.DXF",
    units: "mm",
    pieces: 17,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 60,
    folds: 13,
    cuts: GMG1016S19_CUTS,
  },
  {
    file: "clo-box.dxf",
    units: "in",
    pieces: 1,
    sizes: "M",
    sample: "M",
    notches: 0,
    folds: 0,
    cuts: { Pattern2D_4937: "Cut 1" },
  },
  {
    file: "clo-pattern.dxf",
    units: "mm",
    pieces: 9,
    sizes: "M",
    sample: "M",
    notches: 18,
    folds: 0,
    cuts: {
      "7": "Cut 1",
      "11": "Cut 1",
      "36": "Cut 1",
      "37": "Cut 1",
      "38": "Cut 1",
      "39": "Cut 1",
      Pattern2D_768516: "Cut 1",
      Pattern2D_768527: "Cut 1",
      Pattern2D_768528: "Cut 1",
    },
  },
  {
    file: "drill-holes.DXF",
    units: "mm",
    pieces: 8,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 25,
    folds: 2,
    cuts: {
      "SS17_M POLO REG FR": "Cut 1",
      "SS17_M POLO REG BK": "Cut 1",
      "SS17_M POLO REG CO": "Cut 1 rib",
      "SS17_M POLO REG SL1": "Cut 2",
      "SS17_M POLO REG YP": "Cut 1",
      "SS17_M POLO REG IX": "Cut 1 interlining",
      "SS17_M POLO REG YL": "Cut 1",
      "SS17_M POLO REG IY": "Cut 1 interlining",
    },
  },
  {
    file: "mirrored.DXF",
    units: "mm",
    pieces: 17,
    sizes: "42 44 46 48 50 52 54 56 58 60 62 64 66 68 70",
    sample: "50",
    notches: 60,
    folds: 13,
    cuts: GMG1016S19_CUTS,
  },
  {
    file: "simple.DXF",
    units: "in",
    pieces: 4,
    sizes: "26 28 30 32 34 36 38 40 42 44 46 48 50 52",
    sample: "36",
    notches: 7,
    folds: 0,
    cuts: {
      "C-S1615WWO206-NB": "Cut 1",
      "C-S1615WWO206-B": "Cut 1",
      "C-S1615WWO206-F": "Cut 1",
      "C-S1615WWO206-AB": "Cut 1",
    },
  },
];

const FEWER: Record<string, Record<string, number>> = { "GMX731XS17_AAMA.DXF": { "66": 6, "68": 6, "70": 6 } };

/**
 * Sizes whose back piece's outline crosses itself in the file (the layer-1 polylines of these blocks draw a shape
 * that is no back piece at all: a grading fault of the export, decision 094 amended). The reading marks them
 * (crossesItself) and warns; their area is not the size's, so only the estimate's length is compared there.
 */
const BROKEN_OUTLINES: Record<string, string[]> = { "WM_LOOSE_SHAPE_TANK.DXF": ["48", "50", "52"], "DEEP_ARMHOLE_RACER.DXF": ["48", "50", "52"] };

function distanceToRing(p: Pt, ring: Pt[]): number {
  let best = Infinity;
  for (let i = 0; i < ring.length; i++) {
    const a = ring[i];
    const b = ring[(i + 1) % ring.length];
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len2 = dx * dx + dy * dy;
    const t =
      len2 === 0
        ? 0
        : Math.max(
            0,
            Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2)
          );
    best = Math.min(
      best,
      Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy)
    );
  }
  return best;
}

const withoutFold = (p: PatternPiece) => cutText({ ...p, onFold: false });

/** A size's own estimate of one width, before the margin and the smaller sizes' floor: packed or area length, mm. */
const ownLength = (line: FabricLine) => Math.max(line.packedMm, line.areaMm / BEST_EFFICIENCY);

describe("real CAD exports, read as the CAD system means them", () => {
  const files = new Map(cadFixtures().map((f) => [f.name, f.bytes]));

  it("covers every file of the corpus", () => {
    expect(TABLE.map((row) => row.file).sort()).toEqual(
      [...files.keys()].sort()
    );
  });

  it.each(TABLE)("$file", (row) => {
    const read = readPattern(files.get(row.file)!);
    if (!read.ok) throw new Error(read.message);
    const { pattern } = read;
    expect(pattern.units).toBe(row.units);
    // No warning, but for the outlines that cross themselves in the file (checked below).
    expect(pattern.warnings).toHaveLength(BROKEN_OUTLINES[row.file] ? 1 : 0);
    expect(pattern.sizes.join(" ")).toBe(row.sizes);
    expect(pattern.sampleSize).toBe(row.sample);
    const sample = piecesOfSize(pattern, row.sample);
    expect(sample).toHaveLength(row.pieces);
    expect(
      Object.fromEntries(sample.map((p) => [p.name, withoutFold(p)]))
    ).toEqual(row.cuts);
    expect(sample.filter((p) => p.onFold)).toHaveLength(row.folds);
    expect(sample.reduce((s, p) => s + p.notches.length, 0)).toBe(row.notches);
    for (const p of sample.filter((x) => x.onFold)) {
      expect(cutText(p)).toMatch(/^Cut \d.* on fold$/);
      expect(p.unfolded!.area).toBeGreaterThan(1.9 * p.area);
    }

    const bySample = new Map(sample.map((p) => [p.name, p]));
    const problems: string[] = [];
    for (const size of pattern.sizes) {
      const pieces = piecesOfSize(pattern, size);
      expect(pieces.length, `pieces of size ${size}`).toBe(
        FEWER[row.file]?.[size] ?? row.pieces
      );
      for (const p of pieces) {
        const s = bySample.get(p.name)!;
        if (p.notches.length !== s.notches.length)
          problems.push(
            `${size} ${p.name}: ${p.notches.length} notches, the sample ${s.notches.length}`
          );
        // Carried to this size's outline (the sample size's own notches are where the file puts them: on the sew
        // line in files with seam allowance included).
        const off = size === row.sample ? [] : p.notches.filter((n) => distanceToRing(n, p.boundary) > 1);
        if (off.length)
          problems.push(
            `${size} ${p.name}: ${off.length} notches off the outline`
          );
        if (withoutFold(p) !== withoutFold(s))
          problems.push(
            `${size} ${p.name}: ${withoutFold(p)}, the sample ${withoutFold(s)}`
          );
        if (!!p.onFold !== !!s.onFold)
          problems.push(
            `${size} ${p.name}: on fold ${!!p.onFold}, the sample ${!!s.onFold}`
          );
      }
    }
    expect(problems).toEqual([]);

    const broken = BROKEN_OUTLINES[row.file] ?? [];
    const crossing = [...new Set(pattern.pieces.filter((p) => p.crossesItself).map((p) => p.size))];
    expect(crossing, "sizes with an outline that crosses itself").toEqual(broken);
    if (broken.length) expect(pattern.warnings?.join(" ")).toContain(`crosses itself in sizes ${broken.join(", ")}`);

    // Issue 46 item 25: every size's estimate is at least its longest main-fabric piece laid on its grain plus the
    // margin, and at least the area over the usable width plus the margin (GLX0926S16's 575 mm piece got 560 mm).
    for (const size of pattern.sizes) {
      const estimate = fabricEstimate(pattern, size)!;
      const main = piecesOfSize(pattern, size).filter((p) => cutsOf(p).some((c) => c.material === estimate.material));
      const longest = Math.max(...main.map((p) => grainSize(p).height));
      for (const line of estimate.fabrics) {
        expect(line.lengthMm, `${size}, ${line.label}: longest piece`).toBeGreaterThanOrEqual(longest * 1.1 - 1e-6);
        expect(line.lengthMm, `${size}, ${line.label}: area`).toBeGreaterThanOrEqual((estimate.totalAreaMm2 / (line.widthMm - 20)) * 1.1 - 1);
      }
    }

    if (pattern.sizes.length > 1) {
      // The estimate (every width) never decreases from a size to the next, in every graded file.
      const all = pattern.sizes.map((size) => fabricEstimate(pattern, size)!);
      for (let i = 1; i < all.length; i++) {
        for (const [w, fabric] of all[i].fabrics.entries()) {
          expect(fabric.lengthMm, `${all[i - 1].size} -> ${all[i].size}, ${fabric.label}`).toBeGreaterThanOrEqual(all[i - 1].fabrics[w].lengthMm);
        }
      }
      // The main fabric grows with the size: more area to cut in every size, so a longer perfect-nesting length
      // (also into GMX731XS17's sizes 66-70, where the file leaves out YL, YP and two interlinings: what is left still
      // holds more main fabric than size 64).
      const sizes = pattern.sizes.filter((size) => !broken.includes(size));
      const estimates = sizes.map((size) => fabricEstimate(pattern, size)!);
      for (let i = 1; i < estimates.length; i++) {
        const [before, now] = [estimates[i - 1], estimates[i]];
        expect(now.totalAreaMm2, `${before.size} -> ${now.size}`).toBeGreaterThan(before.totalAreaMm2);
        for (const w of [0, 1]) expect(now.fabrics[w].areaMm, `${before.size} -> ${now.size}`).toBeGreaterThanOrEqual(before.fabrics[w].areaMm);
        // The estimate grows by its own measure, not only because no size is quoted less than the one before it
        // (smallerSizesLength, which the first check above cannot tell from a real growth): the packed or area
        // length, before the margin and that floor, never decreases between two sizes whose outlines are sound.
        for (const w of [0, 1]) expect(ownLength(now.fabrics[w]), `${before.size} -> ${now.size}, ${now.fabrics[w].label}, unfloored`).toBeGreaterThanOrEqual(ownLength(before.fabrics[w]));
      }
    }
  });
});

describe("Gerber's exact-curve layer (ASTM layers 84/85/87, decision 094)", () => {
  const files = new Map(cadFixtures().map((f) => [f.name, f.bytes]));
  const sample = (name: string) => {
    const read = readPattern(files.get(name)!);
    if (!read.ok) throw new Error(read.message);
    return piecesOfSize(read.pattern, read.pattern.sampleSize!);
  };

  it.each(["GMH1006F18", "GMX1416S18", "ORILEGWB", "GMH2446F17_INCLALLOWANCE"])("%s: the ASTM twin's curves come from it, the same pieces as the AAMA twin's", (stem) => {
    const aama = sample(`${stem}_AAMA.DXF`);
    const astm = sample(`${stem}_ASTM.DXF`);
    expect(astm.map((p) => p.name)).toEqual(aama.map((p) => p.name));
    // The exact curves have more points than layer 1's polygon (the AAMA twin's only outline) wherever a piece is
    // curved, and never fewer; the pieces are the same within 1 % of their area.
    expect(astm.every((p, i) => p.boundary.length >= aama[i].boundary.length)).toBe(true);
    expect(astm.some((p, i) => p.boundary.length > aama[i].boundary.length * 1.3)).toBe(true);
    for (const [i, p] of astm.entries()) expect(Math.abs(p.area / aama[i].area - 1), p.name).toBeLessThan(0.01);
  });
});
