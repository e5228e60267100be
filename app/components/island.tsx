import { useEffect, useId, useState, type ComponentType } from "react";

/**
 * A part of a page whose JavaScript the browser loads after the page's own (issue 33, item 4): the server renders it
 * into the HTML like any component, so it shows (and its links and plain forms work) before and without its code.
 * For what only some visitors use (the cutting layout, size advice, the made-to-measure offer, the makes).
 *
 * Its code is fetched once it comes near the screen (issue 46 item 26: a product page with a size chart, makes and
 * layouts fetched every island's code at once, 106 KB of JavaScript against the 100 KB budget, though the layout and
 * the makes sit screens below). Until then the page keeps the server's markup as it is: the island's wrapper (a
 * `div`, or a `span` for an inline island) is hydrated with that markup as its inner HTML, which React neither
 * checks nor touches, so no update of the page while the code is on its way can disturb it. Once the code is there
 * the island renders for real in its place (the same markup, now with its behaviour). An island rendered by a
 * client-side navigation has no server markup: it loads at once and appears when its code has arrived.
 *
 * The server loads every island when the build starts, so no server render ever waits for one: a page without
 * JavaScript always has it in place.
 */
export function island<P extends object>(load: () => Promise<ComponentType<P>>, { inline = false }: { inline?: boolean } = {}): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<ComponentType<P>> | undefined;
  const start = () =>
    (loading ??= load().then((component) => {
      loaded = component;
      return component;
    }));
  if (import.meta.env.SSR) void start();
  const Tag = inline ? "span" : "div";
  function Island(props: P) {
    const id = useId();
    // The server's markup of this island while the page hydrates (null on the server and after a navigation).
    const [frozen] = useState(() => (typeof document === "undefined" ? null : (wrapperOf(id)?.innerHTML ?? null)));
    const [Component, setComponent] = useState<ComponentType<P> | undefined>(() => loaded);
    useEffect(() => {
      if (Component) return;
      let live = true;
      const wrapper = wrapperOf(id);
      void (frozen !== null && wrapper ? nearScreen(wrapper) : Promise.resolve())
        .then(start)
        .then((component) => {
          if (live) setComponent(() => component);
        });
      return () => {
        live = false;
      };
      // Once per place: the island's code does not change.
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, []);
    if (Component) {
      return (
        <Tag data-island={id}>
          <Component {...props} />
        </Tag>
      );
    }
    if (frozen !== null) return <Tag data-island={id} dangerouslySetInnerHTML={{ __html: frozen }} suppressHydrationWarning />;
    return <Tag data-island={id} />;
  }
  return Island;
}

function wrapperOf(id: string): Element | undefined {
  return [...document.querySelectorAll("[data-island]")].find((el) => el.getAttribute("data-island") === id);
}

/** How far below (or above) the screen an island's code starts loading, so it is there when it scrolls in. */
const NEAR = "400px";

/** Resolves when the element comes within NEAR of the screen (at once without an IntersectionObserver). */
function nearScreen(element: Element): Promise<void> {
  if (typeof IntersectionObserver === "undefined") return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: `${NEAR} 0px` },
    );
    observer.observe(element);
  });
}
