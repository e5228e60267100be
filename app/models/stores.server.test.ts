import { beforeEach, describe, expect, it } from "vitest";

import { files, products, stores } from "../../db/schema";
import { createTestDb, makeUser } from "../../tests/unit/helpers";
import type { Db } from "../utils/db.server";
import { canReadPrivateFile } from "./file-access.server";
import { followStore, getStorePage, unfollowStore } from "./stores.server";

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe("follows", () => {
  it("follow is idempotent, unfollow removes, nobody follows their own store", async () => {
    const owner = await makeUser(db);
    const fan = await makeUser(db);
    db.insert(stores).values({ userId: owner.id, name: "Dart Loft" }).run();
    expect(followStore({ db, userId: fan.id, ownerId: owner.id })).toEqual({ ok: true });
    expect(followStore({ db, userId: fan.id, ownerId: owner.id })).toEqual({ ok: true });
    expect(getStorePage({ db, ownerId: owner.id, viewerId: fan.id })).toMatchObject({ followersCount: 1, isFollowing: true });
    expect(followStore({ db, userId: owner.id, ownerId: owner.id })).toMatchObject({ ok: false, status: 400 });
    expect(followStore({ db, userId: fan.id, ownerId: 9999 })).toMatchObject({ ok: false, status: 404 });
    unfollowStore({ db, userId: fan.id, ownerId: owner.id });
    expect(getStorePage({ db, ownerId: owner.id, viewerId: fan.id })).toMatchObject({ followersCount: 0, isFollowing: false });
    expect(getStorePage({ db, ownerId: fan.id })).toBeNull();
  });
});

describe("canReadPrivateFile", () => {
  it("allows the uploader, the seller whose product uses it and admins", async () => {
    const seller = await makeUser(db);
    const other = await makeUser(db);
    const admin = await makeUser(db, { role: "admin" });
    const store = db.insert(stores).values({ userId: seller.id, name: "S" }).returning().get();
    db.insert(files).values({ name: "f.dxf", originalName: "p.dxf", contentType: "application/dxf", size: 1, kind: "pattern", ownerId: null }).run();
    db.insert(products)
      .values({ storeId: store.id, name: "P", description: "d", priceCents: 900, type: "Pattern", delivery: "Digital", category1: "women", category2: "tops", patternFile: "f.dxf" })
      .run();
    const file = { name: "f.dxf", ownerId: null };
    expect(canReadPrivateFile({ db, user: seller, file })).toBe(true);
    expect(canReadPrivateFile({ db, user: admin, file })).toBe(true);
    expect(canReadPrivateFile({ db, user: other, file })).toBe(false);
    expect(canReadPrivateFile({ db, user: null, file })).toBe(false);
    expect(canReadPrivateFile({ db, user: other, file: { name: "r.pdf", ownerId: other.id } })).toBe(true);
  });
});
