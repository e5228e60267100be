/**
 * Demo data: the three demo accounts, eight stores with ~96 products over every category and
 * availability, images and DXF pattern files generated locally, follows, reviews and the
 * platform settings. Optionally thousands of extra products for benchmarks.
 *
 * Everything but the file names (random, like real uploads) and the timestamps (relative to
 * now) is deterministic: a seeded PRNG drives every choice.
 *
 * Files are written before the single synchronous transaction. Each store owns its own copy of
 * every image or pattern file it uses (rendered once, written once per store), so a seller
 * editing or deleting media never touches another store's files.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import sharp from "sharp";

import { READER_VERSION, readPattern } from "../app/models/patterns/dxf.server";
import { makeDemoPatternDxf } from "../app/models/patterns/demo.server";
import type { Category1 } from "../app/utils/catalog";
import { encryptSecret, hashPassword } from "../app/utils/crypto.server";
import { loadDataKey } from "../app/utils/env.server";
import type { Db } from "./client";
import {
  files,
  follows,
  patternVersions,
  platformSettings,
  productMedia,
  products,
  reviews,
  sizeChartRows,
  storeMedia,
  stores,
  users,
  variants,
} from "./schema";

export const DEMO_ACCOUNTS = {
  buyer: { email: "buyer@patternhouse.test", password: "demo-buyer-pass" },
  seller: { email: "seller@patternhouse.test", password: "demo-seller-pass" },
  admin: { email: "admin@patternhouse.test", password: "demo-admin-pass" },
} as const;

/** The demo stores' (fake) bank account number; stored encrypted. */
export const DEMO_ACCOUNT_NUMBER = "000123456789";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export function isDatabaseEmpty(db: Db | Tx): boolean {
  return !db.select({ id: users.id }).from(users).limit(1).get();
}

export async function seedDemoData({
  db,
  dataDir,
  extraProducts = 0,
}: {
  db: Db;
  dataDir: string;
  extraProducts?: number;
}): Promise<{ seeded: boolean }> {
  if (!isDatabaseEmpty(db)) return { seeded: false };

  const [buyerHash, sellerHash, adminHash] = await Promise.all([
    hashPassword(DEMO_ACCOUNTS.buyer.password),
    hashPassword(DEMO_ACCOUNTS.seller.password),
    hashPassword(DEMO_ACCOUNTS.admin.password),
  ]);
  const uploads = new Uploads(path.join(dataDir, "uploads"));
  // The key the app itself uses for this data folder (DATA_KEY, or DATA_DIR/data-key): bank account numbers
  // are stored encrypted, never plain.
  const dataKey = loadDataKey({ DATA_KEY: process.env.DATA_KEY?.trim() || undefined, DATA_DIR: dataDir });
  try {
    const assets = await renderAssets();
    const ctx: SeedContext = { rng: mulberry32(SEED), now: Date.now(), uploads, assets };
    const plan = await buildPlan(ctx, { buyerHash, sellerHash, adminHash }, Math.max(0, Math.floor(extraProducts)));
    const seeded = db.transaction((tx) => {
      // Another process may have seeded while the files were being rendered.
      if (!isDatabaseEmpty(tx)) return false;
      writePlan(tx, plan, uploads.rows, dataKey);
      return true;
    });
    if (!seeded) uploads.removeWritten();
    return { seeded };
  } catch (error) {
    uploads.removeWritten();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

const SEED = 0x5eed_2024;
const DAY_MS = 86_400_000;

type Rng = () => number;

/** mulberry32: a tiny, good-enough 32-bit PRNG. */
function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const between = (rng: Rng, min: number, max: number) => min + Math.floor(rng() * (max - min + 1));
const chance = (rng: Rng, probability: number) => rng() < probability;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)]!;

