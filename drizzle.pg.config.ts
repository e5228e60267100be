import { defineConfig } from "drizzle-kit";

// The PostgreSQL dialect (issue 49, decision 158): `npx drizzle-kit generate --config drizzle.pg.config.ts --name <slug>`.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.pg.ts",
  out: "./drizzle-pg",
});
