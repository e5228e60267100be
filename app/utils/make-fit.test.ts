import { describe, expect, it } from "vitest";

import { MAKE_FIT_LABELS, MAKE_FIT_ZONES } from "~/utils/make-fit";

describe("a make's fit answers", () => {
  it("ask whether the length was too short, right or too long, never too tight (issue 46, item 11)", () => {
    expect(MAKE_FIT_LABELS.length).toEqual({ tight: "Too short", right: "Right", loose: "Too long" });
    for (const zone of MAKE_FIT_ZONES.filter((z) => z !== "length")) expect(MAKE_FIT_LABELS[zone]).toEqual({ tight: "Too tight", right: "Right", loose: "Too loose" });
  });
});
