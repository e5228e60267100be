import { useEffect, useId, useLayoutEffect, useState, type ComponentType } from "react";

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
 * What a visitor did to the server's markup before the code came (a size picked, a width typed, the focus in a
 * field) is carried over to the live island's fields, so the swap loses nothing: the fields are matched by their
 * place and name (the live island renders the server's markup again), and only the ones the visitor changed are set.
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
    const [carried, setCarried] = useState<FieldState | null>(null);
    useBeforePaint(() => {
      if (!carried) return;
      const wrapper = wrapperOf(id);
      if (wrapper) restoreFields(wrapper, carried);
      setCarried(null);
    }, [carried, id]);
    useEffect(() => {
      if (Component) return;
      let live = true;
      const wrapper = wrapperOf(id);
      void (frozen !== null && wrapper ? nearScreen(wrapper) : Promise.resolve())
        .then(start)
        .then((component) => {
          if (!live) return;
          // Read at the last moment before the swap, in the same task as the state change.
          const wrapper = frozen !== null ? wrapperOf(id) : undefined;
          if (wrapper) setCarried(readFields(wrapper));
          setComponent(() => component);
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

/** useLayoutEffect in the browser (the fields are set before the live island is painted); nothing on the server. */
const useBeforePaint = typeof document === "undefined" ? useEffect : useLayoutEffect;

/** The fields of an island's markup a visitor changed (by their place among the fields), and the focused one. */
type FieldState = { changed: { index: number; name: string; value: string | string[] | boolean }[]; focused: number; selection: [number, number] | null };

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function fieldsOf(wrapper: Element): Field[] {
  return [...wrapper.querySelectorAll<Field>("input, select, textarea")];
}

function isCheckable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
}

function readFields(wrapper: Element): FieldState {
  const fields = fieldsOf(wrapper);
  const changed: FieldState["changed"] = [];
  fields.forEach((field, index) => {
    if (field instanceof HTMLInputElement && (field.type === "file" || field.type === "hidden")) return;
    if (isCheckable(field)) {
      if (field.checked !== field.defaultChecked) changed.push({ index, name: field.name, value: field.checked });
    } else if (field instanceof HTMLSelectElement) {
      const options = [...field.options];
      if (options.some((o) => o.selected !== o.defaultSelected)) changed.push({ index, name: field.name, value: options.filter((o) => o.selected).map((o) => o.value) });
    } else if (field.value !== field.defaultValue) {
      changed.push({ index, name: field.name, value: field.value });
    }
  });
  const active = document.activeElement;
  const focused = fields.findIndex((f) => f === active);
  const text = focused >= 0 ? fields[focused] : undefined;
  let selection: [number, number] | null = null;
  try {
    if (text && !(text instanceof HTMLSelectElement) && text.selectionStart !== null && text.selectionEnd !== null) selection = [text.selectionStart, text.selectionEnd];
  } catch {
    // Inputs without a text selection (number, email in some browsers) throw: the focus alone is carried.
  }
  return { changed, focused, selection };
}

/** Sets a field through the element's own setter and tells React (and any listener) as a visitor's input would. */
function setField(field: Field, value: string | string[] | boolean) {
  if (isCheckable(field) && typeof value === "boolean") {
    if (field.checked === value) return;
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "checked")?.set?.call(field, value);
    field.dispatchEvent(new Event("click", { bubbles: true }));
  } else if (field instanceof HTMLSelectElement && Array.isArray(value)) {
    for (const option of field.options) option.selected = value.includes(option.value);
  } else if (typeof value === "string" && !(field instanceof HTMLSelectElement)) {
    const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, "value")?.set?.call(field, value);
  } else {
    return;
  }
  field.dispatchEvent(new Event("input", { bubbles: true }));
  field.dispatchEvent(new Event("change", { bubbles: true }));
}

function restoreFields(wrapper: Element, state: FieldState) {
  const fields = fieldsOf(wrapper);
  for (const { index, name, value } of state.changed) {
    const field = fields[index];
    if (field && field.name === name) setField(field, value);
  }
  const focused = state.focused >= 0 ? fields[state.focused] : undefined;
  if (focused && !wrapper.contains(document.activeElement)) {
    focused.focus({ preventScroll: true });
    try {
      if (state.selection && !(focused instanceof HTMLSelectElement)) focused.setSelectionRange(...state.selection);
    } catch {
      // As in readFields.
    }
  }
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
