import { Link, useLocation } from "@remix-run/react";

/** Spec 2.4: the seller tabs on every seller screen; each tab also covers the screens below it. */
const TABS = [
  // Discount codes and the makes of one's patterns are reached from My Designs (its buttons): the spec names four tabs.
  { to: "/my-designs", label: "My Designs", also: ["/create-design", "/edit-product", "/my-discounts", "/my-pattern-makes"] },
  { to: "/my-orders", label: "Orders", also: ["/sale"] },
  { to: "/store-settings", label: "Store Settings", also: [] },
  { to: "/my-finance", label: "Finance", also: ["/my-finance-stripe"] },
] as const;

const under = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

export function SellerTabs() {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Seller" className="border-b border-slate-200">
      <ul className="-mb-px flex flex-wrap gap-1">
        {TABS.map((tab) => {
          const active = [tab.to, ...tab.also].some((base) => under(pathname, base));
          return (
            <li key={tab.to}>
              <Link
                to={tab.to}
                aria-current={active ? "page" : undefined}
                className={`inline-block whitespace-nowrap border-b-2 px-4 py-2 text-sm font-medium ${
                  active ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-brand-700"
                }`}
              >
                {tab.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The frame of a seller screen: title, tabs, content. */
export function SellerPage({ title, actions, children }: { title: string; actions?: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {actions}
      </div>
      <div className="mt-4">
        <SellerTabs />
      </div>
      <div className="mt-6">{children}</div>
    </div>
  );
}
