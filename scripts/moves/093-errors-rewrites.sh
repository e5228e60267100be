#!/usr/bin/env bash
# Issue 20, items 2 and 3 (branch i20-errors): the mechanical rewrites, idempotent; run from the repo root after
# merging, then `npx eslint --fix app tests` (import order) and `npx tsc -p .`.
#  - the one "downloadable pattern" predicate: `isDownloadPattern` lives in ~/utils/catalog (was
#    ~/models/catalog/product-types), and every `x.productType === "Pattern" && x.delivery === "Digital"` calls it;
#  - the one date helper: `.toISOString().slice(0, 10)` -> isoDay(...), `.slice(0, 16).replace("T", " ")` ->
#    isoMinute(...), both from ~/utils/dates;
#  - error tables moved into app/models/<domain>/errors.ts: LOGIN_ERRORS -> ACCOUNTS_ERRORS.login,
#    FOLLOW_ERRORS -> CATALOG_ERRORS.follow, MESSAGE_ERRORS -> MESSAGING_ERRORS.send ({status, text} -> {status, message}).
set -euo pipefail
python3 - <<'PY'
import os, re

def files():
    # The app only: tests keep computing what they expect in their own words.
    for root in ("app",):
        for dirpath, _, names in os.walk(root):
            for n in names:
                if n.endswith((".ts", ".tsx")) and not n.endswith((".test.ts", ".test.tsx")):
                    yield os.path.join(dirpath, n)

IMPORT_RE = re.compile(r'^import [^;]*?;\n', re.M | re.S)

def remove_named(s, name, module):
    """Drops `name` from `import { ... } from "module";` (the whole line if it was the only one)."""
    pat = re.compile(r'import \{([^}]*)\} from "' + re.escape(module) + r'";\n')
    def fix(m):
        names = [n.strip() for n in m.group(1).split(",") if n.strip()]
        kept = [n for n in names if n != name and n != "type " + name]
        if not kept:
            return ""
        return "import { " + ", ".join(kept) + ' } from "' + module + '";\n'
    return pat.sub(fix, s)

def ensure_named(s, name, module, path):
    if re.search(r'\b' + name + r'\b', s.replace(module, "")) is None:
        return s
    if re.search(r'import \{[^}]*\b' + name + r'\b[^}]*\} from "' + re.escape(module) + '"', s):
        return s
    if path.replace("\\", "/").endswith(module.replace("~/", "app/") + ".ts") or path.replace("\\", "/").endswith(module.replace("~/", "app/") + ".tsx"):
        return s
    m = re.search(r'import \{([^}]*)\} from "' + re.escape(module) + r'";\n', s)
    if m:
        names = [n.strip() for n in m.group(1).split(",") if n.strip()] + [name]
        return s[:m.start()] + "import { " + ", ".join(names) + ' } from "' + module + '";\n' + s[m.end():]
    last = None
    for last in IMPORT_RE.finditer(s):
        pass
    at = last.end() if last else 0
    return s[:at] + 'import { ' + name + ' } from "' + module + '";\n' + s[at:]

X = r'((?:new Date\(\))|(?:[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*))'
for path in files():
    if path.endswith(("app/utils/dates.ts", "app/utils/catalog.ts")):
        continue
    s0 = s = open(path).read()
    # The predicate.
    s = remove_named(s, "isDownloadPattern", "~/models/catalog/product-types")
    s = re.sub(r'\b([A-Za-z_$][\w$.]*)\.productType === "Pattern" && \1\.delivery === "Digital"', r'isDownloadPattern(\1.productType, \1.delivery)', s)
    s = ensure_named(s, "isDownloadPattern", "~/utils/catalog", path)
    # Dates.
    s = re.sub(X + r'\?\.toISOString\(\)\.slice\(0, 16\)\.replace\("T", " "\) \?\? null', lambda m: "isoMinute(" + m.group(1).rstrip("?") + ")", s)
    s = re.sub(X + r'\.toISOString\(\)\.slice\(0, 16\)\.replace\("T", " "\)', r'isoMinute(\1)', s)
    s = re.sub(X + r'\.toISOString\(\)\.replace\("T", " "\)\.slice\(0, 16\)', r'isoMinute(\1)', s)
    s = re.sub(X + r'\?\.toISOString\(\)\.slice\(0, 10\) \?\? null', r'isoDay(\1)', s)
    s = re.sub(X + r'\.toISOString\(\)\.slice\(0, 10\)', r'isoDay(\1)', s)
    if s != s0:
        s = ensure_named(s, "isoDay", "~/utils/dates", path) if "isoDay(" in s else s
        s = ensure_named(s, "isoMinute", "~/utils/dates", path) if "isoMinute(" in s else s
    # Error tables.
    for old, new, module, oldmod in (
        ("LOGIN_ERRORS", "ACCOUNTS_ERRORS.login", "~/models/accounts/errors.server", "~/models/accounts/login.server"),
        ("FOLLOW_ERRORS", "CATALOG_ERRORS.follow", "~/models/catalog/errors", "~/models/catalog/follows.server"),
        ("MESSAGE_ERRORS", "MESSAGING_ERRORS.send", "~/models/messaging/errors.server", "~/models/messaging/messages.server"),
    ):
        if re.search(r'\b' + old + r'\b', s) and not path.endswith("errors.ts"):
            s = remove_named(s, old, oldmod)
            s = re.sub(r'\b' + old + r'\b', new, s)
            if old == "MESSAGE_ERRORS":
                s = s.replace("const { status, text } = MESSAGING_ERRORS.send", "const { status, message } = MESSAGING_ERRORS.send")
            s = ensure_named(s, new.split(".")[0], module, path)
    if s != s0:
        open(path, "w").write(s)
        print("rewrote", path)
PY
