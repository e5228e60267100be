import { MADE_TO_MEASURE_LABEL } from "~/models/patterns/mtm-label";

/** A made-to-measure purchase's line (decision 115): the label and the measurements its files were made from. */
export function MadeToMeasureLine({ measurements }: { measurements: { zone: string; label: string; value: string }[] | null }) {
  if (!measurements) return null;
  return (
    <div className="mt-1 text-sm" data-testid="made-to-measure-line">
      <p className="font-medium text-slate-800">{MADE_TO_MEASURE_LABEL}</p>
      <p className="text-slate-600">Made from your measurements when you ordered (later changes in your settings do not change it):</p>
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 text-slate-700" data-testid="order-measurements">
        {measurements.map((m) => (
          <div key={m.zone} className="contents">
            <dt>{m.label}</dt>
            <dd>{m.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The "Your size" files of a made-to-measure purchase, beside its graded ones (built by the download route). */
export function CustomSizeLinks({ links }: { links: { format: string; label: string; url: string }[] }) {
  if (links.length === 0) return null;
  return (
    <div className="mt-4" data-testid="custom-size-files">
      <h3 className="label">Your size</h3>
      <ul className="mt-1 flex flex-wrap gap-2">
        {links.map((link) => (
          <li key={link.format}>
            <a href={link.url} className="btn-secondary" download>
              Your size · {link.label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
