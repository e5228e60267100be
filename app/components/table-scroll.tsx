/**
 * The frame of every data table: on a phone a table wider than the screen scrolls inside this region, and the
 * page never scrolls sideways (decision 039).
 *
 * - `relative` makes the region the containing block of absolutely positioned descendants too: the screen-reader
 *   texts (`sr-only`, which is `position: absolute`) of the last columns otherwise escape the region's clipping
 *   and widen the whole page.
 * - A labelled, focusable region: keyboard users can scroll it with the arrow keys, screen readers name it.
 * - `table-scroll` (tailwind.css) draws a shadow on an edge that has more columns behind it.
 */
export function TableScroll({ label, className = "", children }: { label: string; className?: string; children: React.ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className={`table-scroll relative max-w-full overflow-x-auto focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </div>
  );
}
