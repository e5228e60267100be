/**
 * Size charts as data (issue 24 item 2, decision 113): the rules both faces share, with no server code, so the design
 * form may import them. Lengths are whole millimetres; the seller types them in their unit (cm or in).
 */
import { FINISHED_ZONES, FIT_ZONES, MM_PER_UNIT, ZONE_LABELS, type FinishedZone, type MeasurementUnit, type Zone } from "~/utils/measurements";

/** A cell of the chart: a body zone, or `finished_<zone>` for the finished garment. */
export type ChartColumn = Zone | `finished_${FinishedZone}`;

export const CHART_COLUMNS: ChartColumn[] = [...FIT_ZONES, ...FINISHED_ZONES.map((z) => `finished_${z}` as const)];

export const COLUMN_LABELS: Record<ChartColumn, string> = {
  ...ZONE_LABELS,
  finished_bust: "Finished bust / chest",
  finished_waist: "Finished waist",
  finished_hip: "Finished hip",
};

/**
 * Plausible body measurements in mm, from a newborn to a tall adult: a number outside is a typo or the wrong unit
 * (84 typed as inches is 2134 mm of bust). Finished measurements may be up to 1000 mm above the body's range (a
 * cape, a tent dress).
 */
export const ZONE_RANGES_MM: Record<Zone, [min: number, max: number]> = {
  height: [400, 2300],
  high_bust: [250, 2000],
  bust: [250, 2000],
  waist: [250, 2000],
  hip: [250, 2200],
  inseam: [100, 1200],
  arm: [100, 1000],
};

export function rangeOf(column: ChartColumn): [number, number] {
  if (column.startsWith("finished_")) {
    const [min, max] = ZONE_RANGES_MM[column.slice("finished_".length) as FinishedZone];
    return [min, max + 1000];
  }
  return ZONE_RANGES_MM[column as Zone];
}

/** At most this many sizes (a chart per size variant or graded size; the variants' limit is lower). */
export const MAX_CHART_SIZES = 40;
export const MAX_SIZE_NAME = 40;

/** Why a chart is refused; `size` and `column` name the cell when there is one. */
export type ChartProblem =
  | { code: "not-a-number" | "out-of-range" | "missing-in-size" | "shrinks" | "negative-ease"; size: string; column: ChartColumn }
  | { code: "flat"; column: ChartColumn }
  | { code: "wrong-sizes"; expected: string[] }
  | { code: "duplicate-size" | "bad-size-name"; size: string }
  | { code: "no-sizes" | "too-many-sizes" }
  | { code: "mtm-not-pattern" | "mtm-too-few-sizes" | "mtm-no-girth" };

/** mm from a number in the seller's unit, rounded to the whole mm. */
export function toMm(value: number, unit: MeasurementUnit): number {
  return Math.round(value * MM_PER_UNIT[unit]);
}

/** A length in the unit for showing and for the form's inputs: cm with one decimal, inches with two at most. */
export function fromMm(mm: number, unit: MeasurementUnit): string {
  const value = mm / MM_PER_UNIT[unit];
  const places = unit === "cm" ? 1 : 2;
  return String(Math.round(value * 10 ** places) / 10 ** places);
}

/** A typed cell: blank is null, "84.5" or "84,5" a number, anything else not a number. */
export function parseCell(text: string): number | null | "nan" {
  const trimmed = text.trim().replace(",", ".");
  if (trimmed === "") return null;
  if (!/^\d{1,5}(\.\d{1,3})?$/.test(trimmed)) return "nan";
  return Number(trimmed);
}

function shown(mm: number, unit: MeasurementUnit): string {
  return `${fromMm(mm, unit)} ${unit}`;
}

