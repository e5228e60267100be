import { apiError } from "~/utils/api.server";

/** Unknown /api/* paths answer JSON, not the HTML 404 page. */
export async function loader() {
  return apiError(404, "Not found");
}

export const action = loader;
