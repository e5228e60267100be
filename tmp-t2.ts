import { makeAstmDxf } from "./app/models/patterns/fixtures.server";
import { readPattern } from "./app/models/patterns/dxf.server";
import DxfParser from "dxf-parser";
const big = makeAstmDxf({ pieces: 10, sizes: ["34","36","38","40","42","44","46","48","50","52","54","56","58","60","62"] });
console.log("size", big.length);
for (let i = 0; i < 5; i++) {
let t = performance.now();
new DxfParser().parseSync(big);
const a = performance.now() - t; t = performance.now();
const r = readPattern(big);
console.log("parser", a.toFixed(0), "read", (performance.now() - t).toFixed(0), r.ok);
}
