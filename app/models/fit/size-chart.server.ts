/**
 * Writing a design's size chart (issue 24 item 2, decision 113). The rules: the sizes are the design's sizes (a
 * Pattern's current reading, an apparel design's size variants, or free names when it has none), each once, in that
 * order; lengths in whole mm within plausible ranges; a column given for one size is given for all, never shrinks
 * from one size to the next and grows across the chart; finished >= body; made to measure only for a graded Pattern
 * whose chart gives bust, waist or hip. The rows are replaced in one transaction; nothing is written on a refusal.
 */
import { and, asc, eq } from "drizzle-orm";

import { MEASUREMENT_UNITS, products, sizeChartRows, variants } from "../../../db/tables";
import { getSizeChart, zoneColumnsOf } from "./chart.server";
import {
  CHART_COLUMNS,
  chartProblemMessage,
  MAX_CHART_SIZES,
  MAX_SIZE_NAME,
  parseCell,
  rangeOf,
  toMm,
  type ChartColumn,
  type ChartProblem,
} from "./size-chart";
import { FINISHED_ZONES, emptyZoneValues, type MeasurementUnit, type SizeChartRow } from "~/utils/measurements";
import { productPatternFacts } from "~/models/patterns/versions.server";
import { type Db, first, transaction } from "~/utils/db.server";

/** The sizes a design's chart lists: `free` when any names will do (an apparel design without size variants). */
export type ChartSizes = { kind: "pattern" | "variants"; sizes: string[] } | { kind: "free"; sizes: [] };

/** The sizes of a design's chart, from its current pattern reading or its size variants (decision 113). */
export async function chartSizesOf({ db }: { db: Db }, product: { id: number; type: string }): Promise<ChartSizes> {
  if (product.type === "Pattern") {
    const facts = await productPatternFacts({ db, productId: product.id });
    return { kind: "pattern", sizes: facts?.sizes ?? [] };
  }
  const values = await db.select({ value: variants.value }).from(variants).where(eq(variants.productId, product.id)).orderBy(asc(variants.position), asc(variants.id));
  const sizes = [...new Set(values.map((v) => v.value.trim()).filter(Boolean))];
  return sizes.length ? { kind: "variants", sizes } : { kind: "free", sizes: [] };
}

/**
 * The sizes a design's chart must have once a save is done (saveDesign's `checkSizes`): a new pattern file's, else a
 * stored pattern's current reading; apparel's size rows as sent.
 */
export async function chartSizesAfterSave(
  { db }: { db: Db },
  productId: number | null,
  after: { type: string; patternSizes: string[] | null; variantValues: string[] },
): Promise<ChartSizes> {
  if (after.type === "Pattern") {
    if (after.patternSizes) return { kind: "pattern", sizes: after.patternSizes };
    return productId ? chartSizesOf({ db }, { id: productId, type: "Pattern" }) : { kind: "pattern", sizes: [] };
  }
  const sizes = [...new Set(after.variantValues.map((v) => v.trim()).filter(Boolean))];
  return sizes.length ? { kind: "variants", sizes } : { kind: "free", sizes: [] };
}

export type SaveSizeChartInput = {
  productId: number;
  storeId: number;
  unit: MeasurementUnit;
  madeToMeasure: boolean;
  /** Millimetres (the form converts from the seller's unit first: sizeChartRowsFromForm). */
  rows: SizeChartRow[];
};

export type SaveSizeChartResult = { ok: true } | { ok: false; error: "not-found" } | { ok: false; error: "invalid"; problems: ChartProblem[] };

/** Replaces the design's size chart (an empty table clears it) after checking every rule; all or nothing. */
export async function saveSizeChart({ db }: { db: Db }, input: SaveSizeChartInput): Promise<SaveSizeChartResult> {
  const product = await first(db
    .select({ id: products.id, type: products.type })
    .from(products)
    .where(and(eq(products.id, input.productId), eq(products.storeId, input.storeId))).limit(1));
  if (!product) return { ok: false, error: "not-found" };
  const problems = await sizeChartProblems({ db }, product, input);
  if (problems.length) return { ok: false, error: "invalid", problems };
  await transaction(db,
    async (tx) => {
      await tx.delete(sizeChartRows).where(eq(sizeChartRows.productId, product.id));
      for (const [position, row] of input.rows.entries()) {
        await tx.insert(sizeChartRows)
          .values({
            productId: product.id,
            size: row.size,
            position,
            ...zoneColumnsOf(row.body),
            finishedBustMm: row.finished.bust,
            finishedWaistMm: row.finished.waist,
            finishedHipMm: row.finished.hip,
          });
      }
      await tx.update(products).set({ sizeChartUnit: input.unit, madeToMeasure: input.madeToMeasure }).where(eq(products.id, product.id));
    },
    { behavior: "immediate" },
  );
  return { ok: true };
}

