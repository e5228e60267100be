/**
 * The lint guard of decision 159: better-sqlite3's synchronous executions cannot come back into the models (the
 * same model code must run on PostgreSQL, whose drivers only answer asynchronously).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";

import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// The probe is linted from memory: the project service (the typed rules, which need a file on disk) is left out;
// this test is about the syntax rule.
const eslint = new ESLint({
  cwd: ROOT,
  overrideConfig: {
    files: ["**/guard-probe.server.ts"],
    languageOptions: { parserOptions: { projectService: false } },
    rules: { "@typescript-eslint/no-floating-promises": "off", "@typescript-eslint/no-misused-promises": "off" },
  },
});

async function guardMessages(code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, "app/models/catalog/guard-probe.server.ts") });
  return result!.messages.filter((m) => m.ruleId === "no-restricted-syntax").map((m) => m.message);
}

describe("the synchronous database API is refused by lint (decision 159)", () => {
  it("flags .all(), .get(), .run(), a builder's .values() and db.transaction(", async () => {
    const messages = await guardMessages(
      [
        "declare const db: any;",
        "export const rows = db.select().from(1).all();",
        "export const row = db.select().from(1).get();",
        "export const result = db.update(1).set({}).run();",
        "export const values = db.select().from(1).values();",
        "export const outcome = db.transaction(() => 1, { behavior: 'immediate' });",
        "",
      ].join("\n"),
    );
    expect(messages).toHaveLength(5);
    for (const message of messages) expect(message).toContain("decision 159");
  });

  it("lets the asynchronous API, prepared statements with parameters and a Map's values() through", async () => {
    const messages = await guardMessages(
      [
        "declare const db: any; declare const query: any; declare const first: any; declare const transaction: any;",
        "export async function f() {",
        "  const rows = await db.select().from(1);",
        "  const row = await first(db.select().from(1).limit(1));",
        "  const prepared = query(db).get({ id: 1 });",
        "  const kept = [...new Map<number, number>().values()];",
        "  return transaction(db, async () => [rows, row, prepared, kept]);",
        "}",
        "",
      ].join("\n"),
    );
    expect(messages).toEqual([]);
  });
});
