import { apiError } from "~/utils/api.server";

/** JSON face: a positive integer path parameter, or a 404 `{ error }` (the HTML face's twin is idParam in invariant.ts). */
export function apiIdParam(value: string | undefined, what = "Not found"): number {
  const id = Number(value);
  if (!value || !Number.isSafeInteger(id) || id <= 0) throw apiError(404, what);
  return id;
}
