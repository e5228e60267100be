/**
 * The interface every label provider implements (the local PDF label, EasyPost). labels.server.ts picks one; the
 * providers import only this file, so the picker and the providers form no import circle.
 */
import type { Address } from "./addresses";
import type { ParcelSize } from "./parcels";

export type LabelInput = {
  /** The order number shown to users (orders.id). */
  orderId: number;
  from: Address;
  to: Address;
  parcelSize: ParcelSize;
  /** Sent to EasyPost as the shipment's reference; defaults to `order-<orderId>`. */
  reference?: string;
};

export type LabelErrorCode = "incomplete-from-address" | "incomplete-to-address" | "label-provider-error";

export type LabelResult =
  | {
      ok: true;
      /** The rendered label (local provider). */
      pdf?: Uint8Array;
      /** The carrier's label, hosted by the provider (EasyPost). */
      labelUrl?: string;
      contentType: string;
      trackingNumber: string | null;
      carrier: string | null;
      /** What the label cost the seller, in cents; 0 for the local label. */
      costCents: number;
      providerShipmentId?: string;
    }
  | { ok: false; error: LabelErrorCode; message: string };

export type LabelProvider = {
  name: "local" | "easypost";
  buyLabel(input: LabelInput): Promise<LabelResult>;
};
