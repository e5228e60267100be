import { useNavigate } from "@remix-run/react";
import { useEffect, type AnchorHTMLAttributes } from "react";

/**
 * A link to a page of this site without `<Link>`'s work on every render (issue 33, decision 121). Remix's `<Link>`
 * runs about a dozen hooks per link (the resolved path, the href, prefetching, the click handler); a catalogue page
 * has over a hundred links, and on the server that was a tenth of a page's CPU. A quick link is a plain `<a>`: without
 * JavaScript it is an ordinary link; with it, one listener for the whole document (`useQuickLinks`, in the root)
 * turns a plain left click into the same client-side navigation `<Link>` makes. `data-discover` lets Remix's route
 * discovery find its route ahead of the click, as it does for `<Link>`.
 *
 * `to` is an href as the browser reads it: "/product/12", or "?page=2" for the page one is on. Paths relative to a
 * route, `state` and `prefetch` stay `<Link>`'s.
 */
export function QuickLink({ to, ...props }: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string }) {
  return <a {...props} href={to} data-discover="true" data-quick="" />;
}

/** The click of a quick link, as `<Link>` would handle it: same origin, plain left click, no target or download. */
export function quickNavigationTarget(event: MouseEvent, origin: string): { to: string } | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const target = event.target;
  if (!(target instanceof Element)) return null;
  const anchor = target.closest("a[data-quick]");
  if (!(anchor instanceof HTMLAnchorElement)) return null;
  if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return null;
  const url = new URL(anchor.href);
  if (url.origin !== origin) return null;
  return { to: `${url.pathname}${url.search}${url.hash}` };
}

/** Installs the one listener that makes quick links navigate in the browser (the root calls it once). */
export function useQuickLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const found = quickNavigationTarget(event, window.location.origin);
      if (!found) return;
      event.preventDefault();
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // As <Link> does: a link to the page one is on replaces the history entry instead of adding one.
      navigate(found.to, { replace: found.to === here });
    };
    // On window: React's own listeners (on the document) run first, so a handler that prevents the default wins.
    window.addEventListener("click", onClick);
    return () => window.removeEventListener("click", onClick);
  }, [navigate]);
}
