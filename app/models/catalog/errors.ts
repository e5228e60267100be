/**
 * The catalog domain's error codes, with the status and text both faces answer (issue 20, item 2): the store page
 * and the JSON face read this one table. Model functions return the codes only.
 */
import { answers, type ErrorAnswer } from "~/models/answers";
import type { FavoriteError } from "~/models/catalog/favorites.server";
import type { FollowError } from "~/models/catalog/follows.server";

export const CATALOG_ERRORS: {
  view: Record<"product-not-found" | "store-not-found", ErrorAnswer>;
  follow: Record<FollowError, ErrorAnswer>;
  favorite: Record<FavoriteError, ErrorAnswer>;
} = {
  /** A product or a store as buyers see it: unknown, removed or a draft is not found. */
  view: answers(404, { "product-not-found": "Product not found", "store-not-found": "Store not found" }),
  follow: {
    ...answers(404, { "store-not-found": "Store not found" }),
    ...answers(400, { "own-store": "You cannot follow your own store" }),
  },
  favorite: {
    ...answers(404, { "product-not-found": "Product not found" }),
    ...answers(400, { "own-product": "You cannot favourite your own design" }),
  },
};
