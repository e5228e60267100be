/** The plan: every row to insert, with references by index, chosen by the seeded PRNG. */
import type { Category1 } from "../../app/utils/catalog";
import { IMAGES_PER_SHAPE, type AssetLibrary } from "./assets";
import { avatarSvg, webpAsset } from "./drawings";
import { between, chance, DAY_MS, pick, sample, type Rng } from "./random";
import type { Uploads } from "./uploads";
import {
  ADMIN,
  APPAREL_PRICE_SCALE,
  AVAILABILITY_CYCLE,
  BUYER,
  chartKindFor,
  CITIES,
  color,
  DESIGN_CATEGORY_IDS,
  EXTRA_STORE_WORDS,
  FABRICS,
  FEATURES,
  GARMENTS,
  initialsOf,
  PRICE_RANGES,
  REVIEW_COMMENTS,
  REVIEWERS,
  SIZE_SETS,
  slug,
  STAR_WEIGHTS,
  STORES,
  STYLE_WORDS,
  TERMS,
  type Availability,
  type ParcelSize,
  type Person,
  type StoreSeed,
  type Stripe,
} from "./words";

export interface SeedContext {
  rng: Rng;
  now: number;
  uploads: Uploads;
  assets: AssetLibrary;
}

interface PlannedUser extends Person {
  passwordHash: string;
  role: "user" | "admin";
  createdAt: Date;
}

interface PlannedStore {
  owner: number;
  name: string;
  bio: string;
  color: number;
  avatar: string;
  media: string[];
  stripe: Stripe;
  focus: readonly Category1[];
  skuPrefix: string;
  createdAt: Date;
}

interface PlannedProduct {
  store: number;
  name: string;
  description: string;
  priceCents: number;
  type: "Pattern" | "Made" | "Ready";
  delivery: "Digital" | "Print" | null;
  category1: Category1;
  category2: string;
  terms: string;
  patternFile: string | null;
  /** pattern_versions.data of version 1: the read pattern, or '{}' (read on first use) for benchmark products. */
  patternData: string;
  parcelSize: ParcelSize | null;
  sizeChart: string;
  sold: number;
  createdAt: Date;
  media: string[];
  variants: { value: string; sku: string; inventory: number }[];
}

export interface Plan {
  users: PlannedUser[];
  stores: PlannedStore[];
  products: PlannedProduct[];
  follows: { user: number; store: number; createdAt: Date }[];
  reviews: { product: number; name: string; star: number; comment: string; createdAt: Date }[];
}

const EXTRA_STORE_COUNT = 40;
/** Demo products: about 14 per design category. */
const DEMO_PRODUCT_COUNT = 96;
const PRODUCT_AGE_DAYS = 120;

export async function buildPlan(
  ctx: SeedContext,
  hashes: { buyerHash: string; sellerHash: string; adminHash: string },
  extraProducts: number,
): Promise<Plan> {
  const { rng, now } = ctx;
  const daysAgo = (days: number) => new Date(now - days * DAY_MS);
  const plan: Plan = { users: [], stores: [], products: [], follows: [], reviews: [] };
  const addUser = (person: Person, passwordHash: string, role: "user" | "admin", ageDays: number) =>
    plan.users.push({ ...person, passwordHash, role, createdAt: daysAgo(ageDays) }) - 1;

  const buyer = addUser(BUYER, hashes.buyerHash, "user", 150);
  addUser(ADMIN, hashes.adminHash, "admin", 210);
  const addStores = (seeds: readonly StoreSeed[]) =>
    seeds.map((seed) => {
      const owner = addUser(seed.owner, hashes.sellerHash, "user", between(rng, 160, 200));
      const index = plan.stores.length;
      plan.stores.push({
        owner,
        name: seed.name,
        bio: seed.bio,
        color: seed.color,
        avatar: "", // rendered at the end
        media: sample(rng, ctx.assets.banners, between(rng, 1, 3)).map((banner) => ctx.uploads.copyFor(owner, banner)),
        stripe: seed.stripe,
        focus: seed.focus,
        skuPrefix: `${initialsOf(seed.name)}${index + 1}`,
        createdAt: daysAgo(between(rng, 125, 155)),
      });
      return index;
    });

  // Demo products go to stores whose focus includes their category.
  const demoStores = addStores(STORES);
  for (let ordinal = 0; ordinal < DEMO_PRODUCT_COUNT; ordinal++) {
    const category1 = categoryOf(ordinal);
    const candidates = demoStores.filter((i) => plan.stores[i]!.focus.includes(category1));
    plan.products.push(planProduct(ctx, plan, ordinal, pick(rng, candidates)));
  }
  planFollows(ctx, plan, buyer, demoStores);
  planReviews(ctx, plan);

  // Benchmark products come last, so that the demo data is the same with or without them.
  if (extraProducts > 0) {
    const extraStores = addStores(extraStoreSeeds(EXTRA_STORE_COUNT));
    for (let n = 0; n < extraProducts; n++) {
      plan.products.push(planProduct(ctx, plan, DEMO_PRODUCT_COUNT + n, extraStores[n % extraStores.length]!));
    }
  }

  await renderAvatars(ctx, plan.stores);
  return plan;
}

