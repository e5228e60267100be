/** Category, availability and label constants of spec section 9, shared by server and client. */
// Type-only: the tuples are defined once in db/schema.ts, and the client bundle does not pull the schema in.
import type { DELIVERIES, PARCEL_SIZES, PRODUCT_TYPES } from "../../db/tables";

export const CATEGORY1 = [
  { id: "all", label: "All" },
  { id: "women", label: "Women" },
  { id: "men", label: "Men" },
  { id: "gender-neutral", label: "Gender Neutral" },
  { id: "Teens", label: "Teens" },
  { id: "Kids", label: "Kids" },
  { id: "Pets", label: "Pets" },
  { id: "Home", label: "Home" },
] as const;

/** Design category values (everything of CATEGORY1 but All). */
export const DESIGN_CATEGORIES = CATEGORY1.filter((c) => c.id !== "all");
export type Category1 = (typeof DESIGN_CATEGORIES)[number]["id"];

export const DEFAULT_SUBCATEGORIES = [
  { id: "tops", label: "Tops" },
  { id: "pants", label: "Pants" },
  { id: "shorts", label: "Shorts" },
  { id: "dresses", label: "Dresses" },
  { id: "skirts", label: "Skirts" },
  { id: "suits", label: "Suits" },
  { id: "swimwear", label: "Swimwear" },
  { id: "sleepwear", label: "Sleepwear" },
  { id: "jackets", label: "Jackets & Coats" },
  { id: "underwear", label: "Underwear" },
  { id: "costumes", label: "Costumes" },
  { id: "accessories", label: "Accessories" },
] as const;

export const HOME_SUBCATEGORIES = [
  { id: "decor", label: "Decor" },
  { id: "kitchen", label: "Kitchen & Dining" },
  { id: "bathroom", label: "Bathroom" },
  { id: "bedding", label: "Bedding" },
  { id: "curtains", label: "Curtains & Windows" },
  { id: "floors", label: "Floors & Rugs" },
  { id: "outdoors", label: "Outdoor" },
] as const;

export const PETS_SUBCATEGORIES = [
  { id: "clothing", label: "Clothing" },
  { id: "accessories", label: "Accessories" },
] as const;

export function subcategoriesFor(category1: string) {
  if (category1 === "Home") return HOME_SUBCATEGORIES;
  if (category1 === "Pets") return PETS_SUBCATEGORIES;
  return DEFAULT_SUBCATEGORIES;
}

/** Level-3 filter: availability. The ids are the spec's. */
export const AVAILABILITIES = [
  { id: "ready_to_ship", label: "Ready-To-Ship", type: "Ready" },
  { id: "Made", label: "Made-To-Order", type: "Made" },
  { id: "Pattern", label: "Patterns", type: "Pattern" },
] as const;

export type ProductType = (typeof PRODUCT_TYPES)[number];
export type Delivery = (typeof DELIVERIES)[number];
export type ParcelSize = (typeof PARCEL_SIZES)[number];

/** The product type label of spec section 9. */
export function productTypeLabel(type: ProductType, delivery: Delivery | null | undefined): string {
  if (type === "Pattern") {
    return delivery === "Print"
      ? "Printed Pattern"
      : "Downloadable Pattern (DXF for commercial production)";
  }
  return type === "Made" ? "Made to Order Apparel" : "Ready to Ship Apparel";
}

/**
 * A downloadable (Digital) pattern is a licence, not a parcel: one per buyer, always quantity 1, never shipped, and
 * not sold again to a buyer who owns it (issue 19, item 6; decision 020). The one test of it (issue 20, item 3).
 */
export function isDownloadPattern(type: ProductType, delivery: Delivery | null | undefined): boolean {
  return type === "Pattern" && delivery === "Digital";
}

/** The status an order shows (spec 9): a downloadable pattern reads 'Ready for Download' unless it was refunded. */
export function orderStatusLabel(order: { productType: ProductType; delivery: Delivery | null | undefined; status: string }): string {
  return isDownloadPattern(order.productType, order.delivery) && order.status !== "Refunded" ? "Ready for Download" : order.status;
}

/** What each parcel size (db/schema.ts PARCEL_SIZES) may hold. */
export const PARCEL_SIZE_DETAILS: Record<ParcelSize, { maxWeight: string; maxDimensions: string }> = {
  Small: { maxWeight: "1 lb", maxDimensions: "10x10x10 in" },
  Medium: { maxWeight: "2.5 lb", maxDimensions: "15x15x15 in" },
  Large: { maxWeight: "5 lb", maxDimensions: "20x20x20 in" },
};

export const MAX_UPLOAD_BYTES = 26_214_400;
export const MAX_MEDIA = 10;

const IMAGE_EXTENSIONS = ["jpeg", "png", "jpg", "gif", "bmp", "webp"];
/** Spec 2.3: media is an image when its name ends in one of these, otherwise a muted looping video. */
export function isImageFile(name: string): boolean {
  const dot = name.lastIndexOf(".");
  const ext = dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
  return IMAGE_EXTENSIONS.includes(ext);
}

/** Spec 5: how a variant option reads. Patterns have no stock limit, so they are never out of stock. */
export function variantLabel(variant: { value: string; inventory: number }, type: ProductType): { text: string; disabled: boolean } {
  if (type === "Pattern") return { text: variant.value, disabled: false };
  if (variant.inventory <= 0) return { text: `${variant.value} (Out of Stock)`, disabled: true };
  return { text: `${variant.value} (${variant.inventory} in stock)`, disabled: false };
}
