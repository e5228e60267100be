/** A file kept across a failed submit (app/models/files/held.server.ts), as a form shows it. */
export type HeldFileView = { token: string; field: string; originalName: string; size: number };

/**
 * The files kept from the last try at one field (issue 34, item 16): each sent back as a `held` field, with a box to
 * drop it. A new size chart or pattern file chosen replaces the kept one.
 */
export function HeldFiles({ held, field }: { held?: HeldFileView[]; field: string }) {
  const own = held?.filter((h) => h.field === field) ?? [];
  if (own.length === 0) return null;
  return (
    <div className="mt-2 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900" data-testid={`held-${field}`}>
      <p className="font-medium">Kept from your last try{field === "media" ? "" : " (choose a new file to replace it)"}:</p>
      <ul className="mt-1 space-y-1">
        {own.map((h) => (
          <li key={h.token} className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="held" value={h.token} />
            <span>
              {h.originalName} ({Math.max(1, Math.round(h.size / 1024))} KB)
            </span>
            <label className="flex items-center gap-1">
              <input type="checkbox" name="held_drop" value={h.token} /> Don&apos;t use
            </label>
          </li>
        ))}
      </ul>
    </div>
  );
}
