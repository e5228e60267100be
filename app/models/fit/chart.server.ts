/** Reading a design's size chart and a buyer's measurements (decision 111); the forms that write them live beside. */
import { asc, eq, sql } from "drizzle-orm";
import { preparedQuery, type Db } from "~/utils/db.server";
import { products, sizeChartRows, userMeasurements } from "../../../db/tables";
import { emptyZoneValues, type Measurements, type SizeChart, type ZoneValues } from "~/utils/measurements";

type ZoneColumns = {
  heightMm: number | null;
  highBustMm: number | null;
  bustMm: number | null;
  waistMm: number | null;
  hipMm: number | null;
  inseamMm: number | null;
  armMm: number | null;
};

export function zoneValuesOf(row: ZoneColumns): ZoneValues {
  return {
    height: row.heightMm,
    high_bust: row.highBustMm,
    bust: row.bustMm,
    waist: row.waistMm,
    hip: row.hipMm,
    inseam: row.inseamMm,
    arm: row.armMm,
  };
}

export function zoneColumnsOf(values: ZoneValues): ZoneColumns {
  return {
    heightMm: values.height,
    highBustMm: values.high_bust,
    bustMm: values.bust,
    waistMm: values.waist,
    hipMm: values.hip,
    inseamMm: values.inseam,
    armMm: values.arm,
  };
}

// Read on every product page view (the chart and the size advice): prepared once per database.
const chartProductQuery = preparedQuery("chart_product", (db) =>
  db
    .select({ unit: products.sizeChartUnit, madeToMeasure: products.madeToMeasure })
    .from(products)
    .where(eq(products.id, sql.placeholder("productId")))
);
const chartRowsQuery = preparedQuery("chart_rows", (db) =>
  db
    .select()
    .from(sizeChartRows)
    .where(eq(sizeChartRows.productId, sql.placeholder("productId")))
    .orderBy(asc(sizeChartRows.position))
);
const measurementsQuery = preparedQuery("user_measurements", (db) =>
  db
    .select()
    .from(userMeasurements)
    .where(eq(userMeasurements.userId, sql.placeholder("userId")))
);

/** The design's size chart (no rows: the seller has not entered one); null when the product does not exist. */
export async function getSizeChart({ db }: { db: Db }, productId: number): Promise<SizeChart | null> {
  const product = await chartProductQuery(db).get({ productId });
  if (!product) return null;
  const rows = await chartRowsQuery(db).all({ productId });
  return {
    unit: product.unit,
    madeToMeasure: product.madeToMeasure,
    rows: rows.map((row) => ({
      size: row.size,
      body: zoneValuesOf(row),
      finished: { bust: row.finishedBustMm, waist: row.finishedWaistMm, hip: row.finishedHipMm },
    })),
  };
}

/** The buyer's measurements; null when they have never saved any. */
export async function getMeasurements({ db }: { db: Db }, userId: number): Promise<Measurements | null> {
  const row = await measurementsQuery(db).get({ userId });
  if (!row) return null;
  return { unit: row.unit, ...zoneValuesOf(row) };
}

export function noMeasurements(unit: Measurements["unit"] = "cm"): Measurements {
  return { unit, ...emptyZoneValues() };
}
