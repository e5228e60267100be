/** What tests/e2e-pg/global-setup.ts started, handed to the specs through the environment. */
export type PgE2e = {
  /** The two app processes' base URLs ("machine A", "machine B"). */
  apps: string[];
  primaryDb: string;
  standbyDb: string;
  dataDir: string;
  logs: string[];
};

export const PG_E2E = {
  admin: { email: "admin@patternhouse.test", password: "demo-admin-pass" },
} as const;

export function pgE2e(): PgE2e {
  const text = process.env.PG_E2E;
  if (!text) throw new Error("PG_E2E is not set: run these specs with playwright.pg.config.ts");
  return JSON.parse(text) as PgE2e;
}
