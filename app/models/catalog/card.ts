/** A product as every card grid shows it (catalog, store, favourites, the seller's designs): `listing.server.ts` `toCardData` builds it, `components/product-card.tsx` draws it. */
export type ProductCardData = {
  id: number;
  name: string;
  priceCents: number;
  image: string | null;
  storeOwner: number;
  storeName: string;
  storeAvatar: string | null;
  /** The viewer's own product: links go to its editor and the store settings. */
  myself: boolean;
  /** Only in the seller's own lists: a draft shows its badge (decision 106). */
  draft?: boolean;
  /** Whether the viewer favours it; null for a visitor (the heart is a login link). No heart on one's own designs. */
  favorite: boolean | null;
  /** How many users favour it: shown to the seller on /my-designs. */
  favoritesCount?: number;
};
