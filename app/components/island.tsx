import { lazy, Suspense, useId, useState, type ComponentType } from "react";

/**
 * A part of a page whose JavaScript the browser loads after the page's own (issue 33, item 4): the server renders it
 * into the HTML like any component, so it shows (and its links and plain forms work) before and without its code;
 * the browser fetches its chunk when React reaches it while hydrating, instead of with the page's first scripts, and
 * React keeps the server's markup until then. For what only some visitors use (the cutting layout, size advice, the
 * made-to-measure offer). On a client-side navigation to the page it appears once its chunk has arrived.
 *
 * While the page hydrates, an island's chunk is fetched only once the island comes near the screen (issue 46 item
 * 26): a product page with a size chart, makes, tester results and layouts loaded every island's code at once
 * (106 KB of JavaScript against the 100 KB budget), though the layout and the makes sit screens below. A hidden
 * marker before the island (a `<template hidden>`, which no layout or `space-y` rule sees) finds its first element.
 *
 * The server loads every island when the build starts, so no server render ever waits for one (React.lazy reads an
 * already-settled thenable at once): a page without JavaScript always has it in place.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  const start = () =>
    load().then((component) => {
      loaded = component;
      return { default: component };
    });
  if (import.meta.env.SSR) void start();
  const lazyOne = (markerId: string) =>
    lazy<ComponentType<P>>(() => {
      if (!loaded) return nearScreen(markerId).then(start);
      const component = loaded;
      // Settled: React.lazy resolves it within the same render.
      return { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: component }) } as unknown as Promise<{
        default: ComponentType<P>;
      }>;
    });
  function Island(props: P) {
    const markerId = useId();
    // One lazy component per place: each waits for its own place to come near the screen.
    const [Lazy] = useState(() => lazyOne(markerId));
    return (
      <>
        <template hidden data-island={markerId} />
        <Suspense fallback={null}>
          {/* @ts-expect-error: React's LazyExoticComponent<ComponentType<P>> takes P; TypeScript cannot see it for a generic P. */}
          <Lazy {...props} />
        </Suspense>
      </>
    );
  }
  return Island;
}

/** How far below (or above) the screen an island's code starts loading, so it is there when it scrolls in. */
const NEAR = "400px";

/**
 * Resolves when the island after this marker comes within NEAR of the screen; at once without an
 * IntersectionObserver, or where there is no server markup to keep meanwhile: an island rendered by a client-side
 * navigation (its marker is not in the document yet while it renders, and React's client ids, ":r1:", never match
 * the server's, ":R1:", of the page before).
 */
function nearScreen(markerId: string): Promise<void> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve();
  const marker = [...document.querySelectorAll("template[data-island]")].find((t) => t.getAttribute("data-island") === markerId);
  if (!marker) return Promise.resolve();
  const target = firstElementOf(marker) ?? marker.parentElement;
  if (!target) return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${NEAR} 0px` },
    );
    observer.observe(target);
  });
}

/**
 * The island's first element: between the Suspense boundary's comments that follow the marker (`<!--$-->` ...
 * `<!--/$-->`); null for an island that rendered nothing (then its place, the marker's parent, is watched).
 */
function firstElementOf(marker: Element): Element | null {
  let depth = 0;
  for (let node = marker.nextSibling; node; node = node.nextSibling) {
    if (node.nodeType === Node.COMMENT_NODE) {
      const data = (node as Comment).data;
      if (data.startsWith("$")) depth++;
      else if (data === "/$" && --depth <= 0) return null;
    } else if (node.nodeType === Node.ELEMENT_NODE) {
      return depth > 0 ? (node as Element) : null;
    }
  }
  return null;
}
