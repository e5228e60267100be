import type { SizesFromMakes as Answer } from "~/models/makes/sizes.server";
import { MAKE_FIT_LABELS, MAKE_FIT_ZONES, MAKE_ZONE_LABELS } from "~/utils/make-fit";

/**
 * "Sizes from makes" beside the chart's advice (issue 37; issue 46, item 2): what makers in the buyer's size steps of
 * the chart made and how it fitted, in bands of makers ("3-4") and the most common fit, each size from three makers.
 * Plain HTML, no JavaScript.
 */
export function SizesFromMakes({ answer }: { answer: Answer }) {
  return (
    <section aria-labelledby="sizes-from-makes-title" className="rounded-md border border-slate-200 p-4" data-testid="sizes-from-makes">
      <h2 id="sizes-from-makes-title" className="font-semibold">
        What sewists like you made
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {answer.makers} makers in the same sizes of this chart as you shared their measurements with their makes:
      </p>
      <ul className="mt-2 space-y-2 text-sm">
        {answer.sizes.map((s) => {
          const zones = MAKE_FIT_ZONES.filter((zone) => s.fit[zone] !== null);
          return (
            <li key={s.size}>
              <span className="font-medium">
                Size {s.size}: {s.makers} makers
              </span>
              {zones.length ? (
                <span className="block text-slate-700">
                  Mostly: {zones.map((zone) => `${MAKE_ZONE_LABELS[zone].toLowerCase()} ${MAKE_FIT_LABELS[zone][s.fit[zone]!].toLowerCase()}`).join(", ")}
                </span>
              ) : null}
            </li>
          );
        })}
        {answer.others ? <li>Other sizes: {answer.others} makers</li> : null}
      </ul>
    </section>
  );
}
