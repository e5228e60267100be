// The route table guards moves of route modules (issue 20, item 8): every URL pattern keeps its module, its index
// flag and its layout nesting. route-table.json was dumped from the build before the routes moved into folders by
// area; a move updates only the `file` (and `parent`) columns there, never `path` or `index`. The table is read the
// way the build reads it: `remix routes --json` with the project's own config.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

type CliRoute = { id: string; path?: string; index?: boolean; file: string; children?: CliRoute[] };
type Row = { file: string; path: string | null; index: boolean; parent: string | null };

const byFile = (rows: Row[]) => [...rows].sort((a, b) => a.file.localeCompare(b.file));

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

function routeTable(): Row[] {
  const cli = path.join(root, "node_modules", "@remix-run", "dev", "dist", "cli.js");
  const json = execFileSync(process.execPath, [cli, "routes", "--json"], { cwd: root, encoding: "utf8" });
  const rows: Row[] = [];
  const walk = (routes: CliRoute[], parent: string | null) => {
    for (const route of routes) {
      const file = `app/${route.file}`;
      rows.push({ file, path: route.path ?? null, index: Boolean(route.index), parent });
      walk(route.children ?? [], file);
    }
  };
  walk(JSON.parse(json.slice(json.indexOf("["))) as CliRoute[], null);
  return byFile(rows);
}

describe("the route table", () => {
  const table = routeTable();

  it("maps the same URL patterns, index flags and layouts to the same modules as route-table.json", () => {
    const expected = JSON.parse(fs.readFileSync(path.join(root, "tests/unit/route-table.json"), "utf8")) as Row[];
    expect(table).toEqual(byFile(expected));
  });

  it("makes no route of a test or a helper module next to the routes", () => {
    expect(table.filter((row) => /\.test\.|\.server\.|\/components?\//.test(row.file))).toEqual([]);
    for (const row of table) expect(fs.existsSync(path.join(root, row.file)), row.file).toBe(true);
  });
});
