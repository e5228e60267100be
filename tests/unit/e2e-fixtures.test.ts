/**
 * The browser tests' one fixture module (issue 32, item 4) stays the one: every file under tests/e2e writes the
 * test servers' databases through the app's models, except `backdate` in tests/e2e/fixtures/db.ts, the one SQL write
 * (dates no model lets a caller choose); no file there imports the database's tables to write them with Drizzle; and
 * every spec takes `test` and `expect` from ./fixtures (types from @playwright/test are fine), and no other local
 * module.
 */
import fs from "node:fs";
import path from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

const E2E = path.resolve(__dirname, "../e2e");
/** The one place an SQL write may stand, and the function it must stand in. */
const BACKDATE_FILE = path.join(E2E, "fixtures", "db.ts");
const BACKDATE_FUNCTION = "backdate";

const SQL_WRITE = /\b(INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+(\w+|\$\{[^}]*\})\s+SET|DELETE\s+FROM|REPLACE\s+INTO)\b/gi;

function e2eFiles(dir = E2E): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...e2eFiles(full));
    else if (/\.(ts|tsx|mts|js|mjs|cjs)$/.test(entry.name) && !entry.name.endsWith(".d.ts") && !entry.name.endsWith(".d.mts")) out.push(full);
  }
  return out.sort();
}

const rel = (file: string) => path.relative(path.resolve(__dirname, "../.."), file);

/** Each SQL write in a source text: its line and the name of the function declaration it stands in (or null). */
export function sqlWrites(text: string, fileName = "x.ts"): { line: number; sql: string; inFunction: string | null }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; sql: string; inFunction: string | null }[] = [];
  for (const match of text.matchAll(SQL_WRITE)) {
    const at = match.index!;
    let inFunction: string | null = null;
    const visit = (node: ts.Node) => {
      if (at < node.getStart(source) || at >= node.getEnd()) return;
      if (ts.isFunctionDeclaration(node) && node.name) inFunction = node.name.text;
      ts.forEachChild(node, visit);
    };
    visit(source);
    found.push({ line: source.getLineAndCharacterOfPosition(at).line + 1, sql: match[0], inFunction });
  }
  return found;
}

/** The imports of a source text: module, whether the whole import is type-only, and its named bindings (type-only or not). */
function importsOf(text: string, fileName: string) {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  return source.statements.filter(ts.isImportDeclaration).map((decl) => {
    const clause = decl.importClause;
    const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : [];
    return {
      module: (decl.moduleSpecifier as ts.StringLiteral).text,
      typeOnly: !!clause?.isTypeOnly,
      default: !!clause?.name,
      namespace: !!(clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)),
      names: named.map((e) => ({ name: (e.propertyName ?? e.name).text, typeOnly: e.isTypeOnly })),
    };
  });
}

