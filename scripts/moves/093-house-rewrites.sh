#!/usr/bin/env bash
# Issue 20, branch i20-house: rewrites the imports of every module this branch moved or split.
# Idempotent; run from the repository root (any branch): bash scripts/moves/093-house-rewrites.sh
# It only rewrites import statements (and renames a symbol where the map says so); the moved files themselves
# come with the merge.
set -euo pipefail
node - <<'JS'
const fs = require("fs");
const path = require("path");

// old module -> { symbol: new module } ("*" = every other symbol). Symbols may be renamed: "old>new".
const MOVES = {
  "~/utils/session.server": {
    getCookieSession: "~/utils/cookie-session.server",
    commitCookieSession: "~/utils/cookie-session.server",
    destroyCookieSession: "~/utils/cookie-session.server",
    tokenFromAuthorization: "~/utils/cookie-session.server",
    currentSessionToken: "~/utils/cookie-session.server",
    CookieSession: "~/utils/cookie-session.server",
    Flash: "~/utils/cookie-session.server",
    redirectWithFlash: "~/utils/flash.server",
    safeRedirect: "~/utils/safe-redirect",
    Viewer: "~/auth/viewer.server",
    getViewer: "~/auth/viewer.server",
    getUser: "~/auth/viewer.server",
    getApiUser: "~/auth/viewer.server",
    getCartOwner: "~/auth/viewer.server",
    ensureCartOwner: "~/auth/viewer.server",
    requireUser: "~/auth/guards.server",
    requireAnonymous: "~/auth/guards.server",
    requireSeller: "~/auth/guards.server",
    requireAdmin: "~/auth/guards.server",
    startUserSession: "~/auth/login.server",
    logout: "~/auth/login.server",
  },
  "~/utils/api.server": {
    requireApiUser: "~/auth/guards.server",
    requireApiSeller: "~/auth/guards.server",
    requireApiAdmin: "~/auth/guards.server",
  },
  "~/utils/auth.server": { "*": "~/auth/login.server" },
  "~/utils/api-params.server": { "idParam>apiIdParam": "~/utils/api-params.server" },
  // item 10: the label provider interface leaves the file that picks the provider
  "~/models/shipping/labels.server": {
    LabelInput: "~/models/shipping/label-provider",
    LabelResult: "~/models/shipping/label-provider",
    LabelProvider: "~/models/shipping/label-provider",
    LabelErrorCode: "~/models/shipping/label-provider",
  },
  // item 5: files in one domain module, app/models/files/ (store, inspect, images, serve, authorise, limits)
  "~/utils/uploads.server": {
    AcceptKind: "~/models/files/inspect.server",
    Inspected: "~/models/files/inspect.server",
    wrongContentMessage: "~/models/files/inspect.server",
    inspectFile: "~/models/files/inspect.server",
    MAX_FILE_BYTES: "~/utils/upload-limits",
    MAX_MEDIA: "~/utils/upload-limits",
    tooLargeMessage: "~/utils/multipart.server",
    TempFile: "~/utils/multipart.server",
    FileProblem: "~/utils/multipart.server",
    MultipartResult: "~/utils/multipart.server",
    UploadRequestError: "~/utils/multipart.server",
    ReadMultipartOptions: "~/utils/multipart.server",
    tempUploadsDir: "~/utils/multipart.server",
    readPageMultipart: "~/utils/multipart.server",
    readMultipart: "~/utils/multipart.server",
    TempFileWriter: "~/utils/multipart.server",
    sweepStaleTempFiles: "~/utils/multipart.server",
    "*": "~/models/files/store.server",
  },
  "~/utils/files.server": {
    resizedImage: "~/models/files/images.server",
    isImageWidth: "~/models/files/images.server",
    "*": "~/models/files/store.server",
  },
  "~/utils/send-file.server": { "*": "~/models/files/serve.server" },
  // (an intermediate state of this branch, kept so the script converges from any of its commits)
  "~/models/files/limits": { "*": "~/utils/upload-limits" },
  "~/models/files/store.server": {
    tooLargeMessage: "~/utils/multipart.server",
    TempFile: "~/utils/multipart.server",
    FileProblem: "~/utils/multipart.server",
    MultipartResult: "~/utils/multipart.server",
    UploadRequestError: "~/utils/multipart.server",
    ReadMultipartOptions: "~/utils/multipart.server",
    tempUploadsDir: "~/utils/multipart.server",
    readPageMultipart: "~/utils/multipart.server",
    readMultipart: "~/utils/multipart.server",
    TempFileWriter: "~/utils/multipart.server",
    sweepStaleTempFiles: "~/utils/multipart.server",
  },
  "~/models/platform/file-access.server": { "*": "~/models/files/authorise.server" },
  "~/models/platform/files.server": { "*": "~/models/files/store.server" },
  // item 5: the DXF generators; test-only ones under tests/ ("#" = a path from the repository root)
  "~/models/patterns/fixtures.server": {
    makePlainDxf: "#tests/fixtures/dxf",
    makeSegmentsDxf: "#tests/fixtures/dxf",
    makeOpenOutlineDxf: "#tests/fixtures/dxf",
    PlainDxfOptions: "#tests/fixtures/dxf",
    "*": "~/models/patterns/demo.server",
  },
//@@MORE_MOVES@@
};

