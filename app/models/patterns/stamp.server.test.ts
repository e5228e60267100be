import DxfParser from "dxf-parser";
import { describe, expect, it } from "vitest";

import { readPattern } from "./dxf.server";
import { makeAstmDxf } from "./demo.server";
import { makePlainDxf } from "../../../tests/fixtures/dxf";
import { dxfEscape, stampDxf, stampLine } from "./stamp.server";
import { cadFixtures } from "../../../tests/unit/cad-fixtures";

const STAMP = "Order #123 · buyer@example.com";
const ESCAPED = "Order #123 \\U+00B7 buyer@example.com";

type Text = { type: string; layer: string; text: string; startPoint: { x: number; y: number }; textHeight: number };
function topTexts(dxf: string): Text[] {
  const parsed = new DxfParser().parseSync(dxf)!;
  return (parsed.entities as unknown as Text[]).filter((e) => e.type === "TEXT");
}

describe("stampDxf", () => {
  it("adds a 999 comment on top and a TEXT on layer 15; the file still reads the same", () => {
    const original = makeAstmDxf({ pieces: 3, sizes: ["38", "40"], units: "in" });
    const stamped = stampDxf(original, STAMP);
    expect(stamped.split("\n").slice(0, 2)).toEqual(["999", ESCAPED]);
    const stampTexts = topTexts(stamped).filter((t) => t.layer === "15" && t.text === ESCAPED);
    expect(stampTexts).toHaveLength(1);
    expect(stampTexts[0].textHeight).toBe(0.2); // an inch file: 0.2 in, not 5 in
    const before = readPattern(original);
    const after = readPattern(stamped);
    expect(after.ok).toBe(true);
    expect(after).toEqual(before);
  });

  it("stamps a plain DXF and keeps its CRLF line ends", () => {
    const crlf = makePlainDxf().replace(/\n/g, "\r\n");
    const stamped = stampDxf(crlf, STAMP);
    expect(stamped.startsWith(`999\r\n${ESCAPED}\r\n`)).toBe(true);
    expect(stamped.replace(/\r\n/g, "")).not.toContain("\n");
    expect(topTexts(stamped).map((t) => t.text)).toEqual([ESCAPED]);
    const result = readPattern(stamped);
    expect(result.ok && result.pattern.pieces[0].area).toBe(60000);
  });

  it("is about 5 mm tall in real CAD files whose units only the 'Units:' text or $MEASUREMENT states", () => {
    const files = new Map(cadFixtures().map((f) => [f.name, f.bytes]));
    const heightIn = (name: string) => {
      const stamped = Buffer.from(stampDxf(new Uint8Array(files.get(name)!), STAMP)).toString("latin1");
      return topTexts(stamped).find((t) => t.layer === "15" && t.text === ESCAPED)!.textHeight;
    };
    expect(heightIn("GLX0926S16.DXF")).toBe(0.2); // 'Units: ENGLISH', no $INSUNITS: 0.2 in, not 5 in
    expect(heightIn("GMH1006F18_AAMA.DXF")).toBe(5); // 'Units: METRIC'
    const measured = makePlainDxf({ units: null }).replace("$ACADVER\n1\nAC1015\n", "$ACADVER\n1\nAC1015\n9\n$MEASUREMENT\n70\n0\n");
    expect(topTexts(stampDxf(measured, STAMP))[0].textHeight).toBe(0.2);
    expect(topTexts(stampDxf(makePlainDxf({ units: "cm" }), STAMP))[0].textHeight).toBe(0.5);
  });

  it("places the text under the drawing's $EXTMIN corner", () => {
    const dxf = makePlainDxf().replace("$ACADVER\n1\nAC1015\n", "$ACADVER\n1\nAC1015\n9\n$EXTMIN\n10\n50\n20\n40\n30\n0\n");
    const [text] = topTexts(stampDxf(dxf, STAMP));
    expect(text.startPoint).toMatchObject({ x: 50, y: 25 });
  });

  it("keeps every other byte of a byte upload, and returns bytes", () => {
    const withAccent = Buffer.from(makePlainDxf().replace("0\nENDSEC\n0\nEOF", "0\nTEXT\n8\n15\n10\n0\n20\n0\n40\n5\n1\nCaf\u00e9\n0\nENDSEC\n0\nEOF"), "latin1");
    const stamped = stampDxf(new Uint8Array(withAccent), STAMP);
    expect(stamped).toBeInstanceOf(Uint8Array);
    const asText = Buffer.from(stamped).toString("latin1");
    expect(asText.endsWith(withAccent.toString("latin1").slice(-40))).toBe(true);
    expect(Buffer.from(stamped).includes(Buffer.from([0x43, 0x61, 0x66, 0xe9]))).toBe(true); // "Café" in Windows-1252
  });

  it("adds an ENTITIES section when the file has none", () => {
    const noEntities = ["0", "SECTION", "2", "HEADER", "9", "$INSUNITS", "70", "4", "0", "ENDSEC", "0", "EOF", ""].join("\n");
    const stamped = stampDxf(noEntities, STAMP);
    expect(topTexts(stamped).map((t) => t.text)).toEqual([ESCAPED]);
    expect(stamped.trimEnd().endsWith("0\nEOF")).toBe(true);
  });

  it("cannot be used to inject DXF groups", () => {
    const stamped = stampDxf(makePlainDxf(), "Order #1\n0\nEOF\r\nevil");
    expect(topTexts(stamped).map((t) => t.text)).toEqual(["Order #1 0 EOF evil"]);
    expect(readPattern(stamped).ok).toBe(true);
  });
});

describe("stamp text", () => {
  it("is one line of at most 240 characters; DXF gets \\U+ escapes for non-ASCII", () => {
    expect(stampLine("  a\tb\n\nc  ")).toBe("a b c");
    expect(stampLine("x".repeat(500))).toHaveLength(240);
    expect(dxfEscape("Zoë · 東")).toBe("Zo\\U+00EB \\U+00B7 \\U+6771");
    expect(dxfEscape("emoji 😀")).toBe("emoji ?");
  });
});
