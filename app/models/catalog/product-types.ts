import type { Delivery, ProductType } from "~/utils/catalog";

/** The delivery line of a cart row or order item (spec 2.3, 9: printed items ship from Los Angeles). */
export function deliveryLine(type: ProductType, delivery: Delivery | null | undefined): string {
  if (type === "Pattern") {
    return delivery === "Print"
      ? "Printed and shipped from Los Angeles in 3 working days (US only)"
      : "Instant download (DXF) after payment";
  }
  return type === "Made" ? "Made to order, ships from the seller in 3 working days" : "Ships from the seller in 3 working days";
}

/**
 * Where the platform ships printed patterns (spec: "Print delivery ... US only"; issue 46 item 4): a buyer whose
 * address is in another country cannot check a printed pattern out. A visitor, or a profile without a country yet,
 * is not refused before the address is known.
 */
export const PRINT_SHIPS_TO = "US";
export function printShipsTo(country: string | null | undefined): boolean {
  return !country || country === PRINT_SHIPS_TO;
}

/** Stock is tracked for apparel variants only; patterns have no stock limit (design notes, Orders). */
export function tracksStock(type: ProductType): boolean {
  return type !== "Pattern";
}