/** What a spec's imports break of the rule: values from @playwright/test, local modules other than ./fixtures, `test` not from ./fixtures. */
export function specImportProblems(text: string, fileName = "x.spec.ts"): string[] {
  const problems: string[] = [];
  const imports = importsOf(text, fileName);
  for (const imp of imports) {
    if (imp.module === "@playwright/test" && !imp.typeOnly) {
      if (imp.default || imp.namespace) problems.push("imports @playwright/test's values (default or namespace)");
      for (const n of imp.names.filter((n) => !n.typeOnly)) problems.push(`imports ${n.name} from @playwright/test instead of ./fixtures`);
    }
    if (imp.module.startsWith("./") && imp.module !== "./fixtures") problems.push(`imports ${imp.module}: fixtures come from ./fixtures only`);
  }
  const fromFixtures = imports.filter((i) => i.module === "./fixtures" && !i.typeOnly).flatMap((i) => i.names.filter((n) => !n.typeOnly).map((n) => n.name));
  if (/\btest\s*[.(]/.test(text) && !fromFixtures.includes("test")) problems.push("does not take `test` from ./fixtures");
  return problems;
}

describe("the guard itself", () => {
  it("finds SQL writes, in any case and spread over lines, and the function they stand in", () => {
    const text = [
      "function credit() {",
      '  db.prepare("insert into transactions (a) values (1)").run();',
      "  db.prepare(`UPDATE stores",
      "     SET balance_cents = 0`).run();",
      "}",
      'const x = "DELETE FROM carts";',
      'db.prepare("INSERT OR REPLACE INTO user_measurements (user_id) VALUES (1)");',
      "const y = `UPDATE ${table} SET a = 1`;",
      'readDb("SELECT * FROM orders WHERE status = \'Refunded\'");',
    ].join("\n");
    expect(sqlWrites(text).map((w) => [w.line, w.inFunction])).toEqual([
      [2, "credit"],
      [3, "credit"],
      [6, null],
      [7, null],
      [8, null],
    ]);
  });

  it("finds a spec's own test, values from @playwright/test and other local fixture modules", () => {
    expect(specImportProblems('import { expect, test } from "./fixtures";\nimport type { Page } from "@playwright/test";\ntest("x", () => {});')).toEqual([]);
    expect(specImportProblems('import { type Page, expect } from "./fixtures";\nimport { type Locator } from "@playwright/test";\n')).toEqual([]);
    expect(specImportProblems('import { expect, test } from "@playwright/test";\ntest("x", () => {});')).toEqual([
      "imports expect from @playwright/test instead of ./fixtures",
      "imports test from @playwright/test instead of ./fixtures",
      "does not take `test` from ./fixtures",
    ]);
    expect(specImportProblems('import { test } from "./fixtures";\nimport { readDb } from "./db";\ntest("x", () => {});')).toEqual([
      "imports ./db: fixtures come from ./fixtures only",
    ]);
  });
});

describe("the browser tests' fixtures", () => {
  const files = e2eFiles();

  it("finds the specs and the fixture module", () => {
    expect(files.filter((f) => f.endsWith(".spec.ts")).length).toBeGreaterThan(50);
    expect(files).toContain(path.join(E2E, "fixtures.ts"));
    expect(files).toContain(BACKDATE_FILE);
  });

  it("write the database with SQL only in the one backdate helper", () => {
    const writes = files.flatMap((file) => sqlWrites(fs.readFileSync(file, "utf8"), file).map((w) => ({ file, ...w })));
    const elsewhere = writes.filter((w) => !(w.file === BACKDATE_FILE && w.inFunction === BACKDATE_FUNCTION));
    expect(elsewhere.map((w) => `${rel(w.file)}:${w.line}: ${w.sql}`)).toEqual([]);
    expect(writes.filter((w) => w.file === BACKDATE_FILE)).toHaveLength(1);
  });

  it("do not import the database's tables (to write them with Drizzle past the models)", () => {
    const schema = path.resolve(__dirname, "../../db/tables");
    const offending = files.filter((file) =>
      importsOf(fs.readFileSync(file, "utf8"), file).some((i) => !i.typeOnly && i.module.startsWith(".") && path.resolve(path.dirname(file), i.module).replace(/\.ts$/, "") === schema),
    );
    expect(offending.map(rel)).toEqual([]);
  });

  it("are what every spec imports: test and expect from ./fixtures, no other local module, only types from @playwright/test", () => {
    const problems = files
      .filter((f) => f.endsWith(".spec.ts"))
      .flatMap((file) => specImportProblems(fs.readFileSync(file, "utf8"), file).map((p) => `${rel(file)}: ${p}`));
    expect(problems).toEqual([]);
  });

  it("wait for a state by polling it, never for a fixed time (page.waitForTimeout)", () => {
    const sleeping = files.filter((file) => /\.waitForTimeout\(/.test(fs.readFileSync(file, "utf8")));
    expect(sleeping.map(rel)).toEqual([]);
  });
});
