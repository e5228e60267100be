/**
 * Makes' plain facts (issue 37): the fit zones and answers with their labels, the photo limit and the gallery's page
 * size. Apart from app/schemas/makes.ts so the product page's gallery and the make form take them without zod
 * (13 KB gzipped on every product page: tests/e2e/api-page-weight.spec.ts).
 */
export const MAX_MAKE_PHOTOS = 6;
export const MAKE_FIT_ZONES = ["bust", "waist", "hip", "length"] as const;
export type MakeFitZone = (typeof MAKE_FIT_ZONES)[number];
export const MAKE_FIT_VALUES = ["tight", "right", "loose"] as const;
export type MakeFitValue = (typeof MAKE_FIT_VALUES)[number];
export type MakeFits = Record<MakeFitZone, MakeFitValue | null>;

/**
 * The answers' labels per zone: a length is too short / right / too long (issue 46, item 11), stored as tight / right
 * / loose like the other zones (the JSON calls take and give those values for every zone).
 */
const AROUND: Record<MakeFitValue, string> = { tight: "Too tight", right: "Right", loose: "Too loose" };
export const MAKE_FIT_LABELS: Record<MakeFitZone, Record<MakeFitValue, string>> = {
  bust: AROUND,
  waist: AROUND,
  hip: AROUND,
  length: { tight: "Too short", right: "Right", loose: "Too long" },
};
export const MAKE_ZONE_LABELS: Record<MakeFitZone, string> = { bust: "Bust", waist: "Waist", hip: "Hip", length: "Length" };
/** Makes per page of a gallery (product page, store page, /my-makes and the JSON list). */
export const MAKES_PER_PAGE = 12;
