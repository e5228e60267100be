/**
 * Parcel sizes of spec section 9. A seller picks one per product; a label is sized and weighed from it.
 * Weights are whole ounces (EasyPost's unit); dimensions are inches.
 */
export const PARCEL_SIZE_NAMES = ["Small", "Medium", "Large"] as const;
export type ParcelSize = (typeof PARCEL_SIZE_NAMES)[number];

export type ParcelLimits = {
  /** Maximum weight in ounces (1 lb = 16 oz). */
  maxWeightOz: number;
  /** Maximum weight as the spec writes it. */
  maxWeightText: string;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
};

export const PARCEL_LIMITS: Readonly<Record<ParcelSize, Readonly<ParcelLimits>>> = {
  Small: { maxWeightOz: 16, maxWeightText: "1 lb", lengthIn: 10, widthIn: 10, heightIn: 10 },
  Medium: { maxWeightOz: 40, maxWeightText: "2.5 lb", lengthIn: 15, widthIn: 15, heightIn: 15 },
  Large: { maxWeightOz: 80, maxWeightText: "5 lb", lengthIn: 20, widthIn: 20, heightIn: 20 },
};

export function isParcelSize(value: unknown): value is ParcelSize {
  return typeof value === "string" && (PARCEL_SIZE_NAMES as readonly string[]).includes(value);
}

/** "Small: up to 1 lb, 10x10x10 in" */
export function describeParcel(size: ParcelSize): string {
  const p = PARCEL_LIMITS[size];
  return `${size}: up to ${p.maxWeightText}, ${p.lengthIn}x${p.widthIn}x${p.heightIn} in`;
}
