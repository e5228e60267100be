import { MediaThumb } from "~/components/media-thumb";
import type { KeepRow } from "~/utils/form-rows";

/**
 * The media already saved (a design's, a store's), each with its position box and its Remove box: the form sends
 * them back as `keep[i].id`, `keep[i].position` and `keep[i].remove`. Nothing when there are none.
 */
export function KeptMedia({ keep, media }: { keep: KeepRow[]; media: { id: number; media: string }[] }) {
  if (!keep.length) return null;
  const mediaById = new Map(media.map((m) => [m.id, m.media]));
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
      {keep.map((row, i) => {
        const name = mediaById.get(row.id);
        if (!name) return null;
        return (
          <li key={row.id} className="space-y-2">
            <MediaThumb name={name} className="h-28 w-full" />
            <input type="hidden" name={`keep[${i}].id`} value={row.id} />
            <label className="flex items-center gap-2 text-sm">
              Position
              <input type="number" name={`keep[${i}].position`} defaultValue={row.position} min={1} max={99} className="input w-16" />
            </label>
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={`keep[${i}].remove`} defaultChecked={row.remove} /> Remove
            </label>
          </li>
        );
      })}
    </ul>
  );
}
