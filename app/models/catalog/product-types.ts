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

/** Stock is tracked for apparel variants only; patterns have no stock limit (design notes, Orders). */
export function tracksStock(type: ProductType): boolean {
  return type !== "Pattern";
}
