import { lazy, Suspense, type ComponentType } from "react";

/**
 * A part of a page whose JavaScript the browser loads after the page's own (issue 33, item 4): the server renders it
 * into the HTML like any component, so it shows (and its links and plain forms work) before and without its code;
 * the browser fetches its chunk when React reaches it while hydrating, instead of with the page's first scripts, and
 * React keeps the server's markup until then. For what only some visitors use (the cutting layout, size advice, the
 * made-to-measure offer). On a client-side navigation to the page it appears once its chunk has arrived.
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
  const Lazy = lazy<ComponentType<P>>(() => {
    if (!loaded) return start();
    const component = loaded;
    // Settled: React.lazy resolves it within the same render.
    return { then: (resolve: (value: { default: ComponentType<P> }) => void) => resolve({ default: component }) } as unknown as Promise<{
      default: ComponentType<P>;
    }>;
  });
  function Island(props: P) {
    return (
      <Suspense fallback={null}>
        {/* @ts-expect-error: React's LazyExoticComponent<ComponentType<P>> takes P; TypeScript cannot see it for a generic P. */}
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Island;
}
