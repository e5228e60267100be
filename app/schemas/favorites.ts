/** The heart's form (/favorites action): which product, add or remove, and (without JavaScript) where to go back to. */
import { z } from "zod";
import { rowId } from "~/utils/ids";

export const FavoriteFormSchema = z.object({
  productId: z.coerce.number({ invalid_type_error: "Product not found" }).int().positive().max(Number.MAX_SAFE_INTEGER).transform(rowId),
  intent: z.enum(["favorite", "unfavorite"]),
  redirectTo: z.string().max(2048).optional(),
});
