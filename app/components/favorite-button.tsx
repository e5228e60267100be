import { Link, useFetcher, useFetchers, useLocation, useSubmit } from "@remix-run/react";
import type { FormEvent } from "react";

import { QuickLink } from "~/components/quick-link";
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
    return <Link to={`/login?redirectTo=${encodeURIComponent(here)}`} aria-label="Add to favourites" className={`heart ${className}`} />;
  }
  const pending = fetcher.formData?.get("intent");
  const on = pending ? pending === "favorite" : favorite;
  return (
    <fetcher.Form method="post" action="/favorites" className={className}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="intent" value={on ? "unfavorite" : "favorite"} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={here} />}
      <button type="submit" aria-pressed={on} aria-label={on ? "Remove from favourites" : "Add to favourites"} className="heart" />
    </fetcher.Form>
  );
}

/**
 * The heart of a card in a grid (issue 33): the same form as FavoriteButton's, without a fetcher, location and
 * hydration hooks per card. Without JavaScript it posts with `redirectTo` and comes back; with JavaScript the grid's
 * one submit listener (`useCardHearts`) posts it through a fetcher of its own, and the grid reads the pending
 * choice of every heart from the fetchers at once.
 */
export function CardHeart({
  productId,
  favorite,
  pending,
  here,
  className = "",
}: {
  productId: number;
  favorite: boolean | null;
  /** What the viewer just chose and the server has not confirmed yet. */
  pending: boolean | undefined;
  here: string;
  className?: string;
}) {
  if (favorite === null) {
    return <QuickLink to={`/login?redirectTo=${encodeURIComponent(here)}`} aria-label="Add to favourites" className={`heart ${className}`} />;
  }
  const on = pending ?? favorite;
  return (
    // The intent travels as the button's own name and value: one element and a few attributes fewer per card.
    <form method="post" action="/favorites" className={className}>
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={here} />
      <button
        name="intent"
        value={on ? "unfavorite" : "favorite"}
        aria-pressed={on}
        aria-label={on ? "Remove from favourites" : "Add to favourites"}
        className="heart"
      />
    </form>
  );
}

/**
 * For a grid of CardHearts: the submit listener to put on the grid, and each product's pending choice. A heart's
 * post goes through its own fetcher (`favorite-<id>`), so two hearts clicked in a row are both kept; without
 * `redirectTo` the answer is data and the page's loaders read the new state.
 */
export function useCardHearts(): {
  onSubmit: (event: FormEvent<HTMLElement>) => void;
  pending: Map<number, boolean>;
} {
  const submit = useSubmit();
  const fetchers = useFetchers();
  const pending = new Map<number, boolean>();
  for (const fetcher of fetchers) {
    if (fetcher.formAction !== "/favorites" || !fetcher.formData) continue;
    const id = Number(fetcher.formData.get("productId"));
    if (Number.isSafeInteger(id)) pending.set(id, fetcher.formData.get("intent") === "favorite");
  }
  const onSubmit = (event: FormEvent<HTMLElement>) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || new URL(form.action).pathname !== "/favorites") return;
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.name !== "intent") return;
    event.preventDefault();
    const data = new FormData(form);
    data.set("intent", submitter.value);
    data.delete("redirectTo");
    submit(data, {
      method: "post",
      action: "/favorites",
      navigate: false,
      fetcherKey: `favorite-${String(data.get("productId"))}`,
    });
  };
  return { onSubmit, pending };
}
