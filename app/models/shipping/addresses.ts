/**
 * A postal address as snapshotted on an order (`orders.shipping_info`, spec 3 shippingInfo) or read from a
 * seller's profile or the platform settings (printed patterns ship from there), in the snake_case field names of
 * the JSON contract. The order snapshot has first/last name; the platform address has a shipping_name.
 */
export type Address = {
  shipping_name?: string;
  first_name?: string;
  last_name?: string;
  street: string;
  street2?: string;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  phone?: string;
  email?: string;
};

const clean = (value: string | undefined | null) => (value ?? "").replace(/\s+/g, " ").trim();

/** The name to print: shipping_name when set, else "first last". */
export function addresseeName(a: Address): string {
  return clean(a.shipping_name) || clean(`${a.first_name ?? ""} ${a.last_name ?? ""}`);
}

/** The fields a parcel cannot travel without, by name, for an error message. */
export function missingAddressFields(a: Address): string[] {
  const missing: string[] = [];
  if (!addresseeName(a)) missing.push("name");
  if (!clean(a.street)) missing.push("street");
  if (!clean(a.city)) missing.push("city");
  if (!clean(a.postal_code)) missing.push("postal code");
  if (!clean(a.country)) missing.push("country");
  return missing;
}

/** The lines of an address as printed: name, street, street2, "City, ST 90001", country, phone. */
export function addressLines(a: Address): string[] {
  const cityLine = [clean(a.city), [clean(a.state), clean(a.postal_code)].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  const phone = clean(a.phone);
  return [addresseeName(a), clean(a.street), clean(a.street2), cityLine, clean(a.country).toUpperCase(), phone ? `Tel. ${phone}` : ""].filter(
    Boolean,
  );
}

/** Both ends of a parcel must be complete before a label is made. */
export function checkLabelAddresses({ from, to }: { from: Address; to: Address }):
  | { error: "incomplete-from-address" | "incomplete-to-address"; message: string }
  | null {
  const fromMissing = missingAddressFields(from);
  if (fromMissing.length > 0) {
    return { error: "incomplete-from-address", message: `The sender's address is missing: ${fromMissing.join(", ")}.` };
  }
  const toMissing = missingAddressFields(to);
  if (toMissing.length > 0) {
    return { error: "incomplete-to-address", message: `The shipping address is missing: ${toMissing.join(", ")}.` };
  }
  return null;
}
