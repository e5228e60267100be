/**
 * The demo data's word lists and tables: the demo accounts, the stores and their owners, cities, colours, garment
 * lines, fabrics, features, terms, prices, reviews, banner taglines and size charts.
 */
import type { Category1 } from "../../app/utils/catalog";

export const DEMO_ACCOUNTS = {
  buyer: { email: "buyer@patternhouse.test", password: "demo-buyer-pass" },
  seller: { email: "seller@patternhouse.test", password: "demo-seller-pass" },
  admin: { email: "admin@patternhouse.test", password: "demo-admin-pass" },
} as const;

/** The demo stores' (fake) bank account number; stored encrypted. */
export const DEMO_ACCOUNT_NUMBER = "000123456789";

interface Address {
  phone: string;
  street: string;
  street2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}

export interface Person extends Address {
  email: string;
  firstName: string;
  lastName: string;
}

export type Stripe = "onboarded" | "pending" | "none";

export interface StoreSeed {
  owner: Person;
  name: string;
  bio: string;
  color: number;
  focus: readonly Category1[];
  stripe: Stripe;
}

export const BUYER: Person = {
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

export const ADMIN: Person = {
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
export const STORES: readonly StoreSeed[] = [
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
export const EXTRA_STORE_WORDS = {
  first: ["Selvedge", "Bobbin", "Pleat", "Gather", "Notch", "Bias", "Tuck", "Hemline", "Dart", "Yoke"],
  second: ["Studio", "Atelier", "Workshop", "Supply", "House", "Loft", "Goods", "Lab"],
  firstNames: ["Avery", "Jordan", "Riley", "Morgan", "Casey", "Quinn", "Harper", "Rowan", "Emery", "Skyler"],
  lastNames: ["Nguyen", "Garcia", "Kowalski", "Haddad", "Silva", "Murphy", "Rossi", "Kim", "Dubois", "Patel"],
};

export const CITIES: readonly Omit<Address, "phone" | "street">[] = [
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
export type Color = (typeof PALETTE)[number];
export const color = (index: number): Color => PALETTE[index % PALETTE.length]!;

export type Shape = "top" | "dress" | "pants" | "skirt" | "jacket" | "pet" | "cushion" | "tote" | "curtain";
type SizeSet = keyof typeof SIZE_SETS;
export type ParcelSize = "Small" | "Medium" | "Large";

export const SIZE_SETS = {
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
export const GARMENTS: Record<Category1, readonly GarmentLine[]> = {
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

export const DESIGN_CATEGORY_IDS = Object.keys(GARMENTS) as Category1[];

export const STYLE_WORDS = [
  "Juniper", "Marlow", "Harbor", "Willow", "Sierra", "Atlas", "Clover", "Ember", "Fjord", "Hazel",
  "Indigo", "Juno", "Kestrel", "Lark", "Meadow", "Nova", "Orla", "Pippin", "Quincy", "Rowan",
  "Saga", "Tamsin", "Vesper", "Wren", "Yara", "Zinnia", "Alder", "Birch", "Cove", "Delta",
];

export const FABRICS = [
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

export const FEATURES: Record<Shape, readonly string[]> = {
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

export type Availability = { type: "Pattern"; delivery: "Digital" | "Print" } | { type: "Made" | "Ready"; delivery: null };

export const AVAILABILITY_CYCLE: readonly Availability[] = [
  { type: "Pattern", delivery: "Digital" },
  { type: "Pattern", delivery: "Print" },
  { type: "Made", delivery: null },
  { type: "Ready", delivery: null },
];

export const TERMS: Record<"Digital" | "Print" | "Made" | "Ready", string> = {
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
export const PRICE_RANGES = { Digital: [8, 18], Print: [14, 25], Made: [55, 220], Ready: [35, 160] } as const;
export const APPAREL_PRICE_SCALE: Record<Category1, number> = {
  women: 1,
  men: 1,
  "gender-neutral": 0.9,
  Teens: 0.75,
  Kids: 0.5,
  Pets: 0.35,
  Home: 0.7,
};

export const REVIEWERS = [
  "Priya S.", "Jordan M.", "Elena R.", "Marcus T.", "Hana K.", "Olivia B.", "Sam W.", "Noor A.",
  "Grace L.", "Mateo G.", "Chloe D.", "Ben F.", "Ivy C.", "Theo P.", "Ruth H.", "Kai N.",
];

export const REVIEW_COMMENTS: Record<number, readonly string[]> = {
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
export const STAR_WEIGHTS = [5, 5, 5, 5, 4, 4, 4, 3, 2, 1];

export const BANNER_TAGLINES = [
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

export const SIZE_CHARTS = {
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
export type ChartKind = keyof typeof SIZE_CHARTS;

export function chartKindFor(category1: Category1): ChartKind {
  if (category1 === "Kids") return "kids";
  if (category1 === "Pets") return "pets";
  if (category1 === "Home") return "home";
  return "adult";
}

/** Lower-case words joined by dashes: file names, account ids. */
export const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter((word) => /^[A-Za-z]/.test(word))
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join("");
