import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useContext, useEffect } from "react";

import { RequestIdContext } from "~/utils/request-id";

const TITLES: Record<number, { title: string; text: string }> = {
  400: { title: "Bad request", text: "The request could not be understood." },
  401: { title: "Please log in", text: "You need to be logged in to see this page." },
  403: { title: "Not allowed", text: "You do not have access to this page." },
  404: { title: "Page not found", text: "We could not find the page you were looking for." },
};

/** One error view for every route, inside the shared layout. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const known = TITLES[status] ?? {
    title: "Something went wrong",
    text: "An unexpected error occurred. Please try again in a moment.",
  };
  // In the browser; the server has logged it already (entry.server.tsx).
  if (!isRouteErrorResponse(error) && typeof document !== "undefined") console.error(error);
  // The server's 500 page names its request; shown once (see request-id.ts).
  const holder = useContext(RequestIdContext);
  const requestId = status >= 500 ? holder.current : undefined;
  useEffect(() => {
    holder.current = undefined;
  }, [holder]);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{known.title}</h1>
      <p className="mt-4 text-slate-600">{known.text}</p>
      {requestId ? (
        <p className="mt-2 text-sm text-slate-600">
          If this keeps happening, quote this error id: <code data-request-id="">{requestId}</code>
        </p>
      ) : null}
      <Link to="/" className="btn mt-8">
        Back to the shop
      </Link>
    </section>
  );
}
