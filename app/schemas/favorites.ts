/** The heart's form (/favorites action): which product, add or remove, and (without JavaScript) where to go back to. */
import { z } from "zod";

export const FavoriteFormSchema = z.object({
  productId: z.coerce.number({ invalid_type_error: "Product not found" }).int().positive().max(Number.MAX_SAFE_INTEGER),
  intent: z.enum(["favorite", "unfavorite"]),
  redirectTo: z.string().max(2048).optional(),
});