/** What saveSizeChart would refuse in a chart for this design (the caller has checked it is the seller's own). */
export async function sizeChartProblems(
  { db }: { db: Db },
  product: { id: number; type: string },
  input: Pick<SaveSizeChartInput, "rows" | "madeToMeasure">,
): Promise<ChartProblem[]> {
  return checkSizeChart(input, await chartSizesOf({ db }, product), product.type);
}

function cellOf(row: SizeChartRow, column: ChartColumn): number | null {
  return column.startsWith("finished_") ? row.finished[column.slice("finished_".length) as keyof SizeChartRow["finished"]] : row.body[column as keyof SizeChartRow["body"]];
}

/** Every problem of a chart (pure: the sizes are given), the cells' first, in table order. */
export function checkSizeChart(input: Pick<SaveSizeChartInput, "rows" | "madeToMeasure">, allowed: ChartSizes, type: string): ChartProblem[] {
  const { rows } = input;
  const problems: ChartProblem[] = [];
  if (rows.length > MAX_CHART_SIZES) return [{ code: "too-many-sizes" }];
  if (rows.length) {
    if (allowed.kind === "free") {
      const seen = new Set<string>();
      for (const row of rows) {
        if (!row.size.trim() || row.size.length > MAX_SIZE_NAME || row.size !== row.size.trim()) problems.push({ code: "bad-size-name", size: row.size });
        else if (seen.has(row.size)) problems.push({ code: "duplicate-size", size: row.size });
        seen.add(row.size);
      }
    } else if (!allowed.sizes.length) {
      problems.push({ code: "no-sizes" });
    } else if (rows.length !== allowed.sizes.length || rows.some((row, i) => row.size !== allowed.sizes[i])) {
      problems.push({ code: "wrong-sizes", expected: allowed.sizes });
    }
    if (problems.length) return problems;
  }
  for (const column of CHART_COLUMNS) {
    const [min, max] = rangeOf(column);
    const given = rows.filter((row) => cellOf(row, column) !== null);
    if (!given.length) continue;
    let cellsOk = true;
    for (const row of rows) {
      const value = cellOf(row, column);
      if (value === null) {
        problems.push({ code: "missing-in-size", size: row.size, column });
        cellsOk = false;
      } else if (!Number.isInteger(value)) {
        problems.push({ code: "not-a-number", size: row.size, column });
        cellsOk = false;
      } else if (value < min || value > max) {
        problems.push({ code: "out-of-range", size: row.size, column });
        cellsOk = false;
      }
    }
    if (!cellsOk) continue;
    let grows = true;
    for (let i = 1; i < rows.length; i++) {
      if (cellOf(rows[i]!, column)! < cellOf(rows[i - 1]!, column)!) {
        problems.push({ code: "shrinks", size: rows[i]!.size, column });
        grows = false;
      }
    }
    if (grows && rows.length >= 2 && cellOf(rows[0]!, column) === cellOf(rows.at(-1)!, column)) problems.push({ code: "flat", column });
  }
  for (const row of rows) {
    for (const zone of FINISHED_ZONES) {
      const body = row.body[zone];
      const finished = row.finished[zone];
      if (body !== null && finished !== null && Number.isInteger(body) && Number.isInteger(finished) && finished < body) {
        problems.push({ code: "negative-ease", size: row.size, column: `finished_${zone}` });
      }
    }
  }
  if (input.madeToMeasure) {
    if (type !== "Pattern") problems.push({ code: "mtm-not-pattern" });
    else if (allowed.sizes.length < 2) problems.push({ code: "mtm-too-few-sizes" });
    else if (!rows.length || !(["bust", "waist", "hip"] as const).some((zone) => rows.every((row) => row.body[zone] !== null))) problems.push({ code: "mtm-no-girth" });
  }
  return problems;
}

/**
 * The chart as the design form sent it: cells `chart[<size>][<column>]` in the seller's unit, for the sizes the
 * form showed (the design's). Rows left wholly blank are no chart when all are blank. Not-a-number cells are problems.
 */
export function sizeChartRowsFromForm(fields: FormData, sizes: string[], unit: MeasurementUnit): { rows: SizeChartRow[]; problems: ChartProblem[] } {
  const problems: ChartProblem[] = [];
  const rows = sizes.map((size) => {
    const row: SizeChartRow = { size, body: emptyZoneValues(), finished: { bust: null, waist: null, hip: null } };
    for (const column of CHART_COLUMNS) {
      const raw = fields.get(`chart[${size}][${column}]`);
      const parsed = parseCell(typeof raw === "string" ? raw : "");
      if (parsed === "nan") {
        problems.push({ code: "not-a-number", size, column });
        continue;
      }
      const mm = parsed === null ? null : toMm(parsed, unit);
      if (column.startsWith("finished_")) row.finished[column.slice("finished_".length) as keyof SizeChartRow["finished"]] = mm;
      else row.body[column as keyof SizeChartRow["body"]] = mm;
    }
    return row;
  });
  const blank = rows.every((row) => CHART_COLUMNS.every((column) => cellOf(row, column) === null));
  return { rows: blank && !problems.length ? [] : rows, problems };
}

