#!/usr/bin/env bash
# Issue 20, item 3 (branch i20-views): the one import that moved, idempotent; run from the repo root after merging,
# then `npx eslint --fix app` (import order) and `npx tsc -p .`.
#  - `toAuditView` (an audit trail's rows as the admin pages list them) moved from ~/components/admin/audit-log to
#    ~/models/admin/views.server: a record -> view mapping belongs to the domain's view module, not to a component.
set -euo pipefail
for f in $(grep -rl --include='*.ts' --include='*.tsx' 'toAuditView' app | grep -v 'app/models/admin/views.server.ts'); do
  grep -q 'toAuditView.*from "~/components/admin/audit-log"' "$f" || continue
  sed -i -E 's/^import \{ AuditLog, toAuditView \} from "~\/components\/admin\/audit-log";/import { AuditLog } from "~\/components\/admin\/audit-log";/;
             s/^import \{ toAuditView \} from "~\/components\/admin\/audit-log";\n?//' "$f"
  if grep -q 'from "~/models/admin/views.server";' "$f"; then
    sed -i -E 's/^import \{ ([^}]*) \} from "~\/models\/admin\/views.server";/import { \1, toAuditView } from "~\/models\/admin\/views.server";/' "$f"
  else
    sed -i -E '0,/^import \{ AuditLog \} from "~\/components\/admin\/audit-log";/s//import { AuditLog } from "~\/components\/admin\/audit-log";\nimport { toAuditView } from "~\/models\/admin\/views.server";/' "$f"
  fi
done
