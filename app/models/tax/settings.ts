import type { PlatformSettings } from "../../../db/tables";

export type TaxMode = PlatformSettings["taxMode"];

/** The tax modes (decision 123), as the schema's column has them. */
export const TAX_MODES = ["none", "vat", "stripe"] as const satisfies readonly TaxMode[];

/** The modes' names on the settings and health screens. */
export const TAX_MODE_LABELS: Record<TaxMode, string> = {
  none: "No tax",
  vat: "VAT on downloads (EU and UK)",
  stripe: "Stripe Tax",
};
