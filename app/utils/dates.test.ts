import { describe, expect, it } from "vitest";

import { formatMessageDate, isoDay, isoMinute, timeAgo } from "./dates";

describe("message dates", () => {
  it("formats DD/MM/YYYY HH:mm (UTC on the server)", () => {
    expect(formatMessageDate(new Date(Date.UTC(2026, 0, 5, 7, 3)))).toBe("05/01/2026 07:03");
    expect(formatMessageDate("2026-11-23T23:59:59.999Z")).toBe("23/11/2026 23:59");
  });

  it("relative times", () => {
    const now = Date.UTC(2026, 10, 23, 12, 0, 0);
    expect(timeAgo(now - 30_000, now)).toBe("just now");
    expect(timeAgo(now - 60_000, now)).toBe("1 minute ago");
    expect(timeAgo(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(timeAgo(now - 3 * 3600_000, now)).toBe("3 hours ago");
    expect(timeAgo(now - 24 * 3600_000, now)).toBe("1 day ago");
    expect(timeAgo(now - 14 * 24 * 3600_000, now)).toBe("2 weeks ago");
    expect(timeAgo(now - 400 * 24 * 3600_000, now)).toBe("1 year ago");
  });
});

describe("the one date helper of the screens and the JSON views (issue 20, item 3)", () => {
  it("a day is YYYY-MM-DD and a minute YYYY-MM-DD HH:mm, both in UTC; no date is null", () => {
    const date = new Date(Date.UTC(2026, 10, 23, 23, 59, 59, 999));
    expect(isoDay(date)).toBe("2026-11-23");
    expect(isoMinute(date)).toBe("2026-11-23 23:59");
    expect(isoDay(null)).toBeNull();
    expect(isoMinute(undefined)).toBeNull();
  });
});
