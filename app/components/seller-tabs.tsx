import { NavLink } from "@remix-run/react";

/** Spec 2.4: the seller tabs, My Designs, Orders, Store Settings, Finance (plain links; the current one is marked). */
const TABS = [
  { to: "/my-designs", label: "My Designs", also: ["/create-design", "/edit-product"] },
  { to: "/my-orders", label: "Orders", also: ["/sale"] },
  { to: "/store-settings", label: "Store Settings", also: [] },
  { to: "/my-finance", label: "Finance", also: ["/my-finance-stripe"] },
] as const;

export function SellerTabs({ current }: { current?: string }) {
  return (
    <nav aria-label="Seller" className="flex flex-wrap gap-1 border-b border-slate-200">
      {TABS.map((tab) => {
        const active = current ? current === tab.to || tab.also.some((p) => current.startsWith(p)) : undefined;
        return (
          <NavLink
            key={tab.to}
            to={tab.to}
            className={({ isActive }) =>
              `-mb-px border-b-2 px-4 py-2 text-sm font-medium ${
                (active ?? isActive) ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-brand-700"
              }`
            }
            aria-current={active ? "page" : undefined}
          >
            {tab.label}
          </NavLink>
        );
      })}
    </nav>
  );
}
