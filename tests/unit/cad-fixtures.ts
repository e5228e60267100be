/** The real CAD exports in tests/fixtures/cad-dxf (see its README): name and DXF bytes, in name order. */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const DIR = fileURLToPath(new URL("../fixtures/cad-dxf/", import.meta.url));

export function cadFixtures(): { name: string; bytes: Buffer }[] {
  return fs
    .readdirSync(DIR)
    .filter((f) => f.endsWith(".gz"))
    .sort()
    .map((f) => ({ name: f.slice(0, -3), bytes: zlib.gunzipSync(fs.readFileSync(path.join(DIR, f))) }));
}
