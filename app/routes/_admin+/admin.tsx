import type { LoaderFunctionArgs } from "@remix-run/node";
import { Link, Outlet, useLocation } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireAdmin } from "~/auth/guards.server";

/** Every admin screen sits in this layout; each child loader and action checks the admin role too. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

const NAV = [
  { to: "/admin", label: "Orders", match: (p: string) => p === "/admin" || p === "/admin/" || p.startsWith("/admin/order/") },
  { to: "/admin/stores", label: "Stores", match: (p: string) => p.startsWith("/admin/stores") || p.startsWith("/admin/store/") },
  { to: "/admin/users", label: "Users", match: (p: string) => p.startsWith("/admin/users") || p.startsWith("/admin/user/") },
  { to: "/admin/financial", label: "Financial", match: (p: string) => p.startsWith("/admin/financial") },
  { to: "/admin/tax", label: "Tax", match: (p: string) => p.startsWith("/admin/tax") },
  { to: "/admin/settings", label: "Settings", match: (p: string) => p.startsWith("/admin/settings") },
  { to: "/admin/makes", label: "Makes", match: (p: string) => p.startsWith("/admin/makes") },
  { to: "/admin/help", label: "Help requests", match: (p: string) => p.startsWith("/admin/help") },
  { to: "/admin/health", label: "Health", match: (p: string) => p.startsWith("/admin/health") },
] as const;

export default function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Admin" className="border-b border-slate-200">
        <ul className="-mb-px flex flex-wrap gap-1">
          {NAV.map((item) => {
            const current = item.match(pathname);
            return (
              <li key={item.to}>
                <Link
                  to={item.to}
                  aria-current={current ? "page" : undefined}
                  className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                    current ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                  }`}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="pt-6">
        <Outlet />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
