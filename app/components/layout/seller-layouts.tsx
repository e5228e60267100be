/**
 * The edit screen's "Cutting layouts" panel (issue 25, decision 132): one size's main fabric laid
 * out on each of the seller's widths, with the length to buy and the efficiency, and plain links to the other sizes.
 * Server-rendered, no JavaScript needed.
 */
import { Link } from "@remix-run/react";

import { LayoutSvg } from "./layout-svg";
import type { SellerLayoutsView } from "~/models/layout/seller-layouts.server";

export function SellerLayoutsPanel({ view, productId, unit }: { view: SellerLayoutsView; productId: number; unit: "cm" | "in" }) {
  return (
    <section aria-labelledby="seller-layouts-heading" className="card mt-8 min-w-0 space-y-4 p-6" data-testid="seller-layouts">
      <h2 id="seller-layouts-heading" className="text-lg font-semibold">
        Cutting layouts
      </h2>
      <p className="text-sm text-slate-600">
        Size {view.size}, main fabric, on the widths you recommend, {view.gapMm} mm between pieces
        {view.selvedgeMm ? `, ${view.selvedgeMm} mm kept free at each selvedge` : ""}. Buyers see these layouts on the product
        page; change the widths, the gap and the selvedge margin in the form above.
      </p>
      {view.sizeError ? (
        <p role="alert" className="text-sm text-red-700">
          {view.sizeError}
        </p>
      ) : null}
      {view.sizes.length > 1 ? (
        <nav aria-label="Layouts of another size">
          <ul className="flex flex-wrap gap-2 text-sm">
            {view.sizes.map((size) => (
              <li key={size}>
                {size === view.size ? (
                  <span aria-current="page" className="inline-block rounded-md bg-brand-600 px-3 py-1 font-semibold text-white">
                    {size}
                  </span>
                ) : (
                  <Link
                    to={`/edit-product/${productId}?layout_size=${encodeURIComponent(size)}#seller-layouts-heading`}
                    className="inline-block rounded-md border border-slate-300 px-3 py-1 text-brand-700 hover:bg-slate-50"
                    preventScrollReset
                  >
                    {size}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {view.entries.map((entry) => (
          <li key={entry.widthMm} className="min-w-0" data-testid="seller-layout">
            <h3 className="text-sm font-semibold">{entry.widthLabel}</h3>
            {entry.shown.kind === "layout" ? (
              <figure className="mt-2 min-w-0">
                <LayoutSvg layout={entry.shown.layout} size={view.size} material="fabric" unit={unit} />
                <figcaption className="mt-2 text-sm">
                  <span className="font-medium">
                    Length to buy: {entry.shown.buy.metres.toFixed(1)} m ({entry.shown.buy.yards.toFixed(1)} yd)
                  </span>
                  <span className="block text-slate-600">Efficiency {Math.round(entry.shown.layout.efficiency * 100)} %</span>
                </figcaption>
              </figure>
            ) : (
              <p role="status" className="mt-2 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
                {entry.shown.message}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
