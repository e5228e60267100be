import fs from "node:fs";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";

import { files } from "../../../db/tables";
import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { toPublicProfile, updatePublicProfile } from "~/models/accounts/profile.server";
import { createSession, getSessionUser } from "~/models/accounts/sessions.server";
import { getUserById } from "~/models/accounts/users.server";
import { sendMessage } from "~/models/messaging/messages.server";
import { first as firstRow } from "~/utils/db.server";

function temp(dir: string, name: string, bytes: Buffer) {
  const file = path.join(dir, `${Math.random().toString(16).slice(2)}.part`);
  fs.writeFileSync(file, bytes);
  return { field: "avatar", originalName: name, declaredType: "image/png", path: file, size: bytes.length };
}

describe("the profile's face", () => {
  it("saves the bio and an avatar checked by content; a replaced avatar file is deleted", async () => {
    const dir = useTestEnv();
    const db = createTestDb();
    const user = await makeUser(db);
    const bad = await updatePublicProfile({ db, userId: user.id, input: { bio: "Hi" }, avatar: temp(dir, "me.png", Buffer.from("MZ not an image")) });
    expect(bad).toEqual({ ok: false, field: "avatar", message: "me.png is not an image (JPEG, PNG, GIF, WebP or BMP)." });
    expect(toPublicProfile((await getUserById({ db, userId: user.id }))!)).toMatchObject({ avatar: null, bio: "" });

    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#123456" } }).png().toBuffer();
    expect(await updatePublicProfile({ db, userId: user.id, input: { bio: "I sew." }, avatar: temp(dir, "me.png", png) })).toEqual({ ok: true });
    const first = (await getUserById({ db, userId: user.id }))!;
    expect(first).toMatchObject({ bio: "I sew.", avatar: expect.stringMatching(/^[a-f0-9]{32}\.png$/) });
    expect(await firstRow(db.select().from(files).where(eq(files.name, first.avatar!)).limit(1))).toMatchObject({ kind: "avatar", ownerId: user.id });

    await updatePublicProfile({ db, userId: user.id, input: { bio: "I sew." }, avatar: temp(dir, "new.png", png) });
    const second = (await getUserById({ db, userId: user.id }))!;
    expect(second.avatar).not.toBe(first.avatar);
    expect(await firstRow(db.select().from(files).where(eq(files.name, first.avatar!)).limit(1))).toBeUndefined();
    expect(fs.existsSync(path.join(dir, "uploads", first.avatar!))).toBe(false);

    // Saving without a file keeps it; removeAvatar clears it.
    await updatePublicProfile({ db, userId: user.id, input: { bio: "Still me" }, avatar: null });
    expect((await getUserById({ db, userId: user.id }))!.avatar).toBe(second.avatar);
    await updatePublicProfile({ db, userId: user.id, input: { bio: "Still me" }, avatar: null, removeAvatar: true });
    expect((await getUserById({ db, userId: user.id }))!.avatar).toBeNull();
  });

  it("the session's user carries the unread conversation count (one statement for the header)", async () => {
    const db = createTestDb();
    const reader = await makeUser(db);
    const writer = await makeUser(db);
    const token = await createSession({ db, userId: reader.id });
    expect((await getSessionUser({ db, token }))?.unreadConversations).toBe(0);
    await sendMessage({ db, senderId: writer.id, to: reader.id, content: "Hello" });
    expect(await getSessionUser({ db, token })).toMatchObject({ id: reader.id, unreadConversations: 1 });
  });
});
