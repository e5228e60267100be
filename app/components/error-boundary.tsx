import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

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
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{known.title}</h1>
      <p className="mt-4 text-slate-600">{known.text}</p>
      <Link to="/" className="btn mt-8">
        Back to the shop
      </Link>
    </section>
  );
}
