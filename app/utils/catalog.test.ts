import { describe, expect, it } from "vitest";

import {
  DEFAULT_SUBCATEGORIES,
  HOME_SUBCATEGORIES,
  PETS_SUBCATEGORIES,
  isDownloadPattern,
  isImageFile,
  productTypeLabel,
  subcategoriesFor,
} from "~/utils/catalog";

describe("productTypeLabel", () => {
  it("labels the four kinds exactly", () => {
    expect(productTypeLabel("Pattern", "Digital")).toBe("Downloadable Pattern (DXF for commercial production)");
    expect(productTypeLabel("Pattern", "Print")).toBe("Printed Pattern");
    expect(productTypeLabel("Made", null)).toBe("Made to Order Apparel");
    expect(productTypeLabel("Ready", null)).toBe("Ready to Ship Apparel");
  });

  it("ignores delivery for non-pattern products", () => {
    expect(productTypeLabel("Made", undefined)).toBe("Made to Order Apparel");
    expect(productTypeLabel("Ready", "Print")).toBe("Ready to Ship Apparel");
  });
});

describe("isImageFile", () => {
  it.each(["a.jpeg", "a.jpg", "a.png", "a.gif", "a.bmp", "a.webp", "PHOTO.JPG", "Shot.PNG", "x.y.WebP"])(
    "%s is an image",
    (name) => {
      expect(isImageFile(name)).toBe(true);
    },
  );

  it.each(["clip.mp4", "CLIP.MP4", "movie.webm", "noextension", "a.jpg.mp4"])("%s is not an image", (name) => {
    expect(isImageFile(name)).toBe(false);
  });
});

describe("subcategoriesFor", () => {
  it("gives Home and Pets their own lists and everything else the default", () => {
    expect(subcategoriesFor("Home")).toBe(HOME_SUBCATEGORIES);
    expect(subcategoriesFor("Pets")).toBe(PETS_SUBCATEGORIES);
    expect(subcategoriesFor("women")).toBe(DEFAULT_SUBCATEGORIES);
    expect(subcategoriesFor("Kids")).toBe(DEFAULT_SUBCATEGORIES);
    expect(subcategoriesFor("")).toBe(DEFAULT_SUBCATEGORIES);
    expect(subcategoriesFor("Home").map((s) => s.id)).toContain("bedding");
    expect(subcategoriesFor("Pets").map((s) => s.id)).toEqual(["clothing", "accessories"]);
    expect(subcategoriesFor("men").map((s) => s.id)).toContain("tops");
  });
});

describe("the one 'is this a downloadable pattern' predicate (issue 20, item 3)", () => {
  it("is a Pattern delivered Digital, nothing else", () => {
    expect(isDownloadPattern("Pattern", "Digital")).toBe(true);
    expect(isDownloadPattern("Pattern", "Print")).toBe(false);
    expect(isDownloadPattern("Ready", null)).toBe(false);
    expect(isDownloadPattern("Made", "Digital")).toBe(false);
  });
});