function extraStoreSeeds(count: number): StoreSeed[] {
  const { first, second, firstNames, lastNames } = EXTRA_STORE_WORDS;
  return Array.from({ length: count }, (_, i) => {
    const place = CITIES[i % CITIES.length]!;
    const focus = [DESIGN_CATEGORY_IDS[i % DESIGN_CATEGORY_IDS.length]!];
    const number = String(i + 1).padStart(2, "0");
    return {
      owner: {
        email: `maker${number}@patternhouse.test`,
        firstName: firstNames[i % firstNames.length]!,
        lastName: lastNames[(i * 3 + 1) % lastNames.length]!,
        phone: `+1 555 010 ${String(1000 + i).slice(-4)}`,
        street: `${100 + i * 7} Market St`,
        ...place,
      },
      // 10 x 8 combinations, then numbered: store names are unique (decision 092).
      name: `${first[i % first.length]} ${second[Math.floor(i / first.length) % second.length]}${i < first.length * second.length ? "" : ` ${Math.floor(i / (first.length * second.length)) + 1}`}`,
      bio: `Independent designer in ${place.city}, ${place.state}. Patterns and small-batch pieces, cut and sewn by hand.`,
      color: i,
      focus,
      stripe: (["onboarded", "pending", "none"] as const)[i % 3]!,
    };
  });
}

async function renderAvatars(ctx: SeedContext, planned: PlannedStore[]) {
  const avatars = await Promise.all(
    planned.map((store, i) =>
      webpAsset(`avatar:${i}`, avatarSvg(initialsOf(store.name), color(store.color)), `avatar-${slug(store.name)}`),
    ),
  );
  for (const [i, store] of planned.entries()) store.avatar = ctx.uploads.copyFor(store.owner, avatars[i]!);
}

const categoryOf = (ordinal: number) => DESIGN_CATEGORY_IDS[ordinal % DESIGN_CATEGORY_IDS.length]!;

function planProduct(ctx: SeedContext, plan: Plan, ordinal: number, storeIndex: number): PlannedProduct {
  const { rng, uploads, assets } = ctx;
  const store = plan.stores[storeIndex]!;
  const category1 = categoryOf(ordinal);
  // Each category cycles through the availabilities; the garment line drifts against that
  // cycle so that every line meets every availability.
  const round = Math.floor(ordinal / DESIGN_CATEGORY_IDS.length);
  const availability = AVAILABILITY_CYCLE[round % AVAILABILITY_CYCLE.length]!;
  const lines = GARMENTS[category1];
  const garment = lines[(round + Math.floor(round / AVAILABILITY_CYCLE.length)) % lines.length]!;

  const noun = pick(rng, garment.nouns);
  const namedFabric = FABRICS.find((f) => noun.includes(f.short));
  const fabric = namedFabric ?? pick(rng, FABRICS);
  const style = pick(rng, STYLE_WORDS);
  const isPattern = availability.type === "Pattern";
  const name = isPattern
    ? `${style} ${noun} Pattern`
    : !namedFabric && chance(rng, 0.5)
      ? `${style} ${fabric.short} ${noun}`
      : `${style} ${noun}`;
  const sizes = garment.sizes ? SIZE_SETS[garment.sizes] : null;

  return {
    store: storeIndex,
    name,
    description: describeProduct(availability, {
      name,
      noun,
      feature: pick(rng, FEATURES[garment.shape]),
      fabric: fabric.long,
      sizeText: sizes ? `sizes ${sizes[0]} to ${sizes[sizes.length - 1]}` : "one size",
    }),
    priceCents: priceFor(rng, availability, category1),
    type: availability.type,
    delivery: availability.delivery,
    category1,
    category2: garment.category2,
    terms: TERMS[availability.delivery ?? availability.type],
    patternFile: isPattern ? uploads.copyFor(store.owner, assets.patterns[garment.shape]) : null,
    patternData: isPattern && ordinal < DEMO_PRODUCT_COUNT ? assets.patterns[garment.shape].parsed : "{}",
    parcelSize: isPattern ? null : garment.parcel,
    sizeChart: uploads.copyFor(store.owner, assets.sizeCharts[chartKindFor(category1)]),
    sold: Math.floor(rng() ** 2.5 * (isPattern ? 501 : 260)),
    createdAt: new Date(ctx.now - Math.floor(rng() * PRODUCT_AGE_DAYS * DAY_MS)),
    media: sample(rng, assets.productImages[garment.shape], between(rng, 1, IMAGES_PER_SHAPE)).map((image) =>
      uploads.copyFor(store.owner, image),
    ),
    variants: planVariants(rng, availability, sizes, `${store.skuPrefix}-${String(ordinal + 1).padStart(5, "0")}`),
  };
}

