/**
 * A setup file of PostgreSQL runs only (`TEST_DATABASE=postgres`, vitest.config.ts): the databases that createTestDb
 * made for a test (in it or its beforeEach) are ended and dropped after it; those of a file's beforeAll after the file.
 */
import { afterAll, afterEach, beforeEach } from "vitest";

import { closePgAdmin, endPgTestDbs, pgTestDbMark } from "./pg-test-db";

let mark = 0;
beforeEach(() => {
  mark = pgTestDbMark();
});
afterEach(async () => {
  await endPgTestDbs(mark);
});
afterAll(async () => {
  await endPgTestDbs(0);
  await closePgAdmin();
});
