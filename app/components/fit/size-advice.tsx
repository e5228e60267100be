import { Link } from "@remix-run/react";

import type { SizeAdviceView } from "~/models/fit/advice.server";

/**
 * "Your size" on a product page (issue 24, decision 112): the size per zone with the ease the buyer would get and
 * the recommendation, or a link to add measurements. Plain HTML, no JavaScript; nothing when the design has no chart.
 */
export function SizeAdvice({ advice }: { advice: SizeAdviceView | null }) {
  if (!advice) return null;
  if (advice.kind === "add") {
    return (
      <p className="text-sm" data-testid="size-advice">
        <Link to="/settings#measurements" className="font-medium text-brand-700 hover:underline">
          Add your measurements to see your size
        </Link>
      </p>
    );
  }
  return (
    <section aria-labelledby="size-advice-title" className="rounded-md border border-slate-200 p-4" data-testid="size-advice">
      <h2 id="size-advice-title" className="font-semibold">
        Your size
      </h2>
      {advice.zones.length === 0 ? (
        <p className="mt-1 text-sm text-slate-600">
          This size chart measures none of the zones you gave.{" "}
          <Link to="/settings#measurements" className="font-medium text-brand-700 hover:underline">
            Update your measurements
          </Link>
        </p>
      ) : (
        <>
          {/* "size 62 by height", not "height 62": the numbers are sizes, not the buyer's measurements (issue 34, item 21). */}
          <p className="mt-1 text-sm">{advice.zones.map((z) => `size ${z.size} by ${z.label}`).join(", ")}</p>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {advice.zones.map((z) => (
              <li key={z.zone}>
                {z.label.charAt(0).toUpperCase() + z.label.slice(1)}: size {z.size}
                {z.ease ? ` (${z.ease} ease)` : ""}
                {z.outside ? ` (${outsideNote(z.zone, z.outside)})` : ""}
              </li>
            ))}
          </ul>
          {advice.recommended ? (
            <p className="mt-2 text-sm">
              We recommend size <strong>{advice.recommended}</strong> (the largest of your bust, waist and hip sizes: a
              pattern can be taken in, not let out).
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}

/** Lengths (height, inseam, arm) come out short or long beyond the chart; girths tight or loose. */
const LENGTH_ZONES = new Set(["height", "inseam", "arm"]);
function outsideNote(zone: string, outside: "above" | "below"): string {
  const length = LENGTH_ZONES.has(zone);
  return outside === "above"
    ? `you measure more than the largest size: it will be ${length ? "short" : "tight"}`
    : `you measure less than the smallest size: it will be ${length ? "long" : "loose"}`;
}
