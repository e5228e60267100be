import { Form, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

import { useUnreadConversations } from "~/components/messaging";
import { QuickLink } from "~/components/quick-link";

export type HeaderUser = {
  firstName: string;
  role: "user" | "admin";
  unreadConversations?: number;
};

const SHOP_LINKS = [
  { to: "/", label: "Shop Now" },
  { to: "/popular", label: "Popular Patterns" },
  { to: "/best-sellers", label: "Best Selling Designs" },
] as const;

/** Paths under which "My Store" is highlighted (spec 2.2). */
const STORE_PATHS = ["/store-settings", "/my-designs", "/edit-product", "/create-design", "/sale", "/my-orders", "/my-finance", "/my-pattern-makes"];

function profileLinks(isAdmin: boolean) {
  return [
    { to: "/settings", label: "Profile" },
    { to: "/purchases", label: "My Purchases" },
    { to: "/library", label: "My Library" },
    { to: "/favorites", label: "My Favourites" },
    { to: "/my-makes", label: "My Makes" },
    { to: "/my-tester-calls", label: "Tester Calls" },
    { to: "/store-settings", label: "My Store" },
    { to: "/messages", label: "Messages" },
    ...(isAdmin ? [{ to: "/admin", label: "Admin" }] : []),
  ];
}

export function Header({ user, cartCount, onboarded }: { user: HeaderUser | null; cartCount: number; onboarded: boolean }) {
  const { pathname } = useLocation();
  const unread = useUnreadConversations(user?.unreadConversations ?? 0);
  const inStoreArea = STORE_PATHS.some((p) => pathname === p || pathname.startsWith(`${p}/`));
  const secondary = [...(onboarded ? [] : [{ to: "/become-seller", label: "Become a Seller" }]), { to: "/help", label: "Help" }];
  const navClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-2 py-1 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;

  return (
    // No backdrop blur (or transform, filter) here: it would make the header the containing block of
    // the fixed mobile menu, which would then be clipped to the header's 64 px instead of the screen.
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <QuickLink to="/" className="text-lg font-bold tracking-tight text-brand-700">
          Patternhouse
        </QuickLink>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {SHOP_LINKS.map((l) => (
            <NavLink key={l.to} to={l.to} end className={navClass} prefetch="intent">
              {l.label}
            </NavLink>
          ))}
          {secondary.map((l) => {
            // As NavLink without `end` would: the page itself and the pages under it.
            const isActive = pathname === l.to || pathname.startsWith(`${l.to}/`);
            return (
              <QuickLink key={l.to} to={l.to} className={navClass({ isActive })} aria-current={isActive ? "page" : undefined}>
                {l.label}
              </QuickLink>
            );
          })}
        </nav>
        <div className="ml-auto flex items-center gap-2">
          <CartLink count={cartCount} />
          <div className="hidden md:block">
            {user ? (
              <ProfileMenu>
                <summary className="btn-secondary cursor-pointer list-none" aria-label={`${user.firstName}, Profile menu`}>
                  {user.firstName}
                  {unread ? (
                    <span className="rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white" aria-hidden="true">
                      {unread}
                    </span>
                  ) : null}
                  <span aria-hidden="true">▾</span>
                </summary>
                <ul className="absolute right-0 mt-2 w-48 rounded-md border border-slate-200 bg-white py-1 shadow-lg">
                  {profileLinks(user.role === "admin").map((l) => (
                    <li key={l.to}>
                      <QuickLink
                        to={l.to}
                        className={`block px-4 py-2 text-sm hover:bg-slate-50 ${
                          l.to === "/store-settings" && inStoreArea ? "font-semibold text-brand-700" : "text-slate-700"
                        }`}
                        aria-current={l.to === "/store-settings" && inStoreArea ? "page" : undefined}
                      >
                        {l.label}
                        {l.to === "/messages" ? <UnreadBadge count={unread} /> : null}
                      </QuickLink>
                    </li>
                  ))}
                  <li>
                    <LogoutButton className="block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-50" />
                  </li>
                </ul>
              </ProfileMenu>
            ) : (
              <div className="flex items-center gap-2">
                <QuickLink to="/login" className="btn-secondary">
                  Log in
                </QuickLink>
                <QuickLink to="/register" className="btn">
                  Register
                </QuickLink>
              </div>
            )}
          </div>
          <MobileMenu user={user} secondary={secondary} unread={unread} />
        </div>
      </div>
    </header>
  );
}

function CartLink({ count }: { count: number }) {
  return (
    <QuickLink
      to="/cart"
      className="relative inline-flex items-center rounded-md p-2 text-slate-700 hover:text-brand-700"
      aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="1.8">
        <path d="M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6" />
        <circle cx="10" cy="20" r="1.4" />
        <circle cx="17" cy="20" r="1.4" />
      </svg>
      <span
        data-testid="cart-badge"
        className="absolute -right-1 -top-1 min-w-[1.25rem] rounded-full bg-brand-600 px-1 text-center text-xs font-semibold leading-5 text-white"
      >
        {count}
      </span>
    </QuickLink>
  );
}

/** The number of unread conversations beside Messages (counted with the session's user, see getSessionUser). */
function UnreadBadge({ count }: { count: number }) {
  if (!count) return null;
  return (
    <span data-testid="unread-count" className="ml-2 rounded-full bg-brand-600 px-1.5 text-xs font-semibold leading-5 text-white">
      {count}
      <span className="sr-only"> unread</span>
    </span>
  );
}

function LogoutButton({ className }: { className: string }) {
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}

const FOCUSABLE = 'summary, a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * With JavaScript, a <details> menu closes with Escape (focus back on its summary) and after a
 * navigation; with `trapFocus`, Tab and Shift+Tab cycle inside it while it is open. Without
 * JavaScript the <details> still opens and closes by itself.
 */
function useDisclosure(ref: RefObject<HTMLDetailsElement>, { trapFocus }: { trapFocus: boolean }) {
  const { key } = useLocation();
  // Closes after a navigation, not when React takes over the page: a menu opened before hydration stays open.
  const shownKey = useRef(key);
  useEffect(() => {
    if (shownKey.current === key) return;
    shownKey.current = key;
    if (ref.current) ref.current.open = false;
  }, [key, ref]);
  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (!details.open) return;
      const summary = details.querySelector("summary");
      if (event.key === "Escape") {
        event.preventDefault();
        details.open = false;
        summary?.focus();
        return;
      }
      if (!trapFocus || event.key !== "Tab") return;
      const items = [...details.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === summary);
      if (items.length === 0) return;
      const first = items[0];
      const last = items[items.length - 1];
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    };
    details.addEventListener("keydown", onKeyDown);
    return () => details.removeEventListener("keydown", onKeyDown);
  }, [ref, trapFocus]);
}

