#!/usr/bin/env bash
# Issue 20, item 8 (branch i20-vite): route modules grouped by area in `+` folders (remix-flat-routes), URLs
# unchanged. Idempotent; run from the repo root (on any branch that has the flat app/routes/ of main, or after a merge
# of i20-vite, to fix imports that other branches added or changed):
#   1. git mv each route module (and the shared helpers) to its area folder, if it is still at its old path;
#   2. rewrites `~/routes/<old>` imports and route ids ("routes/<old>") in app/, server/, tests/, db/;
#   3. repairs relative imports under app/routes/ that no longer resolve (moved targets, or one folder deeper).
set -euo pipefail
[ -d app/routes ] || { echo "run from the repo root" >&2; exit 1; }
python3 - <<'EOF'
import os, re, subprocess

R = "app/routes"

def area(name):
    """The area folder of a route module (by its flat file name, or its folder's name)."""
    if name.startswith("api.admin."): return "_api+/_admin+"
    if name.startswith("api.user."): return "_api+/_user+"
    if name.startswith("api.auth."): return "_api+/_auth+"
    if name.startswith("api."): return "_api+"
    if name.startswith("admin"): return "_admin+"
    for prefix, folder in [
        (("_index", "best-sellers", "popular", "product.", "store."), "_catalog+"),
        (("privacy", "terms", "$."), "_pages+"),
        (("login", "logout", "register", "recover", "reset-password", "profile", "settings"), "_account+"),
        (("cart", "checkout.", "pay.", "purchase.", "purchases.", "download."), "_buying+"),
        (("become-seller", "create-design", "edit-product", "my-designs", "my-finance", "my-orders", "sale.", "store-settings"), "_selling+"),
        (("help", "message.", "messages"), "_messaging+"),
    ]:
        if name.startswith(prefix): return folder
    raise SystemExit(f"no area for {name}")

# Helpers shared by several routes leave the folder of the route they sat in (a route never imports another route's
# folder): they go next to the routes that use them, as non-route `.server.ts` modules of the area folder.
SHARED = {
    "_index/catalog-page.server.ts": "_catalog+/catalog-page.server.ts",
    "edit-product.$id/design-action.server.ts": "_selling+/design-action.server.ts",
    "api.user.follow-store.$id/follow.server.ts": "_api+/_user+/follow.server.ts",
}

moves = {}  # old path (relative to app/routes) -> new path
for name in sorted(os.listdir(R)):
    path = os.path.join(R, name)
    if name.endswith("+") or name.startswith("."):
        continue
    if os.path.isdir(path):
        for inner in sorted(os.listdir(path)):
            old = f"{name}/{inner}"
            moves[old] = SHARED.get(old, f"{area(name)}/{name}/{inner}")
    else:
        moves[name] = f"{area(name)}/{name}"
# Known moves, also when already done (for the rewrites on another branch after the merge).
for old, new in SHARED.items():
    moves.setdefault(old, new)

for old, new in moves.items():
    src, dst = os.path.join(R, old), os.path.join(R, new)
    if os.path.exists(src) and not os.path.exists(dst):
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        subprocess.run(["git", "mv", src, dst], check=True)
for name in os.listdir(R):
    p = os.path.join(R, name)
    if os.path.isdir(p) and not os.listdir(p):
        os.rmdir(p)

def strip(p):
    return re.sub(r"\.(tsx?|jsx?)$", "", p)

# The full list of moves as module specifiers (without extension), old -> new, also from the folder layout on disk.
spec = {strip(o): strip(n) for o, n in moves.items()}
for root, _, files in os.walk(R):
    for f in files:
        rel = os.path.relpath(os.path.join(root, f), R)
        parts = rel.split("/")
        if parts[0].endswith("+"):
            flat = "/".join(p for p in parts if not p.endswith("+"))
            spec.setdefault(strip(flat), strip(rel))
route_id = {f"routes/{o[:-len('/route')] if o.endswith('/route') else o}": f"routes/{n[:-len('/route')] if n.endswith('/route') else n}" for o, n in spec.items()}

def sources():
    for top in ["app", "server", "tests", "db", "bench"]:
        for root, dirs, files in os.walk(top):
            dirs[:] = [d for d in dirs if d not in ("node_modules", "build")]
            for f in files:
                if re.search(r"\.(tsx?|mjs|js)$", f):
                    yield os.path.join(root, f)

EXTS = ["", ".ts", ".tsx", ".js", ".mjs", "/index.ts", "/index.tsx"]
def resolves(base, target):
    return any(os.path.exists(os.path.normpath(os.path.join(base, target)) + e) for e in EXTS)

changed = 0
for file in sources():
    text = open(file, encoding="utf8").read()
    new = text
    # 2. ~/routes/<old> imports and route ids.
    def alias(m):
        s = m.group(2)
        return m.group(1) + "~/routes/" + spec.get(s, s) + m.group(3)
    new = re.sub(r"""(["'])~/routes/([^"']+)(["'])""", alias, new)
    def rid(m):
        return m.group(1) + route_id.get(m.group(2), m.group(2)) + m.group(3)
    if file.startswith("app/"):
        new = re.sub(r"""(["'])(routes/[^"']+)(["'])""", rid, new)
    # 3. Relative imports under app/routes that do not resolve any more.
    if file.startswith(R + "/"):
        base = os.path.dirname(file)
        def rel(m):
            target = m.group(2)
            if resolves(base, target):
                return m.group(0)
            # A moved module: the target as seen from the file's flat (pre-move) folder, then where it is now.
            parts = os.path.relpath(file, R).split("/")
            flat_dir = os.path.join(R, *[p for p in parts[:-1] if not p.endswith("+")])
            old_target = os.path.relpath(os.path.normpath(os.path.join(flat_dir, target)), R)
            if strip(old_target) in spec:
                moved = os.path.join(R, spec[strip(old_target)])
                out = os.path.relpath(moved, base)
                return m.group(1) + (out if out.startswith(".") else "./" + out) + m.group(3)
            # Outside app/routes (db/, server/): as many ../ as the file's depth needs.
            stripped = re.sub(r"^(\.\./)+", "", target)
            for depth in range(1, 8):
                cand = "../" * depth + stripped
                if resolves(base, cand):
                    return m.group(1) + cand + m.group(3)
            return m.group(0)
        new = re.sub(r"""(from\s+["']|import\(["'])(\.{1,2}/[^"']+)(["'])""", rel, new)
    if new != text:
        open(file, "w", encoding="utf8").write(new)
        changed += 1
print(f"[i20-vite] {len(moves)} moves checked, {changed} files rewritten")
EOF
