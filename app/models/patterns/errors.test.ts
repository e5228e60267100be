import { describe, expect, it } from "vitest";

import { orPatternWorkFailure, patternWorkFailure } from "./errors";
import { PatternBusyError, PatternLimitError } from "./pool.server";

describe("answers when the pattern pool cannot do the work", () => {
  it("a full pool is a 503 with Retry-After, a task over its limit a 503 that says why", () => {
    expect(patternWorkFailure(new PatternBusyError())).toEqual({
      status: 503,
      message: "Pattern files are being prepared for many people right now. Please try again in a few seconds.",
      headers: { "Retry-After": "10", "Cache-Control": "no-store" },
    });
    expect(patternWorkFailure(new PatternLimitError("time", "it took longer than 30 seconds"))).toMatchObject({
      status: 503,
      message: "This pattern file could not be prepared: it took longer than 30 seconds. Please try again later, or choose fewer sizes.",
      headers: { "Retry-After": "60" },
    });
    const full = Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    expect(patternWorkFailure(full)).toMatchObject({ status: 503, message: "This file cannot be prepared right now. Please try again later." });
    expect(patternWorkFailure(new Error("anything else"))).toBeNull();
  });

  it("a route's work becomes a thrown plain-text 503; other errors pass through", async () => {
    const thrown = await orPatternWorkFailure(Promise.reject(new PatternBusyError())).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(503);
    expect((thrown as Response).headers.get("Retry-After")).toBe("10");
    await expect(orPatternWorkFailure(Promise.reject(new TypeError("bug")))).rejects.toThrow("bug");
    await expect(orPatternWorkFailure(Promise.resolve(7))).resolves.toBe(7);
  });
});
