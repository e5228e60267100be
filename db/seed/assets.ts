/** The asset library: every image and pattern file of the demo data, rendered or read once before planning. */
import { readPattern } from "../../app/models/patterns/dxf.server";
import { makeDemoPatternDxf } from "../../app/models/patterns/demo.server";
import { bannerSvg, productImageSvg, SHAPE_LABELS, sizeChartSvg, webpAsset } from "./drawings";
import type { Asset } from "./uploads";
import { BANNER_TAGLINES, color, SIZE_CHARTS, slug, type ChartKind, type Shape } from "./words";

// --- DXF --------------------------------------------------------------------------------------

/**
 * One ASTM-style graded pattern file per garment shape (blocks per piece and size, 3 to 6 sizes, some in inches),
 * read once here: every demo product of that shape gets its own copy of the file and the read pattern as its
 * version 1 (decision 061).
 */
function patternAsset(shape: Shape, index: number): PatternAsset {
  const dxf = makeDemoPatternDxf(index);
  const read = readPattern(dxf);
  if (!read.ok) throw new Error(`demo pattern ${shape}: ${read.message}`);
  return {
    key: `pattern:${shape}`,
    data: Buffer.from(dxf, "latin1"),
    originalName: `${shape}-pattern.dxf`,
    contentType: "application/dxf",
    kind: "pattern",
    parsed: JSON.stringify(read.pattern),
  };
}

/**
 * Body measurements of the demo size runs (cm: bust, waist, hip), as a size chart would print them, so the demo
 * patterns show the size chart and the size advice of issue 24. Finished garment: 8 cm of ease at the bust, 6 at the
 * waist and hip. Sizes missing here get no chart.
 */
const DEMO_BODY_CM: Record<string, [number, number, number]> = {
  XS: [80, 62, 86],
  S: [86, 68, 92],
  M: [92, 74, 98],
  L: [100, 82, 106],
  XL: [108, 90, 114],
  "36": [84, 66, 90],
  "38": [88, 70, 94],
  "40": [92, 74, 98],
  "42": [96, 78, 102],
  "44": [100, 82, 106],
  "6": [86, 68, 92],
  "8": [89, 71, 95],
  "10": [92, 74, 98],
  "12": [97, 79, 103],
  "14": [102, 84, 108],
  "16": [107, 89, 113],
};

/** The size chart rows of a demo pattern (its read sizes), or none when it has no reading or an unknown size. */
export function demoSizeChart(patternData: string) {
  const sizes = (JSON.parse(patternData) as { sizes?: string[] }).sizes ?? [];
  if (sizes.length < 2 || !sizes.every((size) => DEMO_BODY_CM[size])) return [];
  return sizes.map((size, position) => {
    const [bust, waist, hip] = DEMO_BODY_CM[size]!.map((cm) => cm * 10) as [number, number, number];
    return { size, position, bustMm: bust, waistMm: waist, hipMm: hip, finishedBustMm: bust + 80, finishedWaistMm: waist + 60, finishedHipMm: hip + 60 };
  });
}

// --- The asset library ------------------------------------------------------------------------

const SHAPES = Object.keys(SHAPE_LABELS) as Shape[];
export const IMAGES_PER_SHAPE = 4;

export interface AssetLibrary {
  productImages: Record<Shape, Asset[]>;
  sizeCharts: Record<ChartKind, Asset>;
  banners: Asset[];
  patterns: Record<Shape, PatternAsset>;
}

interface PatternAsset extends Asset {
  /** The pattern read from the file (pattern_versions.data). */
  parsed: string;
}

export async function renderAssets(): Promise<AssetLibrary> {
  const productImages = Object.fromEntries(
    await Promise.all(
      SHAPES.map(async (shape, s) => {
        const images = await Promise.all(
          Array.from({ length: IMAGES_PER_SHAPE }, (_, k) => {
            const c = color(s * IMAGES_PER_SHAPE + k);
            return webpAsset(`product:${shape}:${k}`, productImageSvg(shape, c), `${shape}-${c.name}`);
          }),
        );
        return [shape, images] as const;
      }),
    ),
  ) as Record<Shape, Asset[]>;

  const chartKinds = Object.keys(SIZE_CHARTS) as ChartKind[];
  const charts = await Promise.all(
    chartKinds.map((kind) => webpAsset(`chart:${kind}`, sizeChartSvg(kind), `size-chart-${kind}`)),
  );
  const sizeCharts = Object.fromEntries(chartKinds.map((kind, i) => [kind, charts[i]!])) as Record<ChartKind, Asset>;

  const banners = await Promise.all(
    BANNER_TAGLINES.map((tagline, i) =>
      webpAsset(`banner:${i}`, bannerSvg(tagline, color(i + 3), i), `banner-${slug(tagline)}`),
    ),
  );

  const patterns = Object.fromEntries(SHAPES.map((shape, i) => [shape, patternAsset(shape, i)])) as Record<Shape, PatternAsset>;

  return { productImages, sizeCharts, banners, patterns };
}
