import { describe, expect, it } from "vitest";

import { createFailureLimiter } from "~/utils/rate-limit.server";

const WINDOW = 15 * 60 * 1000;
const T0 = 1_900_000_000_000;

describe("createFailureLimiter", () => {
  it("blocks after max failures within the window", () => {
    const limiter = createFailureLimiter({ max: 3, windowMs: WINDOW });
    expect(limiter.isBlocked("a", T0)).toBe(false);
    limiter.fail("a", T0);
    limiter.fail("a", T0 + 1000);
    expect(limiter.isBlocked("a", T0 + 2000)).toBe(false);
    limiter.fail("a", T0 + 2000);
    expect(limiter.isBlocked("a", T0 + 2000)).toBe(true);
    expect(limiter.isBlocked("a", T0 + WINDOW - 1)).toBe(true);
    // Keys are independent.
    expect(limiter.isBlocked("b", T0 + 2000)).toBe(false);
  });

  it("unblocks once the window has passed", () => {
    const limiter = createFailureLimiter({ max: 2, windowMs: WINDOW });
    limiter.fail("a", T0);
    limiter.fail("a", T0 + 10);
    expect(limiter.isBlocked("a", T0 + 10)).toBe(true);
    expect(limiter.isBlocked("a", T0 + WINDOW)).toBe(false);
    // A new window starts from scratch.
    limiter.fail("a", T0 + WINDOW + 1);
    expect(limiter.isBlocked("a", T0 + WINDOW + 1)).toBe(false);
  });

  it("does not block when failures are spread over separate windows", () => {
    const limiter = createFailureLimiter({ max: 2, windowMs: WINDOW });
    limiter.fail("a", T0);
    limiter.fail("a", T0 + WINDOW + 1);
    expect(limiter.isBlocked("a", T0 + WINDOW + 2)).toBe(false);
  });

  it("reset clears the key", () => {
    const limiter = createFailureLimiter({ max: 1, windowMs: WINDOW });
    limiter.fail("a", T0);
    limiter.fail("b", T0);
    expect(limiter.isBlocked("a", T0)).toBe(true);
    limiter.reset("a");
    expect(limiter.isBlocked("a", T0)).toBe(false);
    expect(limiter.isBlocked("b", T0)).toBe(true);
  });

  it("uses the current time by default", () => {
    const limiter = createFailureLimiter({ max: 1, windowMs: WINDOW });
    limiter.fail("a");
    expect(limiter.isBlocked("a")).toBe(true);
    expect(limiter.isBlocked("a", Date.now() + WINDOW + 1)).toBe(false);
  });
});
