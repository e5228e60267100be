/**
 * No import circles (issue 20, item 10; decision 136): walks the import graph of app/, server/ and db/ with the
 * TypeScript compiler's own resolver (tsconfig paths, so `~/` counts) and fails on any cycle, printing it.
 * Type-only imports count too: a circle of types is still two modules that cannot be read apart.
 */
import fs from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(__dirname, "../..");
const DIRS = ["app", "server", "db"];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

function compilerOptions(): ts.CompilerOptions {
  const configPath = path.join(ROOT, "tsconfig.json");
  const { config } = ts.readConfigFile(configPath, ts.sys.readFile);
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

/** file -> the project files it imports (static imports, re-exports and dynamic `import("...")`). */
export function importGraph(files: string[], options = compilerOptions()): Map<string, string[]> {
  const inProject = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(fs.readFileSync(file, "utf8"), true, true);
    const targets = new Set<string>();
    for (const { fileName } of info.importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, options, ts.sys).resolvedModule?.resolvedFileName;
      if (resolved && inProject.has(path.resolve(resolved))) targets.add(path.resolve(resolved));
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Every elementary circle found by a depth-first walk, as the list of files from the first back to itself. */
export function findCycles(graph: Map<string, string[]>): string[][] {
  const cycles: string[][] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}

describe("import graph", () => {
  it("finds a circle when there is one (the guard itself works)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
  });

  it("has no import circles in app/, server/ and db/", () => {
    const files = DIRS.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).map((f) => path.resolve(f));
    const graph = importGraph(files);
    expect(graph.size).toBeGreaterThan(300);
    const cycles = findCycles(graph).map((cycle) => cycle.map((f) => path.relative(ROOT, f)).join(" -> "));
    expect(cycles, `import circles:\n${cycles.join("\n")}`).toEqual([]);
  });
});
