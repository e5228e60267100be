import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";

import { AuditLog } from "./audit-log";
import { SaveSettingsSchema } from "~/schemas/admin";

describe("the audit log (issue 46 item 21)", () => {
  it("shows a changed address's line breaks as line breaks, never as the characters \\r\\n", () => {
    const entry = {
      id: 1,
      action: "save-settings",
      adminEmail: "admin@x.test",
      createdAt: "2026-12-01T20:00:00.000Z",
      details: { changes: { legalAddress: { from: "1 Old St\r\nDublin", to: "2 New St\nCork" }, marginBp: { from: 1500, to: 1200 } } },
    };
    const html = renderToStaticMarkup(<AuditLog entries={[entry]} />);
    expect(html).not.toContain("\\r");
    expect(html).not.toContain("\\n");
    expect(html).toContain("legalAddress: &quot;1 Old St\nDublin&quot; → &quot;2 New St\nCork&quot;\nmarginBp: 1500 → 1200");
    expect(html).toContain("whitespace-pre-line");
  });

  it("the settings form stores an address's \\r\\n as \\n", () => {
    const form = { margin: "15", min_fee: "2", margin_pattern: "10", min_fee_pattern: "1", auto_approve_transfers: "0", flat_fee: "5", pss: "10" };
    const place = { shipping_name: "S", shipping_street: "1 St", shipping_city: "LA", shipping_zip: "90021", shipping_state: "CA", shipping_email: "s@x.test", shipping_country: "US" };
    const parsed = SaveSettingsSchema.parse({ ...form, ...place, platform_address: "1 Old St\r\nDublin\r\nIreland" });
    expect(parsed.platform_address).toBe("1 Old St\nDublin\nIreland");
  });
});
