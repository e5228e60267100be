/** The JSON faces of fit data (decision 111): the same snake_case keys in the profile calls and the export. */
import { FIT_ZONES, type Measurements, type SizeChartRow } from "~/utils/measurements";

export type MeasurementsJson = { unit: Measurements["unit"] } & Record<(typeof FIT_ZONES)[number], number | null>;

/** A buyer's measurements as the JSON calls show them: millimetres, null when unknown. */
export function measurementsJson(m: Measurements): MeasurementsJson {
  const out = { unit: m.unit } as MeasurementsJson;
  for (const zone of FIT_ZONES) out[zone] = m[zone];
  return out;
}

/** One size chart row as `size_chart_table` shows it: body zones, then `finished_<zone>`, millimetres or null. */
export function sizeChartRowJson(row: SizeChartRow): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = { size: row.size };
  for (const zone of FIT_ZONES) out[zone] = row.body[zone];
  for (const [zone, value] of Object.entries(row.finished)) out[`finished_${zone}`] = value;
  return out;
}
