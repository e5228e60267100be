import { Link, useFetcher, useLocation } from "@remix-run/react";

import { useHydrated } from "~/components/use-hydrated";

/**
 * The heart of a product card and page (issue 23, item 3). A user's heart is a form posted to /favorites: without
 * JavaScript it carries `redirectTo` and the answer is a redirect back to this page; with JavaScript a fetcher
 * posts it without `redirectTo`, the heart changes at once and the page does not reload. A visitor's heart is a
 * link to log in and come back (`favorite` null): the same for every visitor, so their pages stay cacheable.
 */
export function FavoriteButton({ productId, favorite, className = "" }: { productId: number; favorite: boolean | null; className?: string }) {
  const location = useLocation();
  const hydrated = useHydrated();
  const fetcher = useFetcher();
  const here = `${location.pathname}${location.search}`;
  if (favorite === null) {
    return (
      <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} aria-label="Add to favourites" className={`heart ${className}`}>
        <Heart filled={false} />
      </Link>
    );
  }
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "favorite" : favorite;
  return (
    <fetcher.Form method="post" action="/favorites" className={className}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="intent" value={on ? "unfavorite" : "favorite"} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
      <button type="submit" aria-pressed={on} aria-label={on ? "Remove from favourites" : "Add to favourites"} className="heart">
        <Heart filled={on} />
      </button>
    </fetcher.Form>
  );
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" className={filled ? "text-rose-600" : "text-slate-600"}>
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.5 2.8 4.5 6.6 4.5c2.1 0 3.6 1.2 4.4 2.6.8-1.4 2.3-2.6 4.4-2.6 3.8 0 5.7 4 4.2 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