function sample<T>(rng: Rng, items: readonly T[], count: number): T[] {
  const pool = [...items];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

// ---------------------------------------------------------------------------------------------
// Data tables
// ---------------------------------------------------------------------------------------------

interface Address {
  phone: string;
  street: string;
  street2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

interface Person extends Address {
  email: string;
  firstName: string;
  lastName: string;
}

type Stripe = "onboarded" | "pending" | "none";

interface StoreSeed {
  owner: Person;
  name: string;
  bio: string;
  color: number;
  focus: readonly Category1[];
  stripe: Stripe;
}

const BUYER: Person = {
  email: DEMO_ACCOUNTS.buyer.email,
  firstName: "Bailey",
  lastName: "Buyer",
  phone: "+1 415 555 0134",
  street: "742 Valencia St",
  street2: "Apt 3",
  city: "San Francisco",
  state: "CA",
  postalCode: "94110",
  country: "US",
};

const ADMIN: Person = {
  email: DEMO_ACCOUNTS.admin.email,
  firstName: "Ada",
  lastName: "Admin",
  phone: "+1 213 555 0100",
  street: "1200 S Santa Fe Ave",
  city: "Los Angeles",
  state: "CA",
  postalCode: "90021",
  country: "US",
};

/** The first store belongs to the demo seller. */
const STORES: readonly StoreSeed[] = [
  {
    owner: {
      email: DEMO_ACCOUNTS.seller.email,
      firstName: "Sasha",
      lastName: "Seller",
      phone: "+1 503 555 0187",
      street: "2110 SE Division St",
      city: "Portland",
      state: "OR",
      postalCode: "97202",
      country: "US",
    },
    name: "Thread & Thimble Studio",
    bio: "Modern sewing patterns and small-batch apparel designed in Portland. Every pattern is tested on real bodies in sizes XS to XL before release.",
    color: 0,
    focus: ["women", "gender-neutral", "Home"],
    stripe: "onboarded",
  },
  {
    owner: {
      email: "maya.okafor@patternhouse.test",
      firstName: "Maya",
      lastName: "Okafor",
      phone: "+1 718 555 0143",
      street: "88 Wythe Ave",
      city: "Brooklyn",
      state: "NY",
      postalCode: "11249",
      country: "US",
    },
    name: "Okafor Atelier",
    bio: "Tailoring without the stuffiness: soft-shouldered blazers, pleated trousers and shirts cut in Brooklyn from deadstock wool and cotton.",
    color: 2,
    focus: ["men", "gender-neutral"],
    stripe: "onboarded",
  },
  {
    owner: {
      email: "lena.fischer@patternhouse.test",
      firstName: "Lena",
      lastName: "Fischer",
      phone: "+1 512 555 0161",
      street: "1805 E 6th St",
      city: "Austin",
      state: "TX",
      postalCode: "78702",
      country: "US",
    },
    name: "Little Loom Kids",
    bio: "Playground-proof clothes and easy patterns for kids and teens. Roomy fits, growth cuffs and fabrics that survive the wash.",
    color: 3,
    focus: ["Kids", "Teens"],
    stripe: "pending",
  },
  {
    owner: {
      email: "diego.ramirez@patternhouse.test",
      firstName: "Diego",
      lastName: "Ramirez",
      phone: "+1 619 555 0119",
      street: "3025 University Ave",
      city: "San Diego",
      state: "CA",
      postalCode: "92104",
      country: "US",
    },
    name: "Pawsome Stitches",
    bio: "Raincoats, sweaters and bandanas for dogs and cats of every shape. Each pattern includes a measuring guide for chest, neck and back.",
    color: 6,
    focus: ["Pets"],
    stripe: "none",
  },
  {
    owner: {
      email: "hannah.lee@patternhouse.test",
      firstName: "Hannah",
      lastName: "Lee",
      phone: "+1 828 555 0175",
      street: "54 Lexington Ave",
      city: "Asheville",
      state: "NC",
      postalCode: "28801",
      country: "US",
    },
    name: "Nest & Needle Home",
    bio: "Linen bedding, cushions and kitchen textiles, sewn to order in the Blue Ridge mountains or ready for you to make at home.",
    color: 1,
    focus: ["Home"],
    stripe: "onboarded",
  },
  {
    owner: {
      email: "priya.nair@patternhouse.test",
      firstName: "Priya",
      lastName: "Nair",
      phone: "+44 20 7946 0321",
      street: "14 Columbia Rd",
      city: "London",
      state: "Greater London",
      postalCode: "E2 7RG",
      country: "GB",
    },
    name: "Saffron Seams",
    bio: "Colourful dresses and blouses inspired by block prints, drafted in East London. Patterns come with a sew-along for every step.",
    color: 4,
    focus: ["women", "Teens"],
    stripe: "none",
  },
  {
    owner: {
      email: "tom.becker@patternhouse.test",
      firstName: "Tom",
      lastName: "Becker",
      phone: "+1 303 555 0128",
      street: "2901 Larimer St",
      city: "Denver",
      state: "CO",
      postalCode: "80205",
      country: "US",
    },
    name: "Northbound Workwear",
    // Left empty on purpose: the store page shows its fallback text.
    bio: "",
    color: 5,
    focus: ["men", "gender-neutral"],
    stripe: "none",
  },
  {
    owner: {
      email: "aiko.tanaka@patternhouse.test",
      firstName: "Aiko",
      lastName: "Tanaka",
      phone: "+1 206 555 0152",
      street: "1520 Pike Pl",
      city: "Seattle",
      state: "WA",
      postalCode: "98101",
      country: "US",
    },
    name: "Kitsune Costume Co.",
    bio: "Cosplay capes, party dresses and dress-up sets for kids, teens and grown-ups. Drafted for comfort so you can wear them all day.",
    color: 7,
    focus: ["Teens", "Kids", "women"],
    stripe: "pending",
  },
];

/** Name parts of the benchmark stores and their owners. */
const EXTRA_STORE_WORDS = {
  first: ["Selvedge", "Bobbin", "Pleat", "Gather", "Notch", "Bias", "Tuck", "Hemline", "Dart", "Yoke"],
  second: ["Studio", "Atelier", "Workshop", "Supply", "House", "Loft", "Goods", "Lab"],
  firstNames: ["Avery", "Jordan", "Riley", "Morgan", "Casey", "Quinn", "Harper", "Rowan", "Emery", "Skyler"],
  lastNames: ["Nguyen", "Garcia", "Kowalski", "Haddad", "Silva", "Murphy", "Rossi", "Kim", "Dubois", "Patel"],
};

const CITIES: readonly Omit<Address, "phone" | "street">[] = [
  { city: "Oakland", state: "CA", postalCode: "94612", country: "US" },
  { city: "Minneapolis", state: "MN", postalCode: "55401", country: "US" },
  { city: "Philadelphia", state: "PA", postalCode: "19106", country: "US" },
  { city: "Nashville", state: "TN", postalCode: "37203", country: "US" },
  { city: "Providence", state: "RI", postalCode: "02903", country: "US" },
  { city: "Tucson", state: "AZ", postalCode: "85701", country: "US" },
  { city: "Savannah", state: "GA", postalCode: "31401", country: "US" },
  { city: "Madison", state: "WI", postalCode: "53703", country: "US" },
];

/** Colors of generated images: background, garment and ink. */
const PALETTE = [
  { name: "terracotta", bg: "#f6e7dc", main: "#c8643b", ink: "#4a2314" },
  { name: "sage", bg: "#e9efe4", main: "#8da47e", ink: "#2f3d29" },
  { name: "indigo", bg: "#e3e8f3", main: "#3f5a9a", ink: "#1b2544" },
  { name: "mustard", bg: "#faf0d4", main: "#d9a426", ink: "#4d3a08" },
  { name: "blush", bg: "#fbe9ec", main: "#e2a1ad", ink: "#5a2a33" },
  { name: "charcoal", bg: "#ececec", main: "#4b4f54", ink: "#1c1e21" },
  { name: "teal", bg: "#dff1ef", main: "#2f8f86", ink: "#123b37" },
  { name: "plum", bg: "#efe3ee", main: "#7d3f73", ink: "#34162f" },
  { name: "olive", bg: "#f0efdf", main: "#7a7a3a", ink: "#34340f" },
  { name: "sky", bg: "#e6f3fb", main: "#5aa0cf", ink: "#163b55" },
] as const;
type Color = (typeof PALETTE)[number];
const color = (index: number): Color => PALETTE[index % PALETTE.length]!;

type Shape = "top" | "dress" | "pants" | "skirt" | "jacket" | "pet" | "cushion" | "tote" | "curtain";
type SizeSet = keyof typeof SIZE_SETS;
type ParcelSize = "Small" | "Medium" | "Large";

const SIZE_SETS = {
  adult: ["XS", "S", "M", "L", "XL"],
  teen: ["XS", "S", "M", "L"],
  kids: ["2T", "4T", "6", "8", "10"],
  pets: ["XS", "S", "M", "L", "XL"],
  cushion: ['16" x 16"', '18" x 18"', '20" x 20"'],
  bedding: ["Twin", "Full", "Queen", "King"],
  curtain: ['52" x 63"', '52" x 84"', '52" x 96"'],
} as const;

interface GarmentLine {
  category2: string;
  shape: Shape;
  nouns: readonly string[];
  /** null: one size, no variants. */
  sizes: SizeSet | null;
  parcel: ParcelSize;
}

const line = (
  category2: string,
  shape: Shape,
  sizes: SizeSet | null,
  parcel: ParcelSize,
  nouns: readonly string[],
): GarmentLine => ({ category2, shape, sizes, parcel, nouns });

/** What each design category sells; every category2 is one of subcategoriesFor(category1). */
const GARMENTS: Record<Category1, readonly GarmentLine[]> = {
  women: [
    line("dresses", "dress", "adult", "Medium", ["Wrap Dress", "Slip Dress", "Tiered Maxi Dress", "Shirt Dress"]),
    line("tops", "top", "adult", "Small", ["Boxy Tee", "Peplum Blouse", "Camp Collar Shirt", "Ribbed Tank"]),
    line("skirts", "skirt", "adult", "Small", ["Bias Slip Skirt", "A-Line Midi Skirt", "Wrap Skirt"]),
    line("pants", "pants", "adult", "Medium", ["Wide-Leg Trousers", "Paperbag Pants", "Cropped Culottes"]),
    line("jackets", "jacket", "adult", "Large", ["Quilted Jacket", "Wool Wrap Coat", "Cropped Trench"]),
    line("swimwear", "top", "adult", "Small", ["Ruched Swimsuit", "Tie-Side Bikini"]),
    line("sleepwear", "top", "adult", "Small", ["Piped Pajama Set", "Cotton Robe"]),
  ],
  men: [
    line("tops", "top", "adult", "Small", ["Oxford Shirt", "Henley", "Camp Shirt", "Pocket Tee"]),
    line("pants", "pants", "adult", "Medium", ["Pleated Trousers", "Work Pants", "Slim Chinos"]),
    line("jackets", "jacket", "adult", "Large", ["Waxed Field Jacket", "Bomber Jacket", "Chore Coat"]),
    line("suits", "jacket", "adult", "Large", ["Unstructured Blazer", "Linen Suit Jacket"]),
    line("shorts", "pants", "adult", "Small", ["Board Shorts", "Chino Shorts"]),
    line("underwear", "pants", "adult", "Small", ["Boxer Shorts", "Sleep Shorts"]),
  ],
  "gender-neutral": [
    line("tops", "top", "adult", "Small", ["Oversized Tee", "Raglan Sweatshirt", "Zip Hoodie"]),
    line("jackets", "jacket", "adult", "Large", ["Utility Jacket", "Anorak", "Quilted Vest"]),
    line("pants", "pants", "adult", "Medium", ["Drawstring Pants", "Carpenter Pants"]),
    line("sleepwear", "top", "adult", "Small", ["Lounge Set", "Kimono Robe"]),
    line("accessories", "tote", null, "Small", ["Canvas Tote", "Bucket Hat", "Crossbody Sling"]),
  ],
  Teens: [
    line("tops", "top", "teen", "Small", ["Cropped Hoodie", "Rugby Shirt", "Baby Tee"]),
    line("dresses", "dress", "teen", "Medium", ["Skater Dress", "Babydoll Dress"]),
    line("pants", "pants", "teen", "Medium", ["Cargo Pants", "Flare Jeans"]),
    line("skirts", "skirt", "teen", "Small", ["Pleated Mini Skirt", "Denim Skirt"]),
    line("costumes", "jacket", "teen", "Medium", ["Wizard Robe", "Hooded Cosplay Cape"]),
  ],
  Kids: [
    line("tops", "top", "kids", "Small", ["Raglan Tee", "Peter Pan Blouse"]),
    line("dresses", "dress", "kids", "Small", ["Pinafore Dress", "Twirl Dress"]),
    line("shorts", "pants", "kids", "Small", ["Pull-On Shorts", "Overall Shorts"]),
    line("costumes", "jacket", "kids", "Small", ["Dinosaur Hoodie", "Knight Tunic"]),
    line("sleepwear", "top", "kids", "Small", ["Flannel Pajamas", "Nightgown"]),
    line("swimwear", "top", "kids", "Small", ["Rash Guard", "Swim Trunks"]),
  ],
  Pets: [
    line("clothing", "pet", "pets", "Small", ["Dog Raincoat", "Cable Knit Dog Sweater", "Fleece Dog Vest", "Cat Hoodie"]),
    line("accessories", "tote", null, "Small", ["Dog Bandana", "Treat Pouch", "Bow Tie Collar", "Leash Bag"]),
  ],
  Home: [
    line("decor", "cushion", "cushion", "Medium", ["Cushion Cover", "Piped Throw Pillow"]),
    line("kitchen", "tote", null, "Small", ["Linen Apron", "Tea Towel Set", "Bread Bag"]),
    line("bedding", "cushion", "bedding", "Large", ["Duvet Cover", "Quilted Coverlet", "Pillowcase Pair"]),
    line("curtains", "curtain", "curtain", "Large", ["Cafe Curtain", "Linen Curtain Panel"]),
    line("bathroom", "tote", null, "Small", ["Toiletry Bag", "Waffle Hand Towels"]),
    line("floors", "cushion", null, "Large", ["Floor Cushion", "Patchwork Pouf"]),
    line("outdoors", "tote", null, "Medium", ["Picnic Blanket", "Hammock Pillow"]),
  ],
};

const DESIGN_CATEGORY_IDS = Object.keys(GARMENTS) as Category1[];

const STYLE_WORDS = [
  "Juniper", "Marlow", "Harbor", "Willow", "Sierra", "Atlas", "Clover", "Ember", "Fjord", "Hazel",
  "Indigo", "Juno", "Kestrel", "Lark", "Meadow", "Nova", "Orla", "Pippin", "Quincy", "Rowan",
  "Saga", "Tamsin", "Vesper", "Wren", "Yara", "Zinnia", "Alder", "Birch", "Cove", "Delta",
];

const FABRICS = [
  { short: "Linen", long: "washed European linen" },
  { short: "Cotton", long: "organic cotton poplin" },
  { short: "Twill", long: "Tencel twill" },
  { short: "Merino", long: "fine merino jersey" },
  { short: "Wool", long: "recycled wool blend" },
  { short: "Canvas", long: "hemp canvas" },
  { short: "Gauze", long: "double cotton gauze" },
  { short: "Denim", long: "10 oz selvedge denim" },
  { short: "Flannel", long: "brushed cotton flannel" },
];

const FEATURES: Record<Shape, readonly string[]> = {
  top: ["a relaxed drop shoulder and curved hem", "a camp collar and boxy fit", "French seams and a back yoke", "a ribbed neckline and side slits"],
  dress: ["a wrap front and tie waist", "in-seam pockets and a tiered skirt", "a bias-cut skirt and adjustable straps", "a button placket and pleated bodice"],
  pants: ["a wide leg and elastic back waist", "front pleats and deep pockets", "a tapered leg and drawstring waist", "a high rise and side zip"],
  skirt: ["a bias cut that drapes beautifully", "a flat front waistband and pockets", "soft pleats and a midi length", "a wrap closure with long ties"],
  jacket: ["a lined body and patch pockets", "a notch lapel and half lining", "a quilted shell and snap front", "raglan sleeves and a storm flap"],
  pet: ["a belly strap with hook-and-loop closure", "a fleece lining and leash opening", "reflective trim for evening walks", "an easy step-in shape"],
  cushion: ["a hidden zip and piped edges", "an envelope closure, no zip needed", "neat mitred corners", "a reversible two-fabric design"],
  tote: ["double-stitched edges that last", "a fully lined, reversible design", "an adjustable fit", "sturdy topstitched seams"],
  curtain: ["a rod pocket and back tabs", "blackout lining and pinch pleats", "an easy tab top heading", "weighted hems that hang straight"],
};

type Availability = { type: "Pattern"; delivery: "Digital" | "Print" } | { type: "Made" | "Ready"; delivery: null };

const AVAILABILITY_CYCLE: readonly Availability[] = [
  { type: "Pattern", delivery: "Digital" },
  { type: "Pattern", delivery: "Print" },
  { type: "Made", delivery: null },
  { type: "Ready", delivery: null },
];

const TERMS: Record<"Digital" | "Print" | "Made" | "Ready", string> = {
  Digital:
    "Licensed for personal use and small-batch production (up to 500 units). Please do not share or resell the DXF file. Digital downloads are non-refundable.",
  Print:
    "Printed full scale on durable paper and shipped from Los Angeles within 3 working days. US addresses only. Printing errors are replaced free of charge.",
  Made:
    "Cut and sewn to order in 2-3 weeks after purchase. Made-to-order pieces can't be returned, but we will gladly fix any fit issue within 30 days.",
  Ready:
    "Ships within 3 working days. Returns accepted within 14 days of delivery if unworn and unwashed; the buyer pays return shipping.",
};

/** Price ranges in whole dollars; apparel is scaled down for kids, pets and home goods. */
const PRICE_RANGES = { Digital: [8, 18], Print: [14, 25], Made: [55, 220], Ready: [35, 160] } as const;
const APPAREL_PRICE_SCALE: Record<Category1, number> = {
  women: 1,
  men: 1,
  "gender-neutral": 0.9,
  Teens: 0.75,
  Kids: 0.5,
  Pets: 0.35,
  Home: 0.7,
};

const REVIEWERS = [
  "Priya S.", "Jordan M.", "Elena R.", "Marcus T.", "Hana K.", "Olivia B.", "Sam W.", "Noor A.",
  "Grace L.", "Mateo G.", "Chloe D.", "Ben F.", "Ivy C.", "Theo P.", "Ruth H.", "Kai N.",
];

const REVIEW_COMMENTS: Record<number, readonly string[]> = {
  5: [
    "Fits perfectly and the instructions were so clear. Already planning a second one!",
    "Beautiful quality, exactly as pictured. Shipping was fast too.",
    "My new favorite. The pieces matched up perfectly and the fit is spot on.",
    "Gorgeous finish and great communication from the seller.",
  ],
  4: [
    "Really nice, runs slightly large so consider sizing down.",
    "Great pattern overall; I had to shorten the hem a little.",
    "Lovely fabric and construction, took a bit longer to arrive than expected.",
  ],
  3: ["Decent, but the sizing chart could be more detailed.", "It's fine. The color is a little duller than the photos."],
  2: ["The sleeves came out tight even after checking the size chart."],
  1: ["Not what I expected, and the seams were uneven."],
};
const STAR_WEIGHTS = [5, 5, 5, 5, 4, 4, 4, 3, 2, 1];

const BANNER_TAGLINES = [
  "New season patterns",
  "Made to order, made to last",
  "Small-batch apparel",
  "Sew it yourself",
  "Linen weather is here",
  "Fresh off the cutting table",
  "Cozy knits are back",
  "For makers, by makers",
  "Printed in Los Angeles",
  "Home goods that last",
  "Sustainable fabrics only",
  "Tiny sizes, big style",
];

const SIZE_CHARTS = {
  adult: {
    title: "Size chart",
    unit: "Body measurements in inches",
    headers: ["Size", "Bust", "Waist", "Hip"],
    rows: [
      ["XS", "31-32", "24-25", "34-35"],
      ["S", "33-34", "26-27", "36-37"],
      ["M", "35-37", "28-30", "38-40"],
      ["L", "38-40", "31-33", "41-43"],
      ["XL", "41-43", "34-36", "44-46"],
    ],
  },
  kids: {
    title: "Kids size chart",
    unit: "Body measurements in inches",
    headers: ["Size", "Chest", "Waist", "Height"],
    rows: [
      ["2T", "21", "20", "33-36"],
      ["4T", "23", "21", "39-42"],
      ["6", "25", "22", "45-48"],
      ["8", "27", "23", "50-53"],
      ["10", "28.5", "24", "54-56"],
    ],
  },
  pets: {
    title: "Pet size chart",
    unit: "Measure your pet in inches",
    headers: ["Size", "Neck", "Chest", "Back"],
    rows: [
      ["XS", "8-10", "12-14", "8"],
      ["S", "10-12", "14-18", "11"],
      ["M", "12-16", "18-24", "15"],
      ["L", "16-20", "24-30", "19"],
      ["XL", "20-24", "30-36", "23"],
    ],
  },
  home: {
    title: "Home sizes",
    unit: "Finished dimensions in inches",
    headers: ["Size", "Width", "Length", "Fits"],
    rows: [
      ["Cushion", "18", "18", '18" insert'],
      ["Twin", "68", "90", "Twin bed"],
      ["Queen", "90", "92", "Queen bed"],
      ["Curtain", "52", "84", '1" rod'],
      ["Towel", "16", "28", "Hand"],
    ],
  },
} as const;
type ChartKind = keyof typeof SIZE_CHARTS;

function chartKindFor(category1: Category1): ChartKind {
  if (category1 === "Kids") return "kids";
  if (category1 === "Pets") return "pets";
  if (category1 === "Home") return "home";
  return "adult";
}

// ---------------------------------------------------------------------------------------------
// Generated files
// ---------------------------------------------------------------------------------------------

type FileKind = "media" | "pattern";

/** Rendered once, written once per owning store. */
interface Asset {
  key: string;
  data: Buffer;
  originalName: string;
  contentType: string;
  kind: FileKind;
}

interface PlannedFile {
  name: string;
  originalName: string;
  contentType: string;
  size: number;
  kind: FileKind;
  /** Index into plan.users. */
  owner: number;
}

/** Writes files under random names into the uploads directory and remembers them for `files`. */
class Uploads {
  readonly rows: PlannedFile[] = [];
  private readonly copies = new Map<string, string>();

  constructor(private readonly dir: string) {
    fs.mkdirSync(dir, { recursive: true });
  }

  write(data: Buffer, meta: Omit<PlannedFile, "name" | "size">): string {
    const name = `${crypto.randomBytes(16).toString("hex")}${path.extname(meta.originalName)}`;
    fs.writeFileSync(path.join(this.dir, name), data);
    this.rows.push({ ...meta, name, size: data.length });
    return name;
  }

  /** The owner's own file holding `asset`, written on first use. */
  copyFor(owner: number, asset: Asset): string {
    const key = `${owner}:${asset.key}`;
    let name = this.copies.get(key);
    if (!name) {
      name = this.write(asset.data, { ...asset, owner });
      this.copies.set(key, name);
    }
    return name;
  }

  removeWritten(): void {
    for (const row of this.rows) fs.rmSync(path.join(this.dir, row.name), { force: true });
  }
}

const WEBP = { quality: 78, effort: 2 } as const;
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

async function webpAsset(key: string, svg: string, originalName: string): Promise<Asset> {
  const data = await sharp(Buffer.from(svg)).webp(WEBP).toBuffer();
  return { key, data, originalName: `${originalName}.webp`, contentType: "image/webp", kind: "media" };
}

const SHAPE_LABELS: Record<Shape, string> = {
  top: "Tops",
  dress: "Dresses",
  pants: "Pants",
  skirt: "Skirts",
  jacket: "Outerwear",
  pet: "Pets",
  cushion: "Home",
  tote: "Accessories",
  curtain: "Curtains",
};

/** Garment silhouettes on an 800x1000 canvas. */
function shapeSvg(shape: Shape, c: Color): string {
  const outline = (d: string) =>
    `<path d="${d}" fill="${c.main}" stroke="${c.ink}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="${d}" fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="3" stroke-dasharray="14 10" transform="translate(400 500) scale(0.92) translate(-400 -500)"/>`;
  switch (shape) {
    case "top":
      return outline("M300 180 Q400 250 500 180 L640 240 L720 420 L620 460 L580 380 L580 800 L220 800 L220 380 L180 460 L80 420 L160 240 Z");
    case "dress":
      return outline("M320 160 Q400 220 480 160 L520 190 L500 420 L640 820 L160 820 L300 420 L280 190 Z");
    case "pants":
      return outline("M250 160 L550 160 L600 840 L450 840 L400 380 L350 840 L200 840 Z");
    case "skirt":
      return outline("M280 220 L520 220 L520 270 L650 780 L150 780 L280 270 Z");
    case "jacket":
      return (
        outline("M310 170 L400 300 L490 170 L620 220 L720 700 L630 720 L580 420 L580 820 L220 820 L220 420 L170 720 L80 700 L180 220 Z") +
        `<line x1="400" y1="300" x2="400" y2="820" stroke="${c.ink}" stroke-width="5"/>` +
        [380, 480, 580, 680].map((y) => `<circle cx="425" cy="${y}" r="10" fill="${c.ink}"/>`).join("")
      );
    case "pet":
      return (
        `<g fill="#9a8f84" stroke="${c.ink}" stroke-width="4">` +
        `<rect x="250" y="560" width="44" height="200" rx="18"/><rect x="330" y="570" width="44" height="190" rx="18"/>` +
        `<rect x="460" y="570" width="44" height="190" rx="18"/><rect x="540" y="560" width="44" height="200" rx="18"/>` +
        `<path d="M190 470 Q120 420 140 360" fill="none" stroke-width="22" stroke-linecap="round"/>` +
        `<path d="M530 450 L600 340 L680 390 L610 500 Z"/><circle cx="640" cy="350" r="80"/><ellipse cx="690" cy="285" rx="28" ry="58"/></g>` +
        outline("M190 520 Q200 400 400 390 Q600 400 610 520 Q600 640 400 650 Q200 640 190 520 Z")
      );
    case "cushion":
      return (
        outline("M200 290 Q400 250 600 290 Q640 500 600 710 Q400 750 200 710 Q160 500 200 290 Z") +
        `<circle cx="400" cy="500" r="16" fill="${c.ink}"/>`
      );
    case "tote":
      return (
        `<path d="M300 390 Q300 200 400 200 Q500 200 500 390" fill="none" stroke="${c.ink}" stroke-width="22"/>` +
        outline("M220 380 L580 380 L610 830 L190 830 Z")
      );
    case "curtain":
      return (
        `<rect x="110" y="170" width="580" height="14" rx="7" fill="${c.ink}"/>` +
        outline("M140 190 L380 190 L340 840 L140 840 Z") +
        outline("M420 190 L660 190 L660 840 L460 840 Z")
      );
  }
}

function productImageSvg(shape: Shape, c: Color): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000">
<defs><pattern id="dots" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="3" fill="${c.ink}" fill-opacity="0.12"/></pattern></defs>
<rect width="800" height="1000" fill="${c.bg}"/><rect width="800" height="1000" fill="url(#dots)"/>
${shapeSvg(shape, c)}
<text x="400" y="930" font-family="${FONT}" font-size="44" font-weight="bold" letter-spacing="6" text-anchor="middle" fill="${c.ink}">${escapeXml(SHAPE_LABELS[shape].toUpperCase())}</text>
</svg>`;
}

function sizeChartSvg(kind: ChartKind): string {
  const chart = SIZE_CHARTS[kind];
  const [x0, y0, rowHeight, colWidth] = [40, 150, 72, 130];
  const cells = [chart.headers, ...chart.rows].flatMap((row, r) =>
    row.map((cell, col) => {
      const x = x0 + col * colWidth;
      const y = y0 + r * rowHeight;
      const fill = r === 0 ? "#2f3d29" : r % 2 ? "#ffffff" : "#f1f4ee";
      const ink = r === 0 ? "#ffffff" : "#1c1e21";
      return (
        `<rect x="${x}" y="${y}" width="${colWidth}" height="${rowHeight}" fill="${fill}" stroke="#c9d1c3"/>` +
        `<text x="${x + colWidth / 2}" y="${y + 46}" font-family="${FONT}" font-size="24" text-anchor="middle" fill="${ink}"${r === 0 || col === 0 ? ' font-weight="bold"' : ""}>${escapeXml(cell)}</text>`
      );
    }),
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
<rect width="600" height="600" fill="#ffffff"/>
<text x="40" y="80" font-family="${FONT}" font-size="36" font-weight="bold" fill="#1c1e21">${escapeXml(chart.title)}</text>
<text x="40" y="118" font-family="${FONT}" font-size="20" fill="#5b6157">${escapeXml(chart.unit)}</text>
${cells.join("\n")}
</svg>`;
}

function bannerSvg(tagline: string, c: Color, motif: number): string {
  // Bold DejaVu Sans is about 0.62 em wide per character; the text box is 700 px wide.
  const fontSize = Math.min(56, Math.floor(700 / (0.62 * tagline.length)));
  const motifs = [
    `<pattern id="m" width="60" height="60" patternUnits="userSpaceOnUse" patternTransform="rotate(35)"><rect width="22" height="60" fill="${c.main}" fill-opacity="0.25"/></pattern>`,
    `<pattern id="m" width="70" height="70" patternUnits="userSpaceOnUse"><circle cx="35" cy="35" r="12" fill="${c.main}" fill-opacity="0.3"/></pattern>`,
    `<pattern id="m" width="120" height="60" patternUnits="userSpaceOnUse"><path d="M0 60 Q30 0 60 60 Q90 0 120 60" fill="none" stroke="${c.main}" stroke-opacity="0.35" stroke-width="6"/></pattern>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="500" viewBox="0 0 1200 500">
<defs>${motifs[motif % motifs.length]}</defs>
<rect width="1200" height="500" fill="${c.bg}"/><rect width="1200" height="500" fill="url(#m)"/>
<rect x="80" y="150" width="780" height="200" rx="16" fill="#ffffff" fill-opacity="0.85"/>
<text x="120" y="245" font-family="${FONT}" font-size="${fontSize}" font-weight="bold" fill="${c.ink}">${escapeXml(tagline)}</text>
<text x="120" y="305" font-family="${FONT}" font-size="26" letter-spacing="4" fill="${c.ink}" fill-opacity="0.7">PATTERNHOUSE</text>
<circle cx="1030" cy="250" r="120" fill="${c.main}"/>
<circle cx="1030" cy="250" r="100" fill="none" stroke="#ffffff" stroke-width="4" stroke-dasharray="12 10"/>
</svg>`;
}

function avatarSvg(initials: string, c: Color): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<rect width="256" height="256" fill="#ffffff"/>
<circle cx="128" cy="128" r="124" fill="${c.main}"/>
<text x="128" y="152" font-family="${FONT}" font-size="84" font-weight="bold" text-anchor="middle" fill="#ffffff">${escapeXml(initials)}</text>
</svg>`;
}

const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");

// --- DXF --------------------------------------------------------------------------------------

/**
 * One ASTM-style graded pattern file per garment shape (blocks per piece and size, 3 to 6 sizes, some in inches),
 * read once here: every demo product of that shape gets its own copy of the file and the read pattern as its
 * version 1 (decision 061).
 */
function patternAsset(shape: Shape, index: number): PatternAsset {
  const dxf = makeDemoPatternDxf(index);
  const read = readPattern(dxf);
  if (!read.ok) throw new Error(`demo pattern ${shape}: ${read.message}`);
  return {
    key: `pattern:${shape}`,
    data: Buffer.from(dxf, "latin1"),
    originalName: `${shape}-pattern.dxf`,
    contentType: "application/dxf",
    kind: "pattern",
    parsed: JSON.stringify(read.pattern),
  };
}

/**
 * Body measurements of the demo size runs (cm: bust, waist, hip), as a size chart would print them, so the demo
 * patterns show the size chart and the size advice of issue 24. Finished garment: 8 cm of ease at the bust, 6 at the
 * waist and hip. Sizes missing here get no chart.
 */
const DEMO_BODY_CM: Record<string, [number, number, number]> = {
  XS: [80, 62, 86],
  S: [86, 68, 92],
  M: [92, 74, 98],
  L: [100, 82, 106],
  XL: [108, 90, 114],
  "36": [84, 66, 90],
  "38": [88, 70, 94],
  "40": [92, 74, 98],
  "42": [96, 78, 102],
  "44": [100, 82, 106],
  "6": [86, 68, 92],
  "8": [89, 71, 95],
  "10": [92, 74, 98],
  "12": [97, 79, 103],
  "14": [102, 84, 108],
  "16": [107, 89, 113],
};

/** The size chart rows of a demo pattern (its read sizes), or none when it has no reading or an unknown size. */
function demoSizeChart(patternData: string) {
  const sizes = (JSON.parse(patternData) as { sizes?: string[] }).sizes ?? [];
  if (sizes.length < 2 || !sizes.every((size) => DEMO_BODY_CM[size])) return [];
  return sizes.map((size, position) => {
    const [bust, waist, hip] = DEMO_BODY_CM[size]!.map((cm) => cm * 10) as [number, number, number];
    return { size, position, bustMm: bust, waistMm: waist, hipMm: hip, finishedBustMm: bust + 80, finishedWaistMm: waist + 60, finishedHipMm: hip + 60 };
  });
}

// --- The asset library ------------------------------------------------------------------------

const SHAPES = Object.keys(SHAPE_LABELS) as Shape[];
const IMAGES_PER_SHAPE = 4;

interface AssetLibrary {
  productImages: Record<Shape, Asset[]>;
  sizeCharts: Record<ChartKind, Asset>;
  banners: Asset[];
  patterns: Record<Shape, PatternAsset>;
}

interface PatternAsset extends Asset {
  /** The pattern read from the file (pattern_versions.data). */
  parsed: string;
}

async function renderAssets(): Promise<AssetLibrary> {
  const productImages = Object.fromEntries(
    await Promise.all(
      SHAPES.map(async (shape, s) => {
        const images = await Promise.all(
          Array.from({ length: IMAGES_PER_SHAPE }, (_, k) => {
            const c = color(s * IMAGES_PER_SHAPE + k);
            return webpAsset(`product:${shape}:${k}`, productImageSvg(shape, c), `${shape}-${c.name}`);
          }),
        );
        return [shape, images] as const;
      }),
    ),
  ) as Record<Shape, Asset[]>;

  const chartKinds = Object.keys(SIZE_CHARTS) as ChartKind[];
  const charts = await Promise.all(
    chartKinds.map((kind) => webpAsset(`chart:${kind}`, sizeChartSvg(kind), `size-chart-${kind}`)),
  );
  const sizeCharts = Object.fromEntries(chartKinds.map((kind, i) => [kind, charts[i]!])) as Record<ChartKind, Asset>;

  const banners = await Promise.all(
    BANNER_TAGLINES.map((tagline, i) =>
      webpAsset(`banner:${i}`, bannerSvg(tagline, color(i + 3), i), `banner-${slug(tagline)}`),
    ),
  );

  const patterns = Object.fromEntries(SHAPES.map((shape, i) => [shape, patternAsset(shape, i)])) as Record<Shape, PatternAsset>;

  return { productImages, sizeCharts, banners, patterns };
}

// ---------------------------------------------------------------------------------------------
// The plan: every row to insert, with references by index
// ---------------------------------------------------------------------------------------------

interface SeedContext {
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

interface Plan {
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

async function buildPlan(
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

// ---------------------------------------------------------------------------------------------
// Writing the plan
// ---------------------------------------------------------------------------------------------

const BATCH_SIZE = 400;

function insertInBatches<T extends SQLiteTable>(tx: Tx, table: T, rows: T["$inferInsert"][]) {
  for (let i = 0; i < rows.length; i += BATCH_SIZE) {
    tx.insert(table).values(rows.slice(i, i + BATCH_SIZE)).run();
  }
}

/** The highest id a table has used (AUTOINCREMENT never reuses ids): plan ids follow it. */
function lastId(tx: Tx, table: string): number {
  const row = tx.get<{ id: number | null }>(
    sql`SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = ${table}), 0),
                   coalesce((SELECT max(id) FROM ${sql.identifier(table)}), 0)) AS id`,
  );
  return row?.id ?? 0;
}

const LOS_ANGELES_STUDIO = {
  shippingName: "Patternhouse Print Studio",
  street: "1200 S Santa Fe Ave",
  street2: "Suite 4",
  city: "Los Angeles",
  state: "CA",
  postalCode: "90021",
  phone: "+1 213 555 0142",
  email: "studio@patternhouse.test",
  country: "US",
};

function writePlan(tx: Tx, plan: Plan, fileRows: readonly PlannedFile[], dataKey: Buffer) {
  const userBase = lastId(tx, "users") + 1;
  const storeBase = lastId(tx, "stores") + 1;
  const productBase = lastId(tx, "products") + 1;
  const userId = (index: number) => userBase + index;
  const storeId = (index: number) => storeBase + index;
  const productId = (index: number) => productBase + index;

  insertInBatches(
    tx,
    users,
    plan.users.map((u, i) => ({
      id: userId(i),
      email: u.email,
      passwordHash: u.passwordHash,
      firstName: u.firstName,
      lastName: u.lastName,
      role: u.role,
      phone: u.phone,
      street: u.street,
      street2: u.street2 ?? "",
      city: u.city,
      state: u.state,
      postalCode: u.postalCode,
      country: u.country,
      createdAt: u.createdAt,
    })),
  );

  insertInBatches(
    tx,
    files,
    fileRows.map((f) => ({
      name: f.name,
      originalName: f.originalName,
      contentType: f.contentType,
      size: f.size,
      kind: f.kind,
      ownerId: userId(f.owner),
    })),
  );

  insertInBatches(
    tx,
    stores,
    plan.stores.map((s, i) => {
      const owner = plan.users[s.owner]!;
      const payout =
        s.stripe === "onboarded"
          ? {
              accountName: `${owner.firstName} ${owner.lastName}`,
              accountNumber: encryptSecret(DEMO_ACCOUNT_NUMBER, dataKey),
              accountLast4: DEMO_ACCOUNT_NUMBER.slice(-4),
              accountRouting: "110000000",
            }
          : {};
      return {
        id: storeId(i),
        userId: userId(s.owner),
        name: s.name,
        avatar: s.avatar,
        bio: s.bio,
        stripeAccountId: i === 0 ? "acct_local_demo" : s.stripe === "none" ? null : `acct_local_${slug(s.name).replace(/-/g, "")}`,
        stripeOnboarded: s.stripe === "onboarded",
        ...payout,
        createdAt: s.createdAt,
      };
    }),
  );
  insertInBatches(
    tx,
    storeMedia,
    plan.stores.flatMap((s, i) => s.media.map((media, position) => ({ storeId: storeId(i), media, position }))),
  );

  insertInBatches(
    tx,
    products,
    plan.products.map((p, i) => ({
      id: productId(i),
      storeId: storeId(p.store),
      name: p.name,
      description: p.description,
      priceCents: p.priceCents,
      type: p.type,
      delivery: p.delivery,
      category1: p.category1,
      category2: p.category2,
      terms: p.terms,
      patternFile: p.patternFile,
      parcelSize: p.parcelSize,
      sizeChart: p.sizeChart,
      sold: p.sold,
      createdAt: p.createdAt,
      updatedAt: p.createdAt,
    })),
  );
  // Pattern rows are large (tens of KB): small batches.
  const versionRows = plan.products.flatMap((p, i) =>
    p.patternFile
      ? [{ productId: productId(i), version: 1, file: p.patternFile, data: p.patternData, readerVersion: p.patternData === "{}" ? 0 : READER_VERSION, createdAt: p.createdAt }]
      : [],
  );
  for (let i = 0; i < versionRows.length; i += 50) tx.insert(patternVersions).values(versionRows.slice(i, i + 50)).run();
  insertInBatches(
    tx,
    sizeChartRows,
    plan.products.flatMap((p, i) => demoSizeChart(p.patternData).map((row) => ({ productId: productId(i), ...row }))),
  );
  insertInBatches(
    tx,
    productMedia,
    plan.products.flatMap((p, i) => p.media.map((media, position) => ({ productId: productId(i), media, position }))),
  );
  insertInBatches(
    tx,
    variants,
    plan.products.flatMap((p, i) =>
      p.variants.map((v, position) => ({ productId: productId(i), name: "Size", ...v, position })),
    ),
  );

  insertInBatches(
    tx,
    follows,
    plan.follows.map((f) => ({ userId: userId(f.user), storeId: storeId(f.store), createdAt: f.createdAt })),
  );
  insertInBatches(
    tx,
    reviews,
    plan.reviews.map((r) => ({
      productId: productId(r.product),
      name: r.name,
      star: r.star,
      comment: r.comment,
      createdAt: r.createdAt,
    })),
  );

  // The row itself comes from migration 0003 with the schema's default fees; the demo adds the print studio.
  tx.update(platformSettings).set(LOS_ANGELES_STUDIO).where(eq(platformSettings.id, 1)).run();
}
