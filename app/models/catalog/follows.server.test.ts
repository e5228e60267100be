import { beforeEach, describe, expect, it } from "vitest";

import { stores } from "../../../db/tables";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { CATALOG_ERRORS } from "~/models/catalog/errors";
import { setFollowing } from "~/models/catalog/follows.server";
import { getStorePage } from "~/models/catalog/stores.server";
import type { Db } from "~/utils/db.server";

let db: Db;
beforeEach(() => {
  db = createTestDb();
});

describe("follows", () => {
  it("follow is idempotent, unfollow removes, nobody follows their own store", async () => {
    const owner = await makeUser(db);
    const fan = await makeUser(db);
    await db.insert(stores).values({ userId: owner.id, name: "Dart Loft" });
    expect(await setFollowing({ db, userId: fan.id, ownerId: owner.id, follow: true })).toEqual({ ok: true, followersCount: 1, isFollowing: true });
    expect(await setFollowing({ db, userId: fan.id, ownerId: owner.id, follow: true })).toEqual({ ok: true, followersCount: 1, isFollowing: true });
    expect(await getStorePage({ db, ownerId: owner.id, viewerId: fan.id })).toMatchObject({ followersCount: 1, isFollowing: true });
    expect(await setFollowing({ db, userId: owner.id, ownerId: owner.id, follow: true })).toEqual({ ok: false, error: "own-store" });
    expect(CATALOG_ERRORS.follow["own-store"].status).toBe(400);
    expect(await setFollowing({ db, userId: fan.id, ownerId: 9999, follow: true })).toEqual({ ok: false, error: "store-not-found" });
    expect(CATALOG_ERRORS.follow["store-not-found"].status).toBe(404);
    await setFollowing({ db, userId: fan.id, ownerId: owner.id, follow: false });
    expect(await getStorePage({ db, ownerId: owner.id, viewerId: fan.id })).toMatchObject({ followersCount: 0, isFollowing: false });
    expect(await getStorePage({ db, ownerId: fan.id })).toBeNull();
  });
});
