import { describe, expect, it } from "vitest";

import { safeRedirect } from "~/utils/safe-redirect";

describe("safeRedirect", () => {
  it.each(["/", "/settings", "/purchases/paid?page=2", "/product/12#reviews", "/search?q=a%20b", "/?q=100%"])(
    "keeps the local path %j",
    (to) => {
      expect(safeRedirect(to)).toBe(to);
    },
  );

  it.each([
    ["absolute URL", "https://evil.com"],
    ["scheme", "javascript:alert(1)"],
    ["protocol-relative", "//evil.com"],
    ["slash backslash", "/\\evil.com"],
    ["backslash anywhere", "/a\\b"],
    ["encoded slashes", "/%2F%2Fevil.com"],
    ["encoded slashes, lower case", "/%2f%2fevil.com"],
    ["double-encoded slashes", "/%252F%252Fevil.com"],
    ["encoded backslash", "/%5Cevil.com"],
    ["encoded backslash, lower case", "/%5cevil.com"],
    ["tab", "/\t/evil.com"],
    ["newline", "/\n/evil.com"],
    ["carriage return", "/\r\nSet-Cookie: x=1"],
    ["encoded tab", "/%09/evil.com"],
    ["encoded newline", "/%0A/evil.com"],
    ["NUL", "/\u0000evil"],
    ["DEL", "/\u007fevil"],
    ["relative path", "evil.com"],
    ["empty", ""],
    ["too long", "/" + "a".repeat(3000)],
  ])("falls back to / for %s", (_name, to) => {
    expect(safeRedirect(to)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirect("//evil.com", "/settings")).toBe("/settings");
    expect(safeRedirect(null, "/settings")).toBe("/settings");
    expect(safeRedirect(new File(["x"], "x.txt"), "/settings")).toBe("/settings");
  });

  it("never throws on malformed encodings and keeps Location headers valid", () => {
    expect(() => safeRedirect("/%E0%A4%A")).not.toThrow();
    expect(() => safeRedirect("/\uD800")).not.toThrow();
    const unicode = safeRedirect("/store/ünïcode");
    expect(unicode).toBe("/store/%C3%BCn%C3%AFcode");
    expect(() => new Headers({ Location: unicode })).not.toThrow();
    expect(safeRedirect("/\uD800")).toBe("/");
  });
});
