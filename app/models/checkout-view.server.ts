import { productTypeLabel } from "../utils/catalog";
import type { Db } from "../utils/db.server";
import { getOwnCheckout } from "./checkout.server";
import { selectCheckoutLines } from "./fulfilment.server";
import type { Profile } from "./profile.server";

/** The summary of one of the buyer's checkouts: lines, amounts, address (another user's is not found). */
export function getCheckoutSummary({ db, userId, checkoutId }: { db: Db; userId: number; checkoutId: number }) {
  const checkout = getOwnCheckout({ db, userId, checkoutId });
  if (!checkout) return undefined;
  const lines = selectCheckoutLines(db, checkoutId).map(({ line, product, variant }) => ({
      id: line.id,
      name: product.name,
      typeLabel: productTypeLabel(product.type, product.delivery),
      variant: variant ? `${variant.name}: ${variant.value}` : null,
      quantity: line.quantity,
      lineCents: line.unitPriceCents * line.quantity,
    }));
  return {
    id: checkout.id,
    provider: checkout.provider,
    status: checkout.status,
    url: checkout.url,
    subtotalCents: checkout.subtotalCents,
    shippingCents: checkout.shippingCents,
    totalCents: checkout.totalCents,
    expiresAt: checkout.expiresAt.toISOString(),
    address: JSON.parse(checkout.shippingAddress) as Profile & { email: string },
    lines,
  };
}
export type CheckoutSummary = NonNullable<ReturnType<typeof getCheckoutSummary>>;
