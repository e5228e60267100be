/**
 * Platform settings for the administrator (spec 2.5 /admin/settings, spec 3 read names, spec 7.4 save names).
 * Money is kept in cents and percentages in basis points; the JSON shows dollars and percent. New settings apply
 * to sales from then on: every order stores its own fee when it is paid (fulfilment), so old orders keep theirs.
 */
import { eq } from "drizzle-orm";

import { platformSettings, type PlatformSettings } from "../../../db/tables";
import type { SaveSettingsInput } from "~/schemas/admin";
import { type Db, transaction } from "~/utils/db.server";
import { centsToDollars } from "~/utils/money";
import { getPlatformSettings } from "~/models/platform/settings.server";
import { changes, recordAudit } from "../platform/audit.server";
import { RATES_SOURCE } from "~/models/tax/rates.server";
import { parseVatNumber } from "~/models/tax/vat-number.server";
import { getStripe } from "~/models/payments/providers.server";

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
    contact_email: s.contactEmail,
    tax_mode: s.taxMode,
    platform_legal_name: s.legalName,
    platform_address: s.legalAddress,
    platform_vat_number: s.vatNumber,
    vies_check: s.viesCheck ? "1" : "0",
    tax_rates: `${RATES_SOURCE.package} ${RATES_SOURCE.version}, rates as of ${RATES_SOURCE.date}`,
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
    contact_email: s.contactEmail,
    tax_mode: s.taxMode,
    platform_legal_name: s.legalName,
    platform_address: s.legalAddress,
    platform_vat_number: s.vatNumber,
    vies_check: s.viesCheck ? "1" : "0",
  };
}

export type SaveSettingsError = "stripe-not-configured" | "invalid-vat-number";

/** Which form field shows each refusal of saveSettings. */
export const SAVE_SETTINGS_ERROR_FIELDS: Record<SaveSettingsError, "tax_mode" | "platform_vat_number"> = {
  "stripe-not-configured": "tax_mode",
  "invalid-vat-number": "platform_vat_number",
};

export async function getAdminSettings({ db }: { db: Db }): Promise<PlatformSettings> {
  return await getPlatformSettings({ db });
}

/**
 * Saves the whole settings row (spec 7.4 save-settings) and records what changed. Tax fields a client leaves out keep
 * their stored value. Stripe Tax needs Stripe; the platform's VAT number, when given, must be a well-formed one.
 */
export async function saveSettings({
  db,
  adminId,
  input,
  now = new Date(),
}: {
  db: Db;
  adminId: number;
  input: SaveSettingsInput;
  now?: Date;
}): Promise<{ ok: true; settings: PlatformSettings } | { ok: false; error: SaveSettingsError }> {
  if (input.tax_mode === "stripe" && !getStripe()) return { ok: false, error: "stripe-not-configured" };
  const vatNumber = input.platform_vat_number ? parseVatNumber(input.platform_vat_number) : null;
  if (input.platform_vat_number && !vatNumber) return { ok: false, error: "invalid-vat-number" };
  return { ok: true, settings: await writeSettings({ db, adminId, input: { ...input, platform_vat_number: vatNumber?.value ?? input.platform_vat_number }, now }) };
}

async function writeSettings({ db, adminId, input, now }: { db: Db; adminId: number; input: SaveSettingsInput; now: Date }): Promise<PlatformSettings> {
  return await transaction(db,
    async (tx) => {
      const before = await getPlatformSettings({ db: tx });
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
        ...(input.contact_email !== undefined && { contactEmail: input.contact_email }),
        ...(input.tax_mode !== undefined && { taxMode: input.tax_mode }),
        ...(input.platform_legal_name !== undefined && { legalName: input.platform_legal_name }),
        ...(input.platform_address !== undefined && { legalAddress: input.platform_address }),
        ...(input.platform_vat_number !== undefined && { vatNumber: input.platform_vat_number }),
        ...(input.vies_check !== undefined && { viesCheck: input.vies_check === "1" }),
      };
      const after = (await tx.update(platformSettings).set(values).where(eq(platformSettings.id, 1)).returning())[0];
      const changed = changes(before as unknown as Record<string, unknown>, values);
      if (Object.keys(changed).length > 0) {
        await recordAudit(tx, { adminId, action: "save-settings", targetType: "settings", targetId: 1, details: { changes: changed }, now });
      }
      return after;
    },
    { behavior: "immediate" },
  );
}
