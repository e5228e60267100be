/**
 * A product's size chart as both faces show it (decision 113): the product page's table (the rows in one unit, the
 * columns given, and the ease) and the JSON keys of get-product and get-external-product (mm).
 */
import { getMeasurements, getSizeChart } from "./chart.server";
import { sizeChartRowJson } from "./json";
import { fromMm, type SizeChartView } from "./size-chart";
import { FINISHED_ZONES, FIT_ZONES, ZONE_LABELS, type MeasurementUnit } from "~/utils/measurements";

export type { SizeChartView };
import type { Db } from "~/utils/db.server";


/**
 * The chart in the unit asked for (`?unit=`), else the buyer's (when they keep measurements), else the seller's;
 * null when the design has no chart rows.
 */
export async function sizeChartView({ db }: { db: Db }, productId: number, viewerId: number | null, asked: string | null): Promise<SizeChartView | null> {
  const chart = await getSizeChart({ db }, productId);
  if (!chart?.rows.length) return null;
  const unit: MeasurementUnit = asked === "cm" || asked === "in" ? asked : ((viewerId ? (await getMeasurements({ db }, viewerId))?.unit : null) ?? chart.unit);
  const columns: SizeChartView["columns"] = [];
  const cells = chart.rows.map(() => ({}) as Record<string, string>);
  const add = (key: string, label: string, values: (number | null)[], sign = false) => {
    if (values.every((v) => v === null)) return;
    columns.push({ key, label });
    values.forEach((mm, i) => {
      cells[i]![key] = mm === null ? "" : `${sign && mm > 0 ? "+" : ""}${fromMm(mm, unit)}`;
    });
  };
  for (const zone of FIT_ZONES) add(zone, ZONE_LABELS[zone], chart.rows.map((r) => r.body[zone]));
  for (const zone of FINISHED_ZONES) {
    add(`finished_${zone}`, `Finished ${ZONE_LABELS[zone].toLowerCase()}`, chart.rows.map((r) => r.finished[zone]));
  }
  for (const zone of FINISHED_ZONES) {
    const ease = chart.rows.map((r) => (r.finished[zone] !== null && r.body[zone] !== null ? r.finished[zone]! - r.body[zone]! : null));
    add(`ease_${zone}`, `Ease at ${ZONE_LABELS[zone].toLowerCase()}`, ease, true);
  }
  return { unit, other: unit === "cm" ? "in" : "cm", columns, rows: chart.rows.map((r, i) => ({ size: r.size, cells: cells[i]! })) };
}

/** `size_chart_table` (mm, null where not given), `size_chart_unit` and `made_to_measure` of a product's JSON. */
export async function sizeChartJson({ db }: { db: Db }, productId: number) {
  const chart = await getSizeChart({ db }, productId);
  return {
    size_chart_table: chart?.rows.map(sizeChartRowJson) ?? [],
    size_chart_unit: chart?.unit ?? "cm",
    made_to_measure: chart?.madeToMeasure ?? false,
  };
}

/** The page's own URL with `unit` set (and the table's anchor): the toggle link, kept as a relative `?...#` href. */
export function unitToggleHref(url: string): string {
  const params = new URL(url).searchParams;
  params.delete("unit");
  const rest = params.toString();
  return `?${rest ? `${rest}&` : ""}unit=`;
}
