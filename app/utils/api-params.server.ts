import { apiError } from "~/utils/api.server";
import { isId } from "~/utils/ids";

/**
 * JSON face: a positive integer path parameter, or the domain's not-found answer (`{ status, message }` from its error
 * table) as `{ error }`. The HTML face's twin is idParam in invariant.ts.
 */
export function apiIdParam(value: string | undefined, notFound: { status: number; message: string }): number {
  const id = Number(value);
  if (!value || !isId(id)) throw apiError(notFound.status, notFound.message);
  return id;
}
