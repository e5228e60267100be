import fs from "node:fs";
import path from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { useTestEnv } from "../../../tests/unit/buying-fixtures";
import { HELD_TTL_MS, holdFiles, MAX_HELD_FILES, releaseHeld, takeHeldFiles } from "./held.server";

let dir: string;
beforeAll(() => {
  dir = useTestEnv();
});

function temp(name: string, text: string) {
  const file = path.join(dir, `tmp-${name}`);
  fs.writeFileSync(file, text);
  return { field: "media", originalName: name, declaredType: "image/png", path: file, size: text.length };
}

describe("files held across a failed submit", () => {
  it("are taken back only by their owner, within their day, and go when released", async () => {
    const now = Date.now();
    const [held] = await holdFiles({ ownerId: 1, files: [temp("a.png", "first")], now });
    expect(held).toMatchObject({ field: "media", originalName: "a.png", size: 5 });
    expect(await takeHeldFiles({ ownerId: 2, tokens: [held!.token], now })).toEqual([]);
    expect(await takeHeldFiles({ ownerId: 1, tokens: ["../../etc/passwd", "0".repeat(32)], now })).toEqual([]);
    expect(await takeHeldFiles({ ownerId: 1, tokens: [held!.token], now: now + HELD_TTL_MS + 1 })).toEqual([]);
    const [taken] = await takeHeldFiles({ ownerId: 1, tokens: [held!.token, held!.token], now });
    expect(fs.readFileSync(taken!.path, "utf8")).toBe("first");
    await releaseHeld({ ownerId: 1, tokens: [held!.token] });
    expect(await takeHeldFiles({ ownerId: 1, tokens: [held!.token], now })).toEqual([]);
  });

  it("are released only by their owner (issue 46, item 8: another user's held_drop leaves them)", async () => {
    const now = Date.now();
    const [held] = await holdFiles({ ownerId: 4, files: [temp("mine.png", "mine")], now });
    await releaseHeld({ ownerId: 5, tokens: [held!.token] });
    expect(await takeHeldFiles({ ownerId: 4, tokens: [held!.token], now })).toHaveLength(1);
    await releaseHeld({ ownerId: 4, tokens: [held!.token] });
    expect(await takeHeldFiles({ ownerId: 4, tokens: [held!.token], now })).toEqual([]);
  });

  it("keeps at most MAX_HELD_FILES per owner, the oldest going first", async () => {
    const first = await holdFiles({ ownerId: 3, files: [temp("old.png", "old")], now: 1_000 });
    await holdFiles({ ownerId: 3, files: Array.from({ length: MAX_HELD_FILES }, (_, i) => temp(`n${i}.png`, "new")), now: 2_000 });
    expect(await takeHeldFiles({ ownerId: 3, tokens: [first[0]!.token], now: 2_000 })).toEqual([]);
    expect(fs.readdirSync(path.join(dir, "held")).filter((n) => n.endsWith(".json"))).toHaveLength(MAX_HELD_FILES);
  });
});
