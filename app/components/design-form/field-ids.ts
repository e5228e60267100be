/** A design form control's id: the error list at the top links to it (`#design-<field name>`). */
export function designFieldId(name: string): string {
  return `design-${name}`;
}

const DESIGN_FIELD_LABELS: Record<string, string> = {
  name: "Name",
  desc: "Description",
  price: "Price",
  type: "Availability",
  category1: "Category",
  category2: "Subcategory",
  terms: "Terms & Conditions",
  media: "Images or videos",
  sizeChart: "Size chart image",
  delivery: "Delivery",
  pattern: "Pattern file (DXF)",
  pattern_note: "Change note",
  parcel_size: "Parcel size",
};
const VARIANT_COLUMNS: Record<string, string> = { value: "Size", sku: "SKU", inventory: "Quantity" };

/** The name the error list gives a field (its label), or null for one it does not link to. */
export function designFieldLabel(key: string): string | null {
  const row = /^variants\[(\d+)\]\.(value|sku|inventory)$/.exec(key);
  if (row) return `${VARIANT_COLUMNS[row[2]!]} ${Number(row[1]) + 1}`;
  return DESIGN_FIELD_LABELS[key] ?? null;
}
