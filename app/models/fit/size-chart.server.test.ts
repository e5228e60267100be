import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import {
  patternVersions,
  products,
  sizeChartRows,
  stores,
  userMeasurements,
  variants,
} from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { getSizeChart } from "./chart.server";
import {
  chartProblemField,
  chartProblemMessage,
  fromMm,
  parseCell,
  toMm,
  type ChartProblem,
} from "./size-chart";
import { saveSizeChart, sizeChartRowsFromForm, sizeChartRowsFromJson } from "./size-chart.server";
import { sizeChartJson, sizeChartView, unitToggleHref } from "./size-chart-view.server";
import { emptyZoneValues, type SizeChartRow } from "~/utils/measurements";

let db: Db;
let storeId: number;

beforeEach(async () => {
  db = createTestDb();
  const user = await makeUser(db);
  storeId = (await db
    .insert(stores)
    .values({ userId: user.id, name: `S${user.id}`, bio: "b" })
    .returning())[0].id;
});

async function product(type: "Pattern" | "Made" | "Ready", sizes: string[] = []) {
  const base = {
    storeId,
    name: "Shirt",
    description: "d",
    priceCents: 1000,
    type,
    category1: "women",
    category2: "tops",
  };
  const p = (await db
    .insert(products)
    .values(type === "Pattern" ? { ...base, delivery: "Digital" } : base)
    .returning())[0];
  if (type === "Pattern" && sizes.length) {
    const data = JSON.stringify({ pieces: [], sizes, units: "mm" });
    await db.insert(patternVersions)
      .values({ productId: p.id, version: 1, file: `p${p.id}.dxf`, data });
  }
  if (type !== "Pattern")
    for (const [position, value] of sizes.entries())
      await db.insert(variants).values({ productId: p.id, value, position });
  return p.id;
}

function row(
  size: string,
  body: Partial<SizeChartRow["body"]>,
  finished: Partial<SizeChartRow["finished"]> = {}
): SizeChartRow {
  return {
    size,
    body: { ...emptyZoneValues(), ...body },
    finished: { bust: null, waist: null, hip: null, ...finished },
  };
}

const SML = [
  row("S", { bust: 840, waist: 660, hip: 900 }),
  row("M", { bust: 880, waist: 700, hip: 940 }),
  row("L", { bust: 920, waist: 740, hip: 980 }),
];

async function save(
  productId: number,
  rows: SizeChartRow[],
  madeToMeasure = false,
  unit: "cm" | "in" = "cm"
) {
  return saveSizeChart(
    { db },
    { productId, storeId, unit, madeToMeasure, rows }
  );
}
function problemsOf(result: Awaited<ReturnType<typeof save>>): ChartProblem[] {
  return result.ok || result.error !== "invalid" ? [] : result.problems;
}

