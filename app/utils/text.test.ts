import { describe, expect, it } from "vitest";

import { endSentence } from "~/utils/text";

describe("endSentence", () => {
  it("ends with one full stop, never two (issue 46, item 9: 'by Camille D..')", () => {
    expect(endSentence("Camille D.")).toBe("Camille D.");
    expect(endSentence("Camille")).toBe("Camille.");
    expect(endSentence("Who?")).toBe("Who?");
  });
});
