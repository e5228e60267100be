import { z } from "zod";

/** Spec 5, Shipping dialog: the carriers a seller or administrator may choose. */
export const CARRIERS = ["USPS", "UPS", "FedEx", "DHL", "Other"] as const;
export type Carrier = (typeof CARRIERS)[number];

/** The ship form (HTML) and POST /api/user/ship-order {id, tracking, carrier}: tracking and carrier required. */
export const ShipSchema = z.object({
  tracking: z
    .string({ required_error: "Tracking number is required" })
    .trim()
    .min(1, "Tracking number is required")
    .max(64, "The tracking number is too long (64 characters at most)")
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, "Use letters, digits, spaces and dashes only"),
  carrier: z.enum(CARRIERS, {
    errorMap: (issue) => ({
      message: issue.code === "invalid_type" ? "Carrier is required" : "Choose a carrier: USPS, UPS, FedEx, DHL or Other",
    }),
  }),
});

export const ApiShipSchema = ShipSchema.extend({
  id: z.coerce.number({ invalid_type_error: "Invalid id" }).int().positive(),
});

/** The carrier's public tracking page for a number; Other carriers have none we can build. */
export function trackingUrl(carrier: Carrier, tracking: string): string | null {
  const n = encodeURIComponent(tracking.replace(/\s+/g, ""));
  switch (carrier) {
    case "USPS":
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${n}`;
    case "UPS":
      return `https://www.ups.com/track?tracknum=${n}`;
    case "FedEx":
      return `https://www.fedex.com/fedextrack/?trknbr=${n}`;
    case "DHL":
      return `https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`;
    default:
      return null;
  }
}

/** The seller's order list filter (spec 2.4 /my-orders): all, Pending, Shipped, Refunded. */
export const ORDER_FILTERS = ["Pending", "Shipped", "Refunded"] as const;
