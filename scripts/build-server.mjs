// Runs after `remix vite:build` (build/client: the browser's assets; build/server/index.js: the Remix server build).
// Bundles the server for production and pre-compresses the fingerprinted client assets:
// build/server.js (server/main.ts: the supervisor) runs build/app.js (server.ts) in its workers; the pattern worker
// pool (app/models/patterns/pool.server.ts, inside build/server/index.js) runs build/server/pattern-worker.js in its
// threads.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

import { build } from "esbuild";

await build({
  entryPoints: { server: "server/main.ts", app: "server.ts", "server/pattern-worker": "app/models/patterns/worker.ts" },
  outdir: "build",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  logLevel: "warning",
  plugins: [
    {
      // The `~/` alias of tsconfig.json (app/), which `packages: "external"` would otherwise leave to Node.
      name: "app-alias",
      setup(b) {
        b.onResolve({ filter: /^~\// }, (args) =>
          b.resolve(`./${args.path.slice(2)}`, { resolveDir: path.resolve("app"), kind: args.kind }),
        );
      },
    },
  ],
});

let count = 0;
function walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(file);
    else if (/\.(js|css|map|svg|json)$/.test(entry.name)) {
      const source = fs.readFileSync(file);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
      count++;
    }
  }
}
walk("build/client/assets");
console.log(`[build] server bundled; ${count} assets pre-compressed`);