const ROOTS = ["app", "server", "db", "tests", "scripts", "bench"];
const EXT = /\.(ts|tsx|mts|mjs)$/;
function* walk(dir) {
  if (!fs.existsSync(dir)) return;
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    if (e.name === "node_modules" || e.name.startsWith(".")) continue;
    const p = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (EXT.test(e.name)) yield p;
  }
}

const IMPORT = /import\s+(type\s+)?\{([^}]*)\}\s+from\s+"([^"]+)";?[ \t]*\n?/g;
let changed = 0;
for (const root of ROOTS) {
  for (const file of walk(root)) {
    const src = fs.readFileSync(file, "utf8");
    const renames = [];
    const out = src.replace(IMPORT, (whole, typeAll, list, spec) => {
      // A relative specifier is matched by what it points at, and rewritten relative again.
      const relative = spec.startsWith(".");
      let mod = spec;
      if (relative) {
        const target = path.relative("app", path.resolve(path.dirname(file), spec)).split(path.sep).join("/");
        if (target.startsWith("..")) return whole;
        mod = `~/${target}`;
      }
      const map = MOVES[mod];
      if (!map) return whole;
      const groups = new Map();
      for (const raw of list.split(",").map((s) => s.trim()).filter(Boolean)) {
        const m = /^(type\s+)?(\w+)(\s+as\s+(\w+))?$/.exec(raw);
        if (!m) throw new Error(`${file}: cannot read import specifier ${raw}`);
        const [, typeOne, name, , alias] = m;
        let target = mod;
        let newName = name;
        for (const [key, to] of Object.entries(map)) {
          const [from, renamed] = key.split(">");
          if (from === name) { target = to; newName = renamed ?? name; break; }
        }
        if (target === mod && newName === name && map["*"]) target = map["*"];
        if (newName !== name && !alias) renames.push([name, newName]);
        const spec = `${typeOne && !typeAll ? "type " : ""}${newName}${alias ? ` as ${alias}` : ""}`;
        if (!groups.has(target)) groups.set(target, []);
        groups.get(target).push(spec);
      }
      const written = (to) => {
        if (!relative && !to.startsWith("#")) return to;
        const target = to.startsWith("#") ? to.slice(1) : path.join("app", to.slice(2));
        const rel = path.relative(path.dirname(file), target).split(path.sep).join("/");
        return rel.startsWith(".") ? rel : `./${rel}`;
      };
      return [...groups.entries()]
        .map(([to, specs]) => `import ${typeAll ? "type " : ""}{ ${specs.join(", ")} } from "${to === mod ? spec : written(to)}";\n`)
        .join("");
    });
    let next = out;
    for (const [from, to] of renames) next = next.replace(new RegExp(`\\b${from}\\b(?=\\s*\\()`, "g"), to);
    if (next !== src) {
      fs.writeFileSync(file, next);
      changed++;
    }
  }
}
console.log(`i20-house rewrites: ${changed} file(s) changed`);
JS
