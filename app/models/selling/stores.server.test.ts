import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";

import type { Db } from "../../../db/client";
import { files, stores } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { pngImage, withUploadDir } from "../../../tests/unit/upload-fixtures";
import { PayoutSchema, STORE_MESSAGES } from "~/schemas/selling";
import { decryptSecret } from "~/utils/crypto.server";
import { ownStoreJson, payoutDetails, saveStore } from "./stores.server";
import { first as firstRow } from "~/utils/db.server";
import { isUniqueViolation } from "~/utils/sql-dialect.server";

let db: Db;
let userId: number;

const data = withUploadDir("stores");
const temp = data.temp;
beforeEach(async () => {
  db = createTestDb();
  userId = (await makeUser(db)).id;
});

const image = (color = "#1d4ed8") => pngImage(color, 20, 20);
const payout = (v: Record<string, string>) => PayoutSchema.parse(v);

describe("saveStore", () => {
  it("creates the store on the first save, encrypts the account number and shows it masked", async () => {
    const first = await saveStore({
      db,
      userId,
      input: { name: "Needle & Co", bio: "Patterns." },
      payout: payout({ accountname: "N", accountnumber: "000111222333", accountrouting: "110000000", accounttype: "savings" }),
      logo: await temp("avatar", "logo.png", image()),
      media: { keep: null },
      newMedia: [await temp("images", "a.png", image("#000")), await temp("images", "b.png", image("#fff"))],
    });
    if (!first.ok) throw new Error(JSON.stringify(first));
    expect(first.created).toBe(true);
    const row = (await firstRow(db.select().from(stores).where(eq(stores.userId, userId)).limit(1)))!;
    expect(row.accountNumber).not.toContain("000111222333");
    expect(decryptSecret(row.accountNumber)).toBe("000111222333");
    expect(row.accountLast4).toBe("2333");
    expect(payoutDetails(row)).toEqual({ accountname: "N", accountnumber: "****2333", accountrouting: "110000000", accounttype: "savings" });
    const json = await ownStoreJson({ db, store: row });
    expect(json.media).toHaveLength(2);
    expect(JSON.stringify(json)).not.toContain("000111222333");

    // The masked number sent back keeps the stored one; a new logo replaces (and deletes) the old one.
    const oldLogo = row.avatar!;
    const second = await saveStore({
      db,
      userId,
      input: { name: "Needle & Co", bio: "More patterns." },
      payout: payout({ accountname: "N", accountnumber: "****2333", accountrouting: "110000000", accounttype: "checking" }),
      logo: await temp("avatar", "logo2.png", image("#f00")),
      media: { keep: [json.media[1]!.id] },
      newMedia: [],
    });
    expect(second).toMatchObject({ ok: true, created: false });
    const after = (await firstRow(db.select().from(stores).where(eq(stores.userId, userId)).limit(1)))!;
    expect(decryptSecret(after.accountNumber)).toBe("000111222333");
    expect(after.accountType).toBe("checking");
    expect(fs.existsSync(path.join(data.dir, "uploads", oldLogo))).toBe(false);
    expect(await firstRow(db.select().from(files).where(eq(files.name, oldLogo)).limit(1))).toBeUndefined();
    expect((await ownStoreJson({ db, store: after })).media.map((m) => m.id)).toEqual([json.media[1]!.id]);

    // A new account name and type with the number left empty (the page shows it only masked) keep the stored
    // number (issue 34 item 22).
    const third = await saveStore({
      db,
      userId,
      input: { name: "Needle & Co", bio: "More patterns." },
      payout: payout({ accountname: "Needle and Co LLC", accountnumber: "", accountrouting: "110000000", accounttype: "savings" }),
      media: { keep: null },
      newMedia: [],
    });
    expect(third).toMatchObject({ ok: true, created: false });
    const renamed = (await firstRow(db.select().from(stores).where(eq(stores.userId, userId)).limit(1)))!;
    expect(decryptSecret(renamed.accountNumber)).toBe("000111222333");
    expect(payoutDetails(renamed)).toEqual({ accountname: "Needle and Co LLC", accountnumber: "****2333", accountrouting: "110000000", accounttype: "savings" });
  });

  it("an empty account number with no number stored is refused: the three go together", async () => {
    const result = await saveStore({
      db,
      userId,
      input: { name: "Fresh Store", bio: "B" },
      payout: payout({ accountname: "N", accountnumber: "", accountrouting: "110000000", accounttype: "checking" }),
      media: { keep: null },
      newMedia: [],
    });
    expect(result).toEqual({ ok: false, errors: { accountnumber: ["Enter the account name, account number and routing number together"] } });
    expect(await db.select().from(stores)).toEqual([]);
  });

  it("refuses more than 10 media, a masked number that is not the stored one and a logo that is not an image", async () => {
    const result = await saveStore({
      db,
      userId,
      input: { name: "S", bio: "B" },
      payout: payout({ accountname: "N", accountnumber: "****9999", accountrouting: "110000000", accounttype: "checking" }),
      logo: await temp("avatar", "logo.png", Buffer.from("not an image")),
      media: { keep: null },
      newMedia: await Promise.all(Array.from({ length: 11 }, (_, i) => temp("images", `${i}.png`, image()))),
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        images: ["A store can have at most 10 images or videos"],
        accountnumber: ["Account number must be 4 to 17 digits"],
        avatar: ["logo.png is not an image (JPEG, PNG, GIF, WebP or BMP)."],
      },
    });
    expect(await db.select().from(stores)).toEqual([]);
    expect(await db.select().from(files)).toEqual([]);
  });

  it("payout details come complete or not at all", () => {
    expect(PayoutSchema.safeParse({ accountname: "N", accountnumber: "", accountrouting: "" }).success).toBe(false);
    expect(PayoutSchema.safeParse({ accountname: "", accountnumber: "123456", accountrouting: "110000000" }).success).toBe(false);
    // A name and routing number alone: the stored number is kept (saveStore refuses it when none is stored).
    expect(PayoutSchema.safeParse({ accountname: "N", accountnumber: "", accountrouting: "110000000" }).success).toBe(true);
    expect(PayoutSchema.safeParse({ accountrouting: "12345" }).success).toBe(false);
    expect(PayoutSchema.parse({})).toEqual({ accountname: "", accountnumber: "", accountrouting: "", accounttype: "checking" });
  });
});