describe("saveSizeChart", () => {
  it("stores a pattern's chart in its size order, with the unit and made to measure", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    expect(await save(id, SML, true, "in")).toEqual({ ok: true });
    const chart = (await getSizeChart({ db }, id))!;
    expect(chart.unit).toBe("in");
    expect(chart.madeToMeasure).toBe(true);
    expect(chart.rows.map((r) => [r.size, r.body.bust])).toEqual([
      ["S", 840],
      ["M", 880],
      ["L", 920],
    ]);
  });

  it("replaces the table, and an empty table clears it", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    await save(id, SML);
    await save(
      id,
      SML.map((r) => row(r.size, { hip: r.body.hip }))
    );
    expect(
      (await getSizeChart({ db }, id))!.rows.map((r) => [r.body.bust, r.body.hip])
    ).toEqual([
      [null, 900],
      [null, 940],
      [null, 980],
    ]);
    expect(await save(id, [])).toEqual({ ok: true });
    expect(await db.select().from(sizeChartRows)).toEqual([]);
  });

  it("refuses sizes that are not the pattern's, in its order, each once", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    for (const rows of [
      [SML[0]!, SML[2]!, SML[1]!],
      SML.slice(0, 2),
      [...SML, row("XL", { bust: 960 })],
      [SML[0]!, SML[0]!, SML[2]!],
    ]) {
      expect(problemsOf(await save(id, rows))).toEqual([
        { code: "wrong-sizes", expected: ["S", "M", "L"] },
      ]);
    }
    expect(
      chartProblemMessage({ code: "wrong-sizes", expected: ["S", "M", "L"] })
    ).toContain("S, M, L");
  });

  it("refuses a chart for a pattern with no sizes read yet", async () => {
    const id = await product("Pattern");
    expect(problemsOf(await save(id, SML))).toEqual([{ code: "no-sizes" }]);
  });

  it("takes an apparel design's size variants, else free size names", async () => {
    const withSizes = await product("Ready", ["S", "M", "L"]);
    expect(await save(withSizes, SML)).toEqual({ ok: true });
    expect(
      problemsOf(await save(withSizes, [SML[1]!, SML[0]!, SML[2]!]))[0]!.code
    ).toBe("wrong-sizes");
    const free = await product("Made");
    expect(
      await save(free, [
        row("Petite", { bust: 800 }),
        row("Tall", { bust: 900 }),
      ])
    ).toEqual({ ok: true });
    expect(
      problemsOf(
        await save(free, [row("A", { bust: 800 }), row("A", { bust: 900 })])
      )
    ).toEqual([{ code: "duplicate-size", size: "A" }]);
    expect(problemsOf(await save(free, [row(" ", { bust: 800 })]))).toEqual([
      { code: "bad-size-name", size: " " },
    ]);
  });

  it("refuses numbers outside the plausible ranges, naming the cell", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    const rows = [
      row("S", { bust: 840 }),
      row("M", { bust: 8800 }),
      row("L", { bust: 920 }),
    ];
    const problems = problemsOf(await save(id, rows));
    expect(problems).toEqual([
      { code: "out-of-range", size: "M", column: "bust" },
    ]);
    expect(chartProblemMessage(problems[0]!)).toBe(
      "Size M, bust / chest: enter a measurement between 25 cm and 200 cm (is the unit right?)."
    );
    expect(chartProblemField(problems[0]!)).toBe("chart[M][bust]");
    expect(
      problemsOf(
        await save(id, [
          row("S", { height: 100 }),
          row("M", { height: 1600 }),
          row("L", { height: 1700 }),
        ])
      )[0]
    ).toMatchObject({ code: "out-of-range", size: "S", column: "height" });
    expect(
      problemsOf(
        await save(id, [
          row("S", { bust: 840.5 }),
          row("M", { bust: 880 }),
          row("L", { bust: 920 }),
        ])
      )[0]
    ).toMatchObject({ code: "not-a-number", size: "S" });
  });

  it("refuses a zone given for some sizes only", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    const rows = [
      row("S", { waist: 660 }),
      row("M", {}),
      row("L", { waist: 740 }),
    ];
    expect(problemsOf(await save(id, rows))).toEqual([
      { code: "missing-in-size", size: "M", column: "waist" },
    ]);
  });

  it("refuses a measurement that shrinks with the size, or stays flat across the chart", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    expect(
      problemsOf(
        await save(id, [
          row("S", { hip: 900 }),
          row("M", { hip: 890 }),
          row("L", { hip: 980 }),
        ])
      )
    ).toEqual([{ code: "shrinks", size: "M", column: "hip" }]);
    expect(
      problemsOf(
        await save(id, [
          row("S", { arm: 600 }),
          row("M", { arm: 600 }),
          row("L", { arm: 600 }),
        ])
      )
    ).toEqual([{ code: "flat", column: "arm" }]);
    // Non-decreasing is fine: two sizes may share an inseam.
    expect(
      await save(id, [
        row("S", { inseam: 780 }),
        row("M", { inseam: 780 }),
        row("L", { inseam: 790 }),
      ])
    ).toEqual({ ok: true });
    const shrinkingFinished = SML.map((r, i) => ({
      ...r,
      finished: { bust: [1000, 990, 1080][i]!, waist: null, hip: null },
    }));
    expect(problemsOf(await save(id, shrinkingFinished))).toEqual([
      { code: "shrinks", size: "M", column: "finished_bust" },
    ]);
  });

  it("refuses a finished measurement below the body's (negative ease)", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    const rows = SML.map((r) => ({
      ...r,
      finished: {
        bust: r.body.bust! + 80,
        waist: r.body.waist! - 10,
        hip: null,
      },
    }));
    const problems = problemsOf(await save(id, rows));
    expect(problems.map((p) => p.code)).toEqual([
      "negative-ease",
      "negative-ease",
      "negative-ease",
    ]);
    expect(problems[0]).toEqual({
      code: "negative-ease",
      size: "S",
      column: "finished_waist",
    });
    const easeOk = SML.map((r) => ({
      ...r,
      finished: { bust: r.body.bust! + 80, waist: r.body.waist!, hip: null },
    }));
    expect(await save(id, easeOk)).toEqual({ ok: true });
  });

  it("allows made to measure only for a graded pattern with bust, waist or hip", async () => {
    const single = await product("Pattern", ["One"]);
    expect(
      problemsOf(await save(single, [row("One", { bust: 900 })], true))
    ).toEqual([{ code: "mtm-too-few-sizes" }]);
    const apparel = await product("Ready", ["S", "M", "L"]);
    expect(problemsOf(await save(apparel, SML, true))).toEqual([
      { code: "mtm-not-pattern" },
    ]);
    const graded = await product("Pattern", ["S", "M", "L"]);
    const heightOnly = [
      row("S", { height: 1600 }),
      row("M", { height: 1650 }),
      row("L", { height: 1700 }),
    ];
    expect(problemsOf(await save(graded, heightOnly, true))).toEqual([
      { code: "mtm-no-girth" },
    ]);
    expect(problemsOf(await save(graded, [], true))).toEqual([
      { code: "mtm-no-girth" },
    ]);
    expect(chartProblemField({ code: "mtm-no-girth" })).toBe("made_to_measure");
  });

  it("saves nothing on a refusal, and nothing for another store's design", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    await save(id, SML);
    await save(
      id,
      [
        row("S", { bust: 840 }),
        row("M", { bust: 800 }),
        row("L", { bust: 920 }),
      ],
      true,
      "in"
    );
    const chart = (await getSizeChart({ db }, id))!;
    expect([chart.unit, chart.madeToMeasure, chart.rows[1]!.body.bust]).toEqual(
      ["cm", false, 880]
    );
    expect(
      await saveSizeChart(
        { db },
        {
          productId: id,
          storeId: storeId + 1,
          unit: "cm",
          madeToMeasure: false,
          rows: [],
        }
      )
    ).toEqual({ ok: false, error: "not-found" });
    expect(
      await db
        .select()
        .from(sizeChartRows)
        .where(eq(sizeChartRows.productId, id))
    ).toHaveLength(3);
  });
});

