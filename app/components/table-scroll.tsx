import { Children, cloneElement, isValidElement } from "react";

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

/** A row with each of its cells labelled by its column (`data-label`), but for a column named for screen readers only. */
function labelled(row: React.ReactNode, columns: ListColumn[]): React.ReactNode {
  if (!isValidElement<{ children?: React.ReactNode }>(row)) return row;
  let i = 0;
  const cells = Children.map(row.props.children, (cell) => {
    const column = columns[i++];
    if (!isValidElement(cell) || !column || column.srOnly) return cell;
    return cloneElement(cell as React.ReactElement<{ "data-label"?: string }>, { "data-label": column.label });
  });
  return cloneElement(row, undefined, cells);
}

/** A column of a ListTable: its header, right-aligned for amounts, or named for screen readers only. */
export type ListColumn = { label: string; right?: boolean; srOnly?: boolean };

/**
 * The plain list table of the buyer's and seller's pages (purchases, orders, transactions): the scrolling frame,
 * a header row of `columns` (every column but the last spaced from the next) and the rows given as children. On a
 * phone each row is a card (`stack-table`, issue 46 item 22): every cell of a row gets its column's label.
 */
export function ListTable({ label, className, columns, children }: { label: string; className?: string; columns: ListColumn[]; children: React.ReactNode }) {
  return (
    <TableScroll label={label} className={className}>
      <table className="stack-table w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-500">
          <tr>
            {columns.map((column, i) => (
              <th key={column.label} className={["py-2", i < columns.length - 1 ? "pr-4" : "", column.right ? "text-right" : ""].filter(Boolean).join(" ")}>
                {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{Children.map(children, (row) => labelled(row, columns))}</tbody>
      </table>
    </TableScroll>
  );
}