/** The text of a problem, naming the cell (size and column) when there is one. */
export function chartProblemMessage(problem: ChartProblem, unit: MeasurementUnit = "cm"): string {
  const cell = "size" in problem && "column" in problem ? `Size ${problem.size}, ${COLUMN_LABELS[problem.column].toLowerCase()}: ` : "";
  switch (problem.code) {
    case "not-a-number":
      return `${cell}enter a number such as 84.5.`;
    case "out-of-range": {
      const [min, max] = rangeOf(problem.column);
      return `${cell}enter a measurement between ${shown(min, unit)} and ${shown(max, unit)} (is the unit right?).`;
    }
    case "missing-in-size":
      return `${cell}give it for every size, or for none (other sizes have it).`;
    case "shrinks":
      return `${cell}smaller than the size before it. Measurements grow with the size.`;
    case "flat":
      return `${COLUMN_LABELS[problem.column]}: the same for every size. Measurements grow with the size from the first to the last.`;
    case "negative-ease":
      return `${cell}the finished garment is smaller than the body (negative ease). Give finished measurements only for garments with ease; leave them blank for a knit that stretches to fit.`;
    case "wrong-sizes":
      return `The chart's sizes must be the design's sizes, each once, in this order: ${problem.expected.join(", ")}.`;
    case "duplicate-size":
      return `Size ${problem.size} is given twice.`;
    case "bad-size-name":
      return `"${problem.size}" is not a size name (1 to ${MAX_SIZE_NAME} characters).`;
    case "no-sizes":
      return "The design has no sizes yet: upload the pattern file (or add sizes) before the size chart.";
    case "too-many-sizes":
      return `A size chart can have at most ${MAX_CHART_SIZES} sizes.`;
    case "mtm-not-pattern":
      return "Made to measure is only for Pattern designs: a buyer's own size is drawn from the pattern file.";
    case "mtm-too-few-sizes":
      return "Made to measure needs a pattern graded in at least two sizes: a buyer's size is drawn between two graded sizes.";
    case "mtm-no-girth":
      return "Made to measure needs the size chart's bust, waist or hip for every size: that is how a buyer's size is placed between the graded ones.";
  }
}

/** The form field a problem belongs to: its cell `chart[<size>][<column>]`, or the chart as a whole. */
export function chartProblemField(problem: ChartProblem): string {
  if ("size" in problem && "column" in problem) return chartCellName(problem.size, problem.column);
  if (problem.code.startsWith("mtm-")) return "made_to_measure";
  return "chart";
}

export function chartCellName(size: string, column: ChartColumn): string {
  return `chart[${size}][${column}]`;
}

/** The design form's hints of the size chart fieldset. */
export const CHART_HINTS = {
  table: "Body measurements of each size, and optionally the finished garment's (the ease is the difference). Leave the whole table blank for no chart.",
  newPattern: "The table of measurements per size appears once the pattern file is read: save the design, then fill it in on the edit screen.",
  noSizes: "The table has a row for each size of the design: save the design with its sizes, then give each size's measurements here.",
  unreadPattern: "The table appears once the pattern file is read: it has a row for each size of the pattern.",
};

/** What the chart fieldset had typed when the form comes back with an error. */
export type SentChartValues = { unit: MeasurementUnit; madeToMeasure: boolean; cells: Record<string, string> };

/** The fieldset of the new-design form: apparel gets a row per size it was sent with; a pattern waits for its file. */
export function newDesignChart(type: string, variantValues: string[], sent?: SentChartValues | null) {
  const sizes = type === "Pattern" ? [] : [...new Set(variantValues.map((v) => v.trim()).filter(Boolean))];
  const hint = type === "Pattern" ? CHART_HINTS.newPattern : sizes.length ? CHART_HINTS.table : CHART_HINTS.noSizes;
  return { sizes, unit: sent?.unit ?? ("cm" as MeasurementUnit), madeToMeasure: false, cells: sent?.cells ?? {}, hint, pattern: false };
}

/** The product page's size chart table: the rows in one unit, the columns given, and the ease. */
export type SizeChartView = {
  unit: MeasurementUnit;
  /** The unit not shown: the toggle's link. */
  other: MeasurementUnit;
  columns: { key: string; label: string }[];
  rows: { size: string; cells: Record<string, string> }[];
};
