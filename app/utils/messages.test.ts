import { describe, expect, it } from "vitest";

import { tooManyAttemptsText } from "~/utils/messages";

describe("the login limit's message", () => {
  it("names the configured window", () => {
    expect(tooManyAttemptsText(15)).toBe("Too many failed login attempts. Please wait 15 minutes and try again.");
    expect(tooManyAttemptsText(60)).toBe("Too many failed login attempts. Please wait 60 minutes and try again.");
    expect(tooManyAttemptsText(1)).toBe("Too many failed login attempts. Please wait 1 minute and try again.");
  });
});
