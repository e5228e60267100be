/** Writing the plan: every planned row inserted in one transaction, with ids reserved from each table (reserveIds). */
import { eq } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";

import { READER_VERSION } from "../../app/models/patterns/dxf.server";
import { encryptSecret } from "../../app/utils/crypto.server";
import type { Db } from "../client";
import {
  files,
  follows,
  patternVersions,
  platformSettings,
  productMedia,
  products,
  reviews,
  sizeChartRows,
  storeMedia,
  stores,
  users,
  variants,
} from "../tables";
import { demoSizeChart } from "./assets";
import type { Plan } from "./plan";
import type { PlannedFile } from "./uploads";
import { DEMO_ACCOUNT_NUMBER, slug } from "./words";
import { reserveIds } from "../../app/utils/sql-dialect.server";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

const BATCH_SIZE = 400;

async function insertInBatches<T extends SQLiteTable>(tx: Tx, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    await tx.insert(table).values(rows.slice(i, i + BATCH_SIZE));
  }
}

const LOS_ANGELES_STUDIO = {
  shippingName: "Patternhouse Print Studio",
  street: "1200 S Santa Fe Ave",
  street2: "Suite 4",
  city: "Los Angeles",
  state: "CA",
  postalCode: "90021",
  phone: "+1 213 555 0142",
  email: "studio@patternhouse.test",
  country: "US",
  // Refund requests, make reports and help requests: the platform's own address, not the studio's (issue 46 item 19).
  contactEmail: "support@patternhouse.test",
};

export async function writePlan(tx: Tx, plan: Plan, fileRows: readonly PlannedFile[], dataKey: Buffer) {
  // Planned rows carry explicit ids, reserved from each table (SQLite: after the highest ever used; PostgreSQL: from
  // the identity sequence, which an explicit id would otherwise leave behind: decision 160).
  const userIds = await reserveIds(tx, "users", plan.users.length);
  const storeIds = await reserveIds(tx, "stores", plan.stores.length);
  const productIds = await reserveIds(tx, "products", plan.products.length);
  const userId = (index: number) => userIds[index]!;
  const storeId = (index: number) => storeIds[index]!;
  const productId = (index: number) => productIds[index]!;

  await insertInBatches(
    tx,
    users,
    plan.users.map((u, i) => ({
      id: userId(i),
      email: u.email,
      passwordHash: u.passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      phone: u.phone,
      street: u.street,
      street2: u.street2 ?? "",
      city: u.city,
      state: u.state,
      postalCode: u.postalCode,
      country: u.country,
      createdAt: u.createdAt,
    })),
  );

  await insertInBatches(
    tx,
    files,
    fileRows.map((f) => ({
      name: f.name,
      originalName: f.originalName,
      contentType: f.contentType,
      size: f.size,
      kind: f.kind,
      ownerId: userId(f.owner),
    })),
  );

  await insertInBatches(
    tx,
    stores,
    plan.stores.map((s, i) => {
      const owner = plan.users[s.owner]!;
      const payout =
        s.stripe === "onboarded"
          ? {
              accountName: `${owner.firstName} ${owner.lastName}`,
              accountNumber: encryptSecret(DEMO_ACCOUNT_NUMBER, dataKey),
              accountLast4: DEMO_ACCOUNT_NUMBER.slice(-4),
              accountRouting: "110000000",
            }
          : {};
      return {
        id: storeId(i),
        userId: userId(s.owner),
        name: s.name,
        avatar: s.avatar,
        bio: s.bio,
        stripeAccountId: i === 0 ? "acct_local_demo" : s.stripe === "none" ? null : `acct_local_${slug(s.name).replace(/-/g, "")}`,
        stripeOnboarded: s.stripe === "onboarded",
        ...payout,
        createdAt: s.createdAt,
      };
    }),
  );
  await insertInBatches(
    tx,
    storeMedia,
    plan.stores.flatMap((s, i) => s.media.map((media, position) => ({ storeId: storeId(i), media, position }))),
  );

  await insertInBatches(
    tx,
    products,
    plan.products.map((p, i) => ({
      id: productId(i),
      storeId: storeId(p.store),
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      type: p.type,
      delivery: p.delivery,
      category1: p.category1,
      category2: p.category2,
      terms: p.terms,
      patternFile: p.patternFile,
      parcelSize: p.parcelSize,
      sizeChart: p.sizeChart,
      sold: p.sold,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
  );
  // Pattern rows are large (tens of KB): small batches.
  const versionRows = plan.products.flatMap((p, i) =>
    p.patternFile
      ? [{ productId: productId(i), version: 1, file: p.patternFile, data: p.patternData, readerVersion: p.patternData === "{}" ? 0 : READER_VERSION, createdAt: p.createdAt }]
      : [],
  );
  for (let i = 0; i < versionRows.length; i += 50) await tx.insert(patternVersions).values(versionRows.slice(i, i + 50));
  await insertInBatches(
    tx,
    sizeChartRows,
    plan.products.flatMap((p, i) => demoSizeChart(p.patternData).map((row) => ({ productId: productId(i), ...row }))),
  );
  await insertInBatches(
    tx,
    productMedia,
    plan.products.flatMap((p, i) => p.media.map((media, position) => ({ productId: productId(i), media, position }))),
  );
  await insertInBatches(
    tx,
    variants,
    plan.products.flatMap((p, i) =>
      p.variants.map((v, position) => ({ productId: productId(i), name: "Size", ...v, position })),
    ),
  );

  await insertInBatches(
    tx,
    follows,
    plan.follows.map((f) => ({ userId: userId(f.user), storeId: storeId(f.store), createdAt: f.createdAt })),
  );
  await insertInBatches(
    tx,
    reviews,
    plan.reviews.map((r) => ({
      productId: productId(r.product),
      name: r.name,
      star: r.star,
      comment: r.comment,
      createdAt: r.createdAt,
    })),
  );

  // The row itself comes from migration 0003 with the schema's default fees; the demo adds the print studio.
  await tx.update(platformSettings).set(LOS_ANGELES_STUDIO).where(eq(platformSettings.id, 1));
}