function ProfileMenu({ children }: { children: React.ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDisclosure(ref, { trapFocus: false });
  return (
    <details ref={ref} className="relative">
      {children}
    </details>
  );
}

/** Full-screen menu for small screens; a <details> element, so it opens without JavaScript. */
function MobileMenu({ user, secondary, unread }: { user: HeaderUser | null; secondary: { to: string; label: string }[]; unread: number }) {
  const linkClass = "block rounded-md px-3 py-3 text-lg font-medium text-slate-800 hover:bg-slate-50";
  const ref = useRef<HTMLDetailsElement>(null);
  useDisclosure(ref, { trapFocus: true });
  return (
    <details ref={ref} className="md:hidden">
      <summary className="relative z-50 cursor-pointer list-none rounded-md p-2 text-slate-700" aria-label="Menu">
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </summary>
      <nav aria-label="Mobile" className="fixed inset-0 z-40 overflow-y-auto bg-white px-6 pb-10 pt-20">
        <ul className="space-y-1">
          {[...SHOP_LINKS, ...secondary, { to: "/cart", label: "Cart" }].map((l) => (
            <li key={l.to}>
              <QuickLink to={l.to} className={linkClass}>
                {l.label}
              </QuickLink>
            </li>
          ))}
        </ul>
        <hr className="my-4 border-slate-200" />
        <ul className="space-y-1">
          {user ? (
            <>
              {profileLinks(user.role === "admin").map((l) => (
                <li key={l.to}>
                  <QuickLink to={l.to} className={linkClass}>
                    {l.label}
                    {l.to === "/messages" ? <UnreadBadge count={unread} /> : null}
                  </QuickLink>
                </li>
              ))}
              <li>
                <LogoutButton className={`${linkClass} w-full text-left`} />
              </li>
            </>
          ) : (
            <>
              <li>
                <QuickLink to="/login" className={linkClass}>
                  Log in
                </QuickLink>
              </li>
              <li>
                <QuickLink to="/register" className={linkClass}>
                  Register
                </QuickLink>
              </li>
            </>
          )}
        </ul>
        <ul className="mt-6 flex gap-4 text-sm text-slate-500">
          <li>
            <QuickLink to="/terms">Terms</QuickLink>
          </li>
          <li>
            <QuickLink to="/privacy">Privacy</QuickLink>
          </li>
        </ul>
      </nav>
    </details>
  );
}
