/**
 * Platform settings for the administrator (spec 2.5 /admin/settings, spec 3 read names, spec 7.4 save names).
 * Money is kept in cents and percentages in basis points; the JSON shows dollars and percent. New settings apply
 * to sales from then on: every order stores its own fee when it is paid (fulfilment), so old orders keep theirs.
 */
import { eq } from "drizzle-orm";

import { platformSettings, type PlatformSettings } from "../../../db/schema";
import type { SaveSettingsInput } from "~/schemas/admin";
import type { Db } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { changes, recordAudit } from "./audit.server";

const percent = (bp: number) => bp / 100;

/** Spec 3, Platform settings, read names. */
export function toSettingsJson(s: PlatformSettings) {
  return {
    pss: centsToDollars(s.pssCents),
    margin: percent(s.marginBp),
    min_fee: centsToDollars(s.minFeeCents),
    margin_paper_pattern: percent(s.marginPatternBp),
    min_fee_paper_pattern: centsToDollars(s.minFeePatternCents),
    flat_fee: centsToDollars(s.flatFeeCents),
    auto_approve_transfers: s.autoApproveTransfers ? "1" : "0",
    shipping_name: s.shippingName,
    street: s.street,
    street2: s.street2,
    city: s.city,
    postal_code: s.postalCode,
    state: s.state,
    phone: s.phone,
    email: s.email,
    country: s.country,
  };
}

/** The settings as the form's fields (save names, text as typed). */
export function toSettingsForm(s: PlatformSettings): Record<keyof SaveSettingsInput, string> {
  const money = (c: number) => (c / 100).toFixed(2);
  const pct = (bp: number) => String(bp / 100);
  return {
    margin: pct(s.marginBp),
    min_fee: money(s.minFeeCents),
    margin_pattern: pct(s.marginPatternBp),
    min_fee_pattern: money(s.minFeePatternCents),
    auto_approve_transfers: s.autoApproveTransfers ? "1" : "0",
    flat_fee: money(s.flatFeeCents),
    pss: money(s.pssCents),
    shipping_name: s.shippingName,
    shipping_street: s.street,
    shipping_street2: s.street2,
    shipping_city: s.city,
    shipping_zip: s.postalCode,
    shipping_state: s.state,
    shipping_phone: s.phone,
    shipping_email: s.email,
    shipping_country: s.country,
  };
}

export function getAdminSettings({ db }: { db: Db }): PlatformSettings {
  return getPlatformSettings({ db });
}

/** Saves the whole settings row (spec 7.4 save-settings) and records what changed. */
export function saveSettings({ db, adminId, input, now = new Date() }: { db: Db; adminId: number; input: SaveSettingsInput; now?: Date }): PlatformSettings {
  return db.transaction(
    (tx) => {
      const before = getPlatformSettings({ db: tx });
      const values = {
        marginBp: input.margin,
        minFeeCents: input.min_fee,
        marginPatternBp: input.margin_pattern,
        minFeePatternCents: input.min_fee_pattern,
        autoApproveTransfers: input.auto_approve_transfers === "1",
        flatFeeCents: input.flat_fee,
        pssCents: input.pss,
        shippingName: input.shipping_name,
        street: input.shipping_street,
        street2: input.shipping_street2,
        city: input.shipping_city,
        postalCode: input.shipping_zip,
        state: input.shipping_state,
        phone: input.shipping_phone,
        email: input.shipping_email,
        country: input.shipping_country,
      };
      const after = tx.update(platformSettings).set(values).where(eq(platformSettings.id, 1)).returning().get();
      const changed = changes(before as unknown as Record<string, unknown>, values);
      if (Object.keys(changed).length > 0) {
        recordAudit(tx, { adminId, action: "save-settings", targetType: "settings", targetId: 1, details: { changes: changed }, now });
      }
      return after;
    },
    { behavior: "immediate" },
  );
}