describe("store names are unique, whatever their case and surrounding spaces", () => {
  const save = (owner: number, name: string, extra: Partial<Parameters<typeof saveStore>[0]> = {}) =>
    saveStore({ db, userId: owner, input: { name, bio: "Bio." }, payout: null, media: { keep: null }, newMedia: [], ...extra });

  it("refuses a name another store has, at the name field, when opening a store and when renaming one", async () => {
    expect(STORE_MESSAGES.nameTaken).toBe("This store name is already taken. Please choose another one.");
    expect(await save(userId, "Stitch & Seam Atelier")).toMatchObject({ ok: true, created: true });
    const second = (await makeUser(db)).id;
    const refused = await save(second, "  STITCH & seam atelier ", { logo: await temp("avatar", "logo.png", image()) });
    expect(refused).toEqual({ ok: false, errors: { name: [STORE_MESSAGES.nameTaken] } });
    expect(await firstRow(db.select().from(stores).where(eq(stores.userId, second)).limit(1))).toBeUndefined();
    expect(await db.select().from(files)).toEqual([]);

    expect(await save(second, "Seam Ripper Supply")).toMatchObject({ ok: true, created: true });
    expect(await save(second, "stitch & seam ATELIER")).toEqual({ ok: false, errors: { name: [STORE_MESSAGES.nameTaken] } });
    expect(await firstRow(db.select({ name: stores.name }).from(stores).where(eq(stores.userId, second)).limit(1))).toEqual({ name: "Seam Ripper Supply" });
    // A store may keep its own name, or change only its case.
    expect(await save(userId, "STITCH & SEAM ATELIER")).toMatchObject({ ok: true, created: false });
  });

  it("two stores saving one new name at the same time: one gets it, the other the field error", async () => {
    const other = (await makeUser(db)).id;
    // Files make each save wait for the disk between its first check and its write.
    const results = await Promise.all([
      save(userId, "Bias Binding Co", { logo: await temp("avatar", "a.png", image("#000")) }),
      save(other, "bias binding co", { logo: await temp("avatar", "b.png", image("#fff")) }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, errors: { name: [STORE_MESSAGES.nameTaken] } }]);
    expect(await db.select().from(stores)).toHaveLength(1);
    // Only the saved store's logo is kept.
    expect(await db.select().from(files)).toHaveLength(1);
  });

  it("the database refuses a duplicate written past the model (case, spaces); unnamed stores do not count", async () => {
    const insert = async (owner: number, name: string) => await db.insert(stores).values({ userId: owner, name });
    const [b, c, d] = [(await makeUser(db)).id, (await makeUser(db)).id, (await makeUser(db)).id];
    await insert(userId, "Okafor Atelier");
    await expect(insert(b, " okafor ATELIER ")).rejects.toSatisfy(isUniqueViolation);
    await insert(c, "");
    await insert(d, "");
    expect(await db.select().from(stores)).toHaveLength(3);
  });
});
