import { describe, expect, it } from "vitest";

import { makePlainDxf } from "../../../tests/fixtures/dxf";
import { readPattern } from "./dxf.server";
import { INSUNITS, parseAnnotation, parseQuantity, parseUnits } from "./facts";
import { cutText } from "./pieces";

describe("piece facts as CAD systems write them", () => {
  it("reads Quantity in its regional and ASTM forms", () => {
    expect(["2", "1,0", "2.0", "2,0", "1,1", "0", "0,0", "x", "100"].map(parseQuantity)).toEqual([2, 1, 2, 2, 2, null, null, null, null]);
  });

  it("reads the cuts of an annotation, not a rectangle's size", () => {
    expect(parseAnnotation("2XFABRIC")).toEqual([{ material: "fabric", quantity: 2 }]);
    expect(parseAnnotation("1XFABRIC 1X INTERLIN")).toEqual([
      { material: "fabric", quantity: 1 },
      { material: "interlining", quantity: 1 },
    ]);
    expect(parseAnnotation("2X RIB")).toEqual([{ material: "rib", quantity: 2 }]);
    expect(parseAnnotation("10X2")).toEqual([]);
    expect(parseAnnotation("RECTANGLE")).toEqual([]);
  });

  it("says how to cut a piece on its label", () => {
    expect(cutText({ quantity: 2, material: "fabric", onFold: false })).toBe("Cut 2");
    expect(cutText({ quantity: 1, material: "fabric", onFold: true })).toBe("Cut 1 on fold");
    expect(cutText({ quantity: 1, cuts: [{ material: "fabric", quantity: 1 }, { material: "interlining", quantity: 1 }] })).toBe("Cut 1 fabric, 1 interlining");
    expect(cutText({ quantity: 1, material: "rib" })).toBe("Cut 1 rib");
  });
});

describe("units that cannot silently be wrong", () => {
  it("reads a file whose header says millimetres but whose pieces are in centimetres as centimetres, and says so", () => {
    const read = readPattern(makePlainDxf({ units: "mm", width: 25.6, height: 70.3 }));
    if (!read.ok) throw new Error(read.message);
    expect(read.pattern.units).toBe("cm");
    expect(read.pattern.unitsSource).toBe("inferred");
    expect(read.pattern.pieces[0].bbox.width).toBeCloseTo(256, 1);
    expect(read.pattern.warnings).toEqual([
      "Read as centimetres: the header says millimetres but the pieces would be 2.6 cm wide. If that is wrong, choose the units on the edit screen.",
    ]);
  });

  it("keeps declared units that give plausible pieces, and the seller's choice over both", () => {
    const plain = readPattern(makePlainDxf({ units: "mm" }));
    expect(plain.ok && [plain.pattern.units, plain.pattern.unitsSource, plain.pattern.warnings]).toEqual(["mm", "header", []]);
    const chosen = readPattern(makePlainDxf({ units: "mm", width: 25.6, height: 70.3 }), { units: "in" });
    expect(chosen.ok && [chosen.pattern.units, chosen.pattern.unitsSource, chosen.pattern.pieces[0].bbox.width]).toEqual(["in", "seller", 650.24]);
    const none = readPattern(makePlainDxf({ units: null }));
    expect(none.ok && [none.pattern.units, none.pattern.unitsSource, none.pattern.unitsAssumed]).toEqual(["mm", "inferred", true]);
  });
});

describe("names in the drawing's code page", () => {
  it("decodes a Chinese CAD export ($DWGCODEPAGE ANSI_936) as GBK", () => {
    const text = makePlainDxf({ units: "mm" })
      .replace("$ACADVER\n1\nAC1015", "$ACADVER\n1\nAC1015\n9\n$DWGCODEPAGE\n3\nANSI_936")
      .replace("0\nENDSEC\n0\nEOF", "0\nTEXT\n8\n0\n10\n60\n20\n60\n40\n5\n1\nPiece Name: \u524D\u7247\n0\nENDSEC\n0\nEOF");
    expect(text).toContain("ANSI_936");
    // 前片 (front piece) in GBK: C7 B0 C6 AC.
    const bytes = Buffer.from(text.replace("\u524D\u7247", "\u0001\u0002"), "latin1");
    const at = bytes.indexOf(1);
    bytes[at] = 0xc7;
    const gbk = Buffer.concat([bytes.subarray(0, at + 1), Buffer.from([0xb0, 0xc6, 0xac]), bytes.subarray(at + 2)]);
    const read = readPattern(new Uint8Array(gbk));
    if (!read.ok) throw new Error(read.message);
    expect(read.pattern.pieces[0].name).toBe("\u524D\u7247");
  });
});

describe("declared units", () => {
  it("reads the 'Units:' text as CAD systems write it, and the header's $INSUNITS codes", () => {
    for (const [text, units] of [["METRIC", "mm"], [" metric-mm ", "mm"], ["MM", "mm"], ["cm", "cm"], ["ENGLISH", "in"], ["Inches", "in"], ["IN", "in"]] as const) {
      expect(parseUnits(text), text).toBe(units);
    }
    for (const text of ["", "FEET", "CMS", "MILLIMETRES"]) expect(parseUnits(text), text).toBeNull();
    expect([1, 4, 5, 0, 6].map((code) => INSUNITS[code] ?? null)).toEqual(["in", "mm", "cm", null, null]);
  });
});