/** "a tee", "an anorak", "pleated trousers": plural nouns take no article. */
function withArticle(noun: string): string {
  if (/[^s]s$/.test(noun)) return noun;
  return `${/^[aeiou]/.test(noun) ? "an" : "a"} ${noun}`;
}

function describeProduct(
  availability: Availability,
  p: { name: string; noun: string; feature: string; fabric: string; sizeText: string },
): string {
  const noun = p.noun.toLowerCase();
  const item = withArticle(noun);
  switch (availability.delivery ?? availability.type) {
    case "Digital":
      return `${p.name}: ${item} with ${p.feature}. Layered DXF in ${p.sizeText} with seam allowances, ready for plotters and commercial production.`;
    case "Print":
      return `Full-scale printed pattern for ${item} with ${p.feature}. In ${p.sizeText}, printed in Los Angeles with illustrated instructions.`;
    case "Made":
      return `Our ${noun} with ${p.feature}, cut and sewn to order in ${p.fabric}. Pick your size and we make it for you in 2-3 weeks.`;
    default:
      return `${item[0]!.toUpperCase()}${item.slice(1)} with ${p.feature}, sewn in ${p.fabric}. In stock and ready to ship within 3 working days.`;
  }
}

function priceFor(rng: Rng, availability: Availability, category1: Category1): number {
  const [min, max] = PRICE_RANGES[availability.delivery ?? availability.type];
  const scale = availability.type === "Pattern" ? 1 : APPAREL_PRICE_SCALE[category1];
  const dollars = Math.max(8, Math.round(between(rng, min, max) * scale));
  // Most prices end in .00, some in .50 or .95.
  return dollars * 100 - pick(rng, [0, 0, 0, 50, 5]);
}

function planVariants(
  rng: Rng,
  availability: Availability,
  sizes: readonly string[] | null,
  skuBase: string,
): PlannedProduct["variants"] {
  // Patterns have no stock limit: their size variants (when any) keep inventory 0.
  if (!sizes || (availability.type === "Pattern" && chance(rng, 0.5))) return [];
  if (availability.type !== "Pattern" && chance(rng, 0.12)) return [];
  return sizes.map((value) => ({
    value,
    sku: `${skuBase}-${value.replace(/[^A-Za-z0-9]+/g, "").toUpperCase()}`,
    inventory:
      availability.type === "Pattern"
        ? 0
        : chance(rng, availability.type === "Ready" ? 0.22 : 0.1)
          ? 0
          : between(rng, availability.type === "Ready" ? 1 : 3, availability.type === "Ready" ? 12 : 25),
  }));
}

function planFollows(ctx: SeedContext, plan: Plan, buyer: number, demoStores: readonly number[]) {
  const { rng, now } = ctx;
  const when = () => new Date(now - between(rng, 1, 100) * DAY_MS);
  // The buyer follows the demo seller's store and one more.
  for (const store of [demoStores[0]!, demoStores[2]!]) plan.follows.push({ user: buyer, store, createdAt: when() });
  for (const store of demoStores) {
    const others = demoStores.filter((other) => other !== store);
    for (const target of sample(rng, others, between(rng, 1, 3))) {
      plan.follows.push({ user: plan.stores[store]!.owner, store: target, createdAt: when() });
    }
  }
}

function planReviews(ctx: SeedContext, plan: Plan) {
  const { rng, now } = ctx;
  const demoProducts = plan.products.map((_, i) => i);
  for (const product of sample(rng, demoProducts, 30).sort((a, b) => a - b)) {
    const listedAt = plan.products[product]!.createdAt.getTime();
    for (const name of sample(rng, REVIEWERS, between(rng, 1, 4))) {
      const star = pick(rng, STAR_WEIGHTS);
      plan.reviews.push({
        product,
        name,
        star,
        comment: pick(rng, REVIEW_COMMENTS[star]!),
        createdAt: new Date(listedAt + Math.floor(rng() * (now - listedAt))),
      });
    }
  }
}
