import { apiError } from "~/utils/api.server";

/** A positive integer path parameter, or a 404 JSON error. */
export function idParam(value: string | undefined, what = "Not found"): number {
  const id = Number(value);
  if (!value || !Number.isSafeInteger(id) || id <= 0) throw apiError(404, what);
  return id;
}
