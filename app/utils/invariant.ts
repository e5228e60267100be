import { isId } from "~/utils/ids";

/**
 * Throws a Response (caught by the nearest ErrorBoundary, or sent as is from a resource route) unless the
 * condition holds: the one way loaders and actions say 404, 403 or 400.
 *
 *   invariantResponse(order, "Not found", { status: 404 });
 */
export function invariantResponse(condition: unknown, message: string, init: ResponseInit = { status: 400 }): asserts condition {
  if (!condition) throw new Response(message, init);
}

/** A route's `$id` as a positive whole number, or a 404 (a malformed id finds nothing, as an unknown one). */
export function idParam(param: string | undefined, message = "Not found"): number {
  const id = Number(param);
  invariantResponse(param && isId(id), message, { status: 404 });
  return id;
}
