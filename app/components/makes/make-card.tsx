import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

import type { MakeCardData } from "~/models/makes/gallery.server";
import { MAKE_FIT_LABELS, MAKE_FIT_ZONES, MAKE_ZONE_LABELS } from "~/utils/make-fit";
import { fileUrl, imageSrcSet } from "~/utils/media";

/** One make: its photos, the size made, the fabric, the fit per zone, the notes and who made it; `children` are its actions. */
export function MakeCard({ make, showProduct = false, children }: { make: MakeCardData; showProduct?: boolean; children?: ReactNode }) {
  const fits = MAKE_FIT_ZONES.filter((zone) => make.fit[zone] !== null);
  return (
    <article id={`make-${make.id}`} className="card min-w-0 scroll-mt-20 p-4" aria-labelledby={`make-${make.id}-title`}>
      <h3 id={`make-${make.id}-title`} className="font-semibold">
        {showProduct ? `${make.productName}, size ${make.size}` : `Size ${make.size}`}
        {make.tester ? <span className="ml-2 rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-700">Tester</span> : null}
        {make.hidden ? <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Hidden by the seller</span> : null}
      </h3>
      <p className="text-sm text-slate-600">
        By {make.maker} · <time dateTime={make.date}>{make.date}</time>
      </p>
      <ul className="mt-3 grid grid-cols-3 gap-2" aria-label="Photos">
        {make.photos.map((photo, i) => (
          <li key={photo}>
            <a href={fileUrl(photo)}>
              <img
                src={fileUrl(photo, 400)}
                srcSet={imageSrcSet(photo, [200, 400])}
                sizes="(min-width: 768px) 12rem, 33vw"
                alt={`${showProduct ? make.productName : "Make"} in size ${make.size}, photo ${i + 1} of ${make.photos.length}`}
                loading="lazy"
                className="aspect-square w-full rounded object-cover"
              />
            </a>
          </li>
        ))}
      </ul>
      {make.fabric ? <p className="mt-3 break-words text-sm"><span className="font-medium">Fabric:</span> {make.fabric}</p> : null}
      {fits.length ? (
        <dl className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {fits.map((zone) => (
            <div key={zone} className="flex gap-1">
              <dt className="font-medium">{MAKE_ZONE_LABELS[zone]}:</dt>
              <dd>{MAKE_FIT_LABELS[zone][make.fit[zone]!]}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {make.notes ? <p className="mt-2 whitespace-pre-line break-words text-sm text-slate-700">{make.notes}</p> : null}
      {children ? <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">{children}</div> : null}
    </article>
  );
}

/** The maker's delete of their make: a form posted to /my-makes (its list and the edit page). */
export function DeleteMakeForm({ makeId, className, buttonClassName, label, children }: { makeId: number; className?: string; buttonClassName: string; label?: string; children: ReactNode }) {
  return (
    <Form method="post" action="/my-makes" className={className}>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="makeId" value={makeId} />
      <button type="submit" className={buttonClassName} aria-label={label}>
        {children}
      </button>
    </Form>
  );
}
