/** The design form's size chart (decision 113): what the screen shows, what the POST sent, its check and its save. */
import type { SizeChartFormProps } from "~/components/size-chart-fields";
import { getSizeChart } from "~/models/fit/chart.server";
import { CHART_COLUMNS, CHART_HINTS as HINTS, chartCellName, chartProblemField, chartProblemMessage, fromMm, type ChartProblem } from "~/models/fit/size-chart";
import { chartSizesOf, checkSizeChart, saveSizeChart, sizeChartProblems, sizeChartRowsFromForm } from "~/models/fit/size-chart.server";
import type { MeasurementUnit, SizeChartRow } from "~/utils/measurements";
import type { Db } from "~/utils/db.server";


function cellValue(row: SizeChartRow, column: (typeof CHART_COLUMNS)[number]): number | null {
  return column.startsWith("finished_") ? row.finished[column.slice(9) as keyof SizeChartRow["finished"]] : row.body[column as keyof SizeChartRow["body"]];
}

/** The fieldset of a stored design (edit screen): its sizes and the stored chart in its unit. */
export async function sizeChartFormOf({ db }: { db: Db }, product: { id: number; type: string }): Promise<SizeChartFormProps> {
  const chart = (await getSizeChart({ db }, product.id))!;
  const allowed = await chartSizesOf({ db }, product);
  const sizes = allowed.kind === "free" ? chart.rows.map((r) => r.size) : allowed.sizes;
  const cells: Record<string, string> = {};
  for (const row of chart.rows) {
    for (const column of CHART_COLUMNS) {
      const mm = cellValue(row, column);
      if (mm !== null) cells[chartCellName(row.size, column)] = fromMm(mm, chart.unit);
    }
  }
  const pattern = product.type === "Pattern";
  const hint = sizes.length ? HINTS.table : pattern ? HINTS.unreadPattern : HINTS.noSizes;
  return { sizes, unit: chart.unit, madeToMeasure: chart.madeToMeasure, cells, hint, pattern };
}

/** The chart the form sent: null when it showed no table (no `chart_size`). The page puts back unit, box and cells. */
export type SentChart = SizeChartFormProps & { rows: SizeChartRow[]; problems: ChartProblem[] };

export function readSizeChartForm(fields: FormData): SentChart | null {
  const sizes = [...new Set(fields.getAll("chart_size").map(String))].slice(0, 60);
  if (!sizes.length) return null;
  const unit: MeasurementUnit = fields.get("chart_unit") === "in" ? "in" : "cm";
  const cells: Record<string, string> = {};
  for (const size of sizes) {
    for (const column of CHART_COLUMNS) {
      const raw = fields.get(chartCellName(size, column));
      if (typeof raw === "string" && raw.trim()) cells[chartCellName(size, column)] = raw.slice(0, 20);
    }
  }
  const { rows, problems } = sizeChartRowsFromForm(fields, sizes, unit);
  const madeToMeasure = fields.get("made_to_measure") === "on";
  return { sizes, unit, madeToMeasure, cells, hint: HINTS.table, pattern: false, rows, problems };
}

/** Problems as the form shows them: at their cell, the checkbox or the table. */
export function chartFormErrors(problems: ChartProblem[], unit: MeasurementUnit): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) (errors[chartProblemField(problem)] ??= []).push(chartProblemMessage(problem, unit));
  return errors;
}

/**
 * Checks a sent chart before the design is saved, where its sizes are known now: an apparel design's size rows as
 * sent, a stored pattern's current reading when no new file comes. Null: nothing found (or not knowable yet).
 */
export async function checkSentChart(
  { db }: { db: Db },
  sent: SentChart,
  design: { productId: number | null; type: string; variantValues: string[]; newPattern: boolean },
): Promise<Record<string, string[]> | null> {
  if (sent.problems.length) return chartFormErrors(sent.problems, sent.unit);
  let problems: ChartProblem[] = [];
  if (design.type !== "Pattern") {
    const sizes = [...new Set(design.variantValues.map((v) => v.trim()).filter(Boolean))];
    problems = checkSizeChart(sent, sizes.length ? { kind: "variants", sizes } : { kind: "free", sizes: [] }, design.type);
  } else if (design.productId && !design.newPattern) {
    problems = await sizeChartProblems({ db }, { id: design.productId, type: "Pattern" }, sent);
  }
  return problems.length ? chartFormErrors(problems, sent.unit) : null;
}

/** Saves a sent chart after the design; the errors when it is refused (only when this save changed the sizes). */
export async function saveSentChart({ db }: { db: Db }, sent: SentChart, productId: number, storeId: number): Promise<Record<string, string[]> | null> {
  const result = await saveSizeChart({ db }, { productId, storeId, unit: sent.unit, madeToMeasure: sent.madeToMeasure, rows: sent.rows });
  return !result.ok && result.error === "invalid" ? chartFormErrors(result.problems, sent.unit) : null;
}
