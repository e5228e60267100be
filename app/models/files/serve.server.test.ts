import { describe, expect, it } from "vitest";

import { isValidFileName, uploadPath } from "~/models/files/store.server";
import { parseRange } from "~/models/files/serve.server";

describe("parseRange", () => {
  it("reads a closed, an open and a suffix range", () => {
    expect(parseRange("bytes=0-99", 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=900-", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange("bytes=990-5000", 1000)).toEqual({ start: 990, end: 999 });
  });

  it("refuses ranges outside the file", () => {
    expect(parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=50-10", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(parseRange("bytes=abc", 1000)).toBe("unsatisfiable");
  });

  it("ignores absent, foreign-unit and multi-part ranges (the whole file is sent)", () => {
    expect(parseRange(null, 1000)).toBeNull();
    expect(parseRange("items=0-5", 1000)).toBeNull();
    expect(parseRange("bytes=0-5,10-20", 1000)).toBeNull();
  });
});

describe("file names", () => {
  it("accepts only random hex names with a short extension", () => {
    expect(isValidFileName("0123456789abcdef0123456789abcdef.webp")).toBe(true);
    expect(isValidFileName("0123456789abcdef0123456789abcdef.mp4")).toBe(true);
    for (const bad of ["../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "0123456789abcdef0123456789abcdef", "0123456789ABCDEF0123456789abcdef.png", "0123456789abcdef0123456789abcdef.png/..", ".htaccess", ""]) {
      expect(isValidFileName(bad), bad).toBe(false);
      expect(uploadPath(bad, "/data")).toBeNull();
    }
    expect(uploadPath("0123456789abcdef0123456789abcdef.png", "/data")).toBe("/data/uploads/0123456789abcdef0123456789abcdef.png");
  });
});
