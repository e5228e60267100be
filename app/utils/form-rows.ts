/** Lists posted by plain HTML forms as `prefix[i].key` fields (conform's naming), shared by server and client. */

/** The rows of a list field, in index order (gaps closed). */
export function formRows(fields: FormData, prefix: string): Record<string, string>[] {
  const rows = new Map<number, Record<string, string>>();
  const pattern = new RegExp(`^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\[(\\d{1,3})\\]\\.(\\w+)$`);
  for (const [key, value] of fields.entries()) {
    const match = pattern.exec(key);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    const row = rows.get(index) ?? {};
    row[match[2]!] = value;
    rows.set(index, row);
  }
  return [...rows.entries()].sort(([a], [b]) => a - b).map(([, row]) => row);
}

export type KeepRow = { id: number; position: string; remove: boolean };

/** The current media rows of a form (`keep[i].id`, `.position`, `.remove`). */
export function keepRows(fields: FormData): KeepRow[] {
  return formRows(fields, "keep")
    .map((row) => ({ id: Number(row.id), position: row.position ?? "", remove: row.remove === "on" || row.remove === "true" }))
    .filter((row) => Number.isInteger(row.id) && row.id > 0);
}

/** The ids to keep, ordered by the position typed for each (ties keep the shown order). */
export function keptInOrder(rows: KeepRow[]): number[] {
  return rows
    .map((row, index) => ({ row, index, position: Number(row.position) || index + 1 }))
    .filter(({ row }) => !row.remove)
    .sort((a, b) => a.position - b.position || a.index - b.index)
    .map(({ row }) => row.id);
}
