import type { ShippingRates } from "~/models/shipping/rates";

/** A store's shipping rates in the tests: 5.00 + 2.00 at home, 15.00 + 7.00 abroad, never free. */
export const RATES: ShippingRates = {
  domesticFirstCents: 500,
  domesticAdditionalCents: 200,
  internationalFirstCents: 1500,
  internationalAdditionalCents: 700,
  freeAboveCents: null,
};
