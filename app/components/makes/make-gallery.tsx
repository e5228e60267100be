import { Link } from "@remix-run/react";

import { MakeCard } from "./make-card";
import { Pagination } from "~/components/pagination";
import type { MakeCardData } from "~/models/makes/gallery.server";

/**
 * A gallery of makes (the product page's and the store page's): newest first, paged by plain links (`?makes=N`),
 * each with a link to report it for a signed-in visitor other than its maker.
 */
export function MakeGallery({
  title,
  intro,
  gallery: { makes, page, pages, total },
  viewerId,
  showProduct = false,
}: {
  title: string;
  intro?: React.ReactNode;
  /** One page of the gallery (gallery.server.ts's MakePage, as cards). */
  gallery: { makes: MakeCardData[]; page: number; pages: number; total: number };
  viewerId: number | null;
  showProduct?: boolean;
}) {
  return (
    <section id="makes" className="scroll-mt-20 border-t border-slate-200 py-6" aria-labelledby="makes-title">
      <h2 id="makes-title" className="text-lg font-semibold">
        {title} <span className="text-sm font-normal text-slate-600">({total})</span>
      </h2>
      {intro ? <div className="mt-1 text-sm text-slate-600">{intro}</div> : null}
      {makes.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No makes yet.</p>
      ) : (
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {makes.map((make) => (
            <MakeCard key={make.id} make={make} showProduct={showProduct}>
              {viewerId !== null && viewerId !== make.makerId ? (
                <Link to={`/report-make/${make.id}`} className="text-slate-600 underline">
                  Report this make
                </Link>
              ) : null}
              {viewerId !== null && viewerId === make.makerId ? (
                <Link to={`/my-makes/${make.id}`} className="text-brand-700 underline">
                  Edit your make
                </Link>
              ) : null}
            </MakeCard>
          ))}
        </div>
      )}
      <Pagination page={page} pageCount={pages} href={(p) => `?makes=${p}#makes`} />
    </section>
  );
}