describe("units and the faces' input", () => {
  it("converts cm and inches to whole mm and back", () => {
    expect(toMm(84.5, "cm")).toBe(845);
    expect(toMm(33.5, "in")).toBe(851);
    expect(toMm(0.04, "cm")).toBe(0);
    expect(fromMm(845, "cm")).toBe("84.5");
    expect(fromMm(851, "in")).toBe("33.5");
    expect(parseCell(" 84,5 ")).toBe(84.5);
    expect(parseCell("")).toBeNull();
    for (const bad of ["84cm", "-3", "1e3", "abc", "1/2"])
      expect(parseCell(bad)).toBe("nan");
  });

  it("reads the form's cells in the seller's unit; a wholly blank table is no chart", () => {
    const fields = new FormData();
    fields.set("chart[S][bust]", "33");
    fields.set("chart[M][bust]", "35.5");
    fields.set("chart[M][finished_hip]", "x");
    const { rows, problems } = sizeChartRowsFromForm(fields, ["S", "M"], "in");
    expect(rows.map((r) => r.body.bust)).toEqual([838, 902]);
    expect(problems).toEqual([
      { code: "not-a-number", size: "M", column: "finished_hip" },
    ]);
    expect(sizeChartRowsFromForm(new FormData(), ["S", "M"], "cm")).toEqual({
      rows: [],
      problems: [],
    });
  });

  it("reads size_chart_table rows in mm and refuses a bad shape with one message", () => {
    expect(
      sizeChartRowsFromJson([{ size: "S", bust: 840, finished_bust: null }])
    ).toEqual({ ok: true, rows: [row("S", { bust: 840 })] });
    expect(sizeChartRowsFromJson({})).toMatchObject({ ok: false });
    expect(sizeChartRowsFromJson([{ size: 1 }])).toEqual({
      ok: false,
      message: "size_chart_table[0].size must be a string",
    });
    expect(sizeChartRowsFromJson([{ size: "S", bust: "84" }])).toEqual({
      ok: false,
      message: "Size S, bust: a whole number of millimetres or null",
    });
    expect(sizeChartRowsFromJson([{ size: "S", chest: 840 }])).toEqual({
      ok: false,
      message: "size_chart_table[0].chest is not a size chart column",
    });
  });
});

describe("the product page's table and the JSON", () => {
  it("shows the given columns and the ease in the asked, the buyer's or the chart's unit", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    await save(
      id,
      SML.map((r) => ({
        ...r,
        finished: { bust: r.body.bust! + 100, waist: null, hip: null },
      })),
      false,
      "in"
    );
    const view = (await sizeChartView({ db }, id, null, null))!;
    expect(view.unit).toBe("in");
    expect(view.columns.map((c) => c.key)).toEqual([
      "bust",
      "waist",
      "hip",
      "finished_bust",
      "ease_bust",
    ]);
    expect(view.rows[0]).toEqual({
      size: "S",
      cells: {
        bust: "33.07",
        waist: "25.98",
        hip: "35.43",
        finished_bust: "37.01",
        ease_bust: "+3.94",
      },
    });
    expect((await sizeChartView({ db }, id, null, "cm"))!.rows[1]!.cells).toMatchObject(
      { bust: "88", ease_bust: "+10" }
    );
    const buyer = await makeUser(db);
    await db.insert(userMeasurements)
      .values({ userId: buyer.id, unit: "cm", bustMm: 900 });
    expect((await sizeChartView({ db }, id, buyer.id, null))!.unit).toBe("cm");
    expect(
      await sizeChartView({ db }, await product("Pattern", ["S"]), null, null)
    ).toBeNull();
    expect(unitToggleHref("http://x/product/1?size=M&unit=cm")).toBe(
      "?size=M&unit="
    );
  });

  it("gives size_chart_table in mm with null where not given", async () => {
    const id = await product("Pattern", ["S", "M", "L"]);
    await save(id, SML, true);
    const json = await sizeChartJson({ db }, id);
    expect(json.made_to_measure).toBe(true);
    expect(json.size_chart_table[0]).toEqual({
      size: "S",
      height: null,
      high_bust: null,
      bust: 840,
      waist: 660,
      hip: 900,
      inseam: null,
      arm: null,
      finished_bust: null,
      finished_waist: null,
      finished_hip: null,
    });
  });
});
