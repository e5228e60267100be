import { describe, expect, it } from "vitest";

import { createTestDb, makeUser } from "../../../tests/unit/helpers";
import { changePassword, isProfileComplete, toProfile, updateProfile } from "~/models/accounts/profile.server";
import { createSession, getSessionUser } from "~/models/accounts/sessions.server";
import { getUserById } from "~/models/accounts/users.server";

const ADDRESS = { first_name: "Ada", last_name: "L", street: "1 A St", street2: "", city: "X", state: "Y", zip: "123", country: "US", phone: "+1 555 0100" };

describe("profile", () => {
  it("is complete only with every required field (spec 5)", async () => {
    const db = createTestDb();
    const user = await makeUser(db);
    expect(isProfileComplete(user)).toBe(false);
    expect(await updateProfile({ db, userId: user.id, input: ADDRESS })).toEqual({ ...toProfile((await getUserById({ db, userId: user.id }))!), postal_code: "123" });
    expect(isProfileComplete((await getUserById({ db, userId: user.id }))!)).toBe(true);
    await updateProfile({ db, userId: user.id, input: { ...ADDRESS, state: " " } });
    expect(isProfileComplete((await getUserById({ db, userId: user.id }))!)).toBe(false);
  });

  it("changes the password after checking the old one, ending the other sessions", async () => {
    const db = createTestDb();
    const user = await makeUser(db, { password: "old-password-1" });
    const mine = await createSession({ db, userId: user.id });
    const other = await createSession({ db, userId: user.id });
    expect(await changePassword({ db, user, oldPassword: "wrong", newPassword: "new-password-1", keepToken: mine })).toEqual({
      ok: false,
      error: "wrong-password",
    });
    expect(await changePassword({ db, user, oldPassword: "old-password-1", newPassword: "new-password-1", keepToken: mine })).toEqual({ ok: true });
    expect((await getSessionUser({ db, token: mine }))?.id).toBe(user.id);
    expect(await getSessionUser({ db, token: other })).toBeNull();
  });
});
