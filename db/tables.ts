/**
 * The tables the models query, for the engine this process runs on (issue 49, decision 159): SQLite's
 * (`db/schema.ts`) unless `DATABASE_URL` names a PostgreSQL database, then PostgreSQL's (`db/schema.pg.ts`). Both
 * schemas have the same tables, columns and JavaScript names (db/schema-compare.test.ts), so the models are written
 * once against SQLite's types. Types and constants come from `db/schema.ts` as before.
 */
import * as pg from "./schema.pg";
import * as sqlite from "./schema";

export * from "./schema";

/** Which engine a `DATABASE_URL` names: PostgreSQL for `postgres://` or `postgresql://`, else SQLite. */
export function engineOf(url: string | undefined): "sqlite" | "postgres" {
  return /^postgres(ql)?:\/\//i.test(url?.trim() ?? "") ? "postgres" : "sqlite";
}

const tables = (engineOf(process.env.DATABASE_URL) === "postgres" ? pg : sqlite) as unknown as typeof sqlite;

export const users = tables.users;
export const sessions = tables.sessions;
export const passwordResetTokens = tables.passwordResetTokens;
export const files = tables.files;
export const stores = tables.stores;
export const storeMedia = tables.storeMedia;
export const follows = tables.follows;
export const products = tables.products;
export const favorites = tables.favorites;
export const productMedia = tables.productMedia;
export const variants = tables.variants;
export const conversations = tables.conversations;
export const messages = tables.messages;
export const carts = tables.carts;
export const cartItems = tables.cartItems;
export const shippingRates = tables.shippingRates;
export const discountCodes = tables.discountCodes;
export const discountRedemptions = tables.discountRedemptions;
export const checkouts = tables.checkouts;
export const checkoutLines = tables.checkoutLines;
export const orders = tables.orders;
export const refundRequests = tables.refundRequests;
export const reviews = tables.reviews;
export const transactions = tables.transactions;
export const downloads = tables.downloads;
export const paymentEvents = tables.paymentEvents;
export const invoices = tables.invoices;
export const taxEntries = tables.taxEntries;
export const platformSettings = tables.platformSettings;
export const helpRequests = tables.helpRequests;
export const userBlocks = tables.userBlocks;
export const rateLimits = tables.rateLimits;
export const auditLog = tables.auditLog;
export const patternVersions = tables.patternVersions;
export const userMeasurements = tables.userMeasurements;
export const sizeChartRows = tables.sizeChartRows;
export const makes = tables.makes;
export const makePhotos = tables.makePhotos;
export const makeReports = tables.makeReports;
export const testerCalls = tables.testerCalls;
export const testerApplications = tables.testerApplications;
export const testerFeedback = tables.testerFeedback;
export const cutPlans = tables.cutPlans;
export const cutPlanMarkers = tables.cutPlanMarkers;
