import { QuickLink } from "~/components/quick-link";

/** Previous / numbered / Next links: plain links, so they work without JavaScript. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const pages = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pageCount])]
    .filter((p) => p >= 1 && p <= pageCount)
    .sort((a, b) => a - b);
  const item = "rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50";
  return (
    <nav aria-label="Pagination" className="mt-8 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <QuickLink to={href(page - 1)} className={item} rel="prev">
          Previous
        </QuickLink>
      ) : null}
      {pages.map((p, i) => (
        <span key={p} className="flex items-center gap-2">
          {i > 0 && p - pages[i - 1]! > 1 ? <span aria-hidden="true">…</span> : null}
          {p === page ? (
            <span aria-current="page" className={`${item} border-brand-600 bg-brand-600 font-semibold text-white hover:bg-brand-600`}>
              {p}
            </span>
          ) : (
            <QuickLink to={href(p)} className={item} aria-label={`Page ${p}`}>
              {p}
            </QuickLink>
          )}
        </span>
      ))}
      {page < pageCount ? (
        <QuickLink to={href(page + 1)} className={item} rel="next">
          Next
        </QuickLink>
      ) : null}
    </nav>
  );
}
