import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useEffect } from "react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlashNote } from "~/components/flash";
import { Footer } from "~/components/footer";
import { Header } from "~/components/header";
import { useQuickLinks } from "~/components/quick-link";
import stylesheet from "~/tailwind.css?url";
import { useNonce } from "~/utils/nonce";
import { commitCookieSession, getCookieSession } from "~/utils/cookie-session.server";
import { getViewer } from "~/auth/viewer.server";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: "Patternhouse · Sewing patterns and apparel from independent designers" },
  {
    name: "description",
    content: "Buy DXF and printed sewing patterns, made-to-order and ready-to-ship apparel from independent designers.",
  },
];

/** The header's unread count is fresh again when the reader leaves a conversation they just read. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, formData, defaultShouldRevalidate }) =>
  // A conversation's "read" post changes nothing the header shows (useUnreadConversations already leaves it out).
  formData?.get("intent") === "read" && currentUrl.pathname.startsWith("/message/")
    ? false
    : defaultShouldRevalidate || currentUrl.pathname.startsWith("/message/");

export async function loader({ request }: LoaderFunctionArgs) {
  // One query for who is asking (user, store flags, cart count); the cookie is parsed once per request.
  const [viewer, session] = await Promise.all([getViewer(request), getCookieSession(request)]);
  const flash = session.get("flash") ?? null;
  const { user } = viewer;
  return data(
    {
      user: user ? { id: user.id, firstName: user.firstName, role: user.role, unreadConversations: user.unreadConversations } : null,
      hasStore: viewer.hasStore,
      onboarded: viewer.onboarded,
      cartCount: viewer.cartCount,
      flash,
    },
    flash ? { headers: { "Set-Cookie": await commitCookieSession(request, session) } } : undefined,
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  // Marks the document once React has taken over, also when an error boundary renders the page (browser tests
  // wait for it before touching inputs, and the console sweep before reading what the page reported).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  useQuickLinks();
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-full flex-col bg-white text-slate-900 antialiased">
        <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2">
          Skip to content
        </a>
        <Header user={root?.user ?? null} cartCount={root?.cartCount ?? 0} onboarded={root?.onboarded ?? false} />
        <main id="main" className="flex-1">
          {root?.flash ? (
            <div className="mx-auto max-w-7xl px-4 pt-4">
              <FlashNote flash={root.flash} />
            </div>
          ) : null}
          {children}
        </main>
        <Footer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