/**
 * The chart as `update-product`'s `size_chart_table` gives it: [{size, <zone>, finished_<zone>}] in whole mm, null or
 * absent where not given. A shape error is one message (400 {error}).
 */
export function sizeChartRowsFromJson(table: unknown): { ok: true; rows: SizeChartRow[] } | { ok: false; message: string } {
  if (!Array.isArray(table)) return { ok: false, message: "size_chart_table must be an array of rows ([] clears the chart)" };
  if (table.length > MAX_CHART_SIZES) return { ok: false, message: `A size chart can have at most ${MAX_CHART_SIZES} sizes.` };
  const rows: SizeChartRow[] = [];
  for (const [i, item] of table.entries()) {
    if (typeof item !== "object" || item === null || Array.isArray(item)) return { ok: false, message: `size_chart_table[${i}] must be an object` };
    const entry = item as Record<string, unknown>;
    if (typeof entry.size !== "string") return { ok: false, message: `size_chart_table[${i}].size must be a string` };
    const unknown = Object.keys(entry).find((key) => key !== "size" && !(CHART_COLUMNS as string[]).includes(key));
    if (unknown) return { ok: false, message: `size_chart_table[${i}].${unknown} is not a size chart column` };
    const row: SizeChartRow = { size: entry.size, body: emptyZoneValues(), finished: { bust: null, waist: null, hip: null } };
    for (const column of CHART_COLUMNS) {
      const value = entry[column];
      if (value === undefined || value === null) continue;
      if (typeof value !== "number" || !Number.isInteger(value)) {
        return { ok: false, message: `Size ${entry.size}, ${column}: a whole number of millimetres or null` };
      }
      if (column.startsWith("finished_")) row.finished[column.slice("finished_".length) as keyof SizeChartRow["finished"]] = value;
      else row.body[column as keyof SizeChartRow["body"]] = value;
    }
    rows.push(row);
  }
  return { ok: true, rows };
}

/** What an update-product call asks of the chart: nothing (all three keys absent) or a chart to save. */
export type SizeChartRequest = { unit: MeasurementUnit; madeToMeasure: boolean; rows: SizeChartRow[] };

/**
 * The chart keys of update-product's `product` object (`size_chart_table`, `size_chart_unit`, `made_to_measure`):
 * null when none is given; a key left out keeps what is stored. A shape error is one message.
 */
export async function sizeChartRequestFromJson(
  { db }: { db: Db },
  productId: number | null,
  p: Record<string, unknown>,
): Promise<{ ok: true; request: SizeChartRequest | null } | { ok: false; message: string; field: string }> {
  if (!("size_chart_table" in p) && !("size_chart_unit" in p) && !("made_to_measure" in p)) return { ok: true, request: null };
  const stored = productId ? await getSizeChart({ db }, productId) : null;
  let rows = stored?.rows ?? [];
  if ("size_chart_table" in p) {
    const table = sizeChartRowsFromJson(p.size_chart_table);
    if (!table.ok) return { ok: false, message: table.message, field: "size_chart_table" };
    rows = table.rows;
  }
  const unit = p.size_chart_unit ?? stored?.unit ?? "cm";
  if (!(MEASUREMENT_UNITS as readonly unknown[]).includes(unit)) return { ok: false, message: 'size_chart_unit must be "cm" or "in"', field: "size_chart_unit" };
  const madeToMeasure = p.made_to_measure ?? stored?.madeToMeasure ?? false;
  if (typeof madeToMeasure !== "boolean") return { ok: false, message: "made_to_measure must be true or false", field: "made_to_measure" };
  return { ok: true, request: { unit: unit as MeasurementUnit, madeToMeasure, rows } };
}

/** The first problem as the JSON face says it: the message names the cell; `field` is its place in the table. */
export function chartProblemJson(problems: ChartProblem[], rows: SizeChartRow[], unit: MeasurementUnit): { message: string; field: string } {
  const problem = problems[0]!;
  const message = chartProblemMessage(problem, unit);
  if ("size" in problem && "column" in problem) {
    const index = rows.findIndex((row) => row.size === problem.size);
    return { message, field: `size_chart_table[${index}].${problem.column}` };
  }
  return { message, field: problem.code.startsWith("mtm-") ? "made_to_measure" : "size_chart_table" };
}
