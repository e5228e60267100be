import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

/**
 * The house layers (docs/architecture.md): routes and components on top, then app/auth, then the domains of
 * app/models in this order, lowest first, then app/schemas and app/utils, then db/. A module imports only what is
 * below it: a domain imports only the domains before it in DOMAINS. Tests (*.test.ts) may import across.
 */
const DOMAINS = [
  "platform",
  "files",
  "shipping",
  "payments",
  "catalog",
  "messaging",
  "accounts",
  "patterns",
  "tax",
  "fit",
  "layout",
  "buying",
  "selling",
  "makes",
  "testing",
  "admin",
  "privacy",
];
const TESTS = ["**/*.test.ts", "**/*.test.tsx"];
/** An import of `~/<folder>` or, relatively, of a sibling folder `../<folder>` (`../../models/<folder>` too). */
const into = (folders, via = "models/") => `^(?:~/${via}|(?:\\.\\./)+(?:${via})?)(?:${folders.join("|")})(?:/|$)`;
const layerRule = (patterns) => ({ rules: { "no-restricted-imports": ["error", { patterns }] } });
const UI = { regex: into(["components", "routes"], ""), message: "Models, schemas, utilities and db import no component or route (docs/architecture.md)." };
const AUTH = { regex: into(["auth"], ""), message: "Models, schemas, utilities and db do not import app/auth: it sits above the models (docs/architecture.md)." };
const layering = [
  ...DOMAINS.map((domain, i) => ({
    files: [`app/models/${domain}/**/*.{ts,tsx}`],
    ignores: TESTS,
    ...layerRule([
      ...(i < DOMAINS.length - 1
        ? [{ regex: into(DOMAINS.slice(i + 1)), message: `Domains import only downward (docs/architecture.md): ${domain} may import ${DOMAINS.slice(0, i).join(", ") || "no other domain"}.` }]
        : []),
      UI,
      AUTH,
    ]),
  })),
  {
    // The shared files at the root of app/models (the error-table shape) are below every domain.
    files: ["app/models/*.{ts,tsx}"],
    ignores: TESTS,
    ...layerRule([{ regex: into(DOMAINS), message: "app/models/*.ts is below every domain (docs/architecture.md)." }, UI, AUTH]),
  },
  {
    files: ["app/schemas/**/*.{ts,tsx}", "app/utils/**/*.{ts,tsx}"],
    ignores: TESTS,
    ...layerRule([{ regex: into(["models"], ""), message: "Schemas and utilities import no model: move the shared fact down into them (docs/architecture.md)." }, UI, AUTH]),
  },
  {
    files: ["db/schema.ts", "db/client.ts", "db/schema.pg.ts", "db/client.pg.ts", "db/migrations-folder.ts"],
    ...layerRule([{ regex: "^(?:~/|(?:\\.\\./)+app/)", message: "db/ is the bottom layer: it imports nothing from app/ (docs/architecture.md)." }]),
  },
];

export default tseslint.config(
  {
    ignores: [
      "node_modules",
      "build",
      "data",
      "test-results",
      "playwright-report",
      "bench/.scratch",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    files: ["**/*.js", "**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", fetch: "readonly" } },
  },
  {
    // Decision 159 (issue 49): models reach the database asynchronously, the same code on SQLite and PostgreSQL.
    // better-sqlite3's synchronous executions must not come back; the few SQLite-only places say why they may.
    files: ["**/*.ts", "**/*.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee[property.name=/^(all|get|run)$/]",
          message: "Synchronous database call: await the builder (`await q`, `await first(q)`, `affected(await q)`) (decision 159).",
        },
        {
          selector: "CallExpression[arguments.length=0] > MemberExpression.callee[property.name='values'][object.type='CallExpression']",
          message: "Synchronous database call: await the builder and read its rows (decision 159).",
        },
        {
          selector: "CallExpression > MemberExpression.callee[property.name='transaction'][object.type='Identifier']",
          message: "Synchronous transaction: use `await transaction(db, async (tx) => ...)` from ~/utils/db.server (decision 159).",
        },
      ],
    },
  },
  {
    // Decision 159: with the model layer asynchronous, a promise left unawaited is a write that may not happen
    // before the answer, or a condition that is always true (`if (!markRead(...))` answered 200 to a stranger). The
    // type checker sees neither; these two rules do, with the types (the app's code, not the tests).
    files: ["app/**/*.{ts,tsx}", "server/**/*.ts", "server.ts", "db/**/*.ts"],
    ignores: TESTS,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
    },
  },
  ...layering,
);
