import type { SizesFromMakes as Answer } from "~/models/makes/sizes.server";
import { MAKE_FIT_LABELS, MAKE_FIT_VALUES, MAKE_FIT_ZONES, MAKE_ZONE_LABELS } from "~/utils/make-fit";

/**
 * "Sizes from makes" beside the chart's advice (issue 37): what makers with measurements like the buyer's made and
 * how it fitted, as counts only (shown only from three such makers). Plain HTML, no JavaScript.
 */
export function SizesFromMakes({ answer }: { answer: Answer }) {
  return (
    <section aria-labelledby="sizes-from-makes-title" className="rounded-md border border-slate-200 p-4" data-testid="sizes-from-makes">
      <h2 id="sizes-from-makes-title" className="font-semibold">
        What sewists like you made
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {answer.similar} makers with measurements close to yours shared them with their makes:
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {answer.sizes.map((s) => {
          const zones = MAKE_FIT_ZONES.filter((zone) => MAKE_FIT_VALUES.some((fit) => s.fit[zone][fit] > 0));
          return (
            <li key={s.size}>
              <span className="font-medium">
                Size {s.size}: {s.count} {s.count === 1 ? "make" : "makes"}
              </span>
              {zones.length ? (
                <span className="block text-slate-700">
                  {zones
                    .map((zone) => `${MAKE_ZONE_LABELS[zone]} ${MAKE_FIT_VALUES.filter((fit) => s.fit[zone][fit] > 0).map((fit) => `${MAKE_FIT_LABELS[zone][fit].toLowerCase()} ${s.fit[zone][fit]}`).join(", ")}`)
                    .join("; ")}
                </span>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
