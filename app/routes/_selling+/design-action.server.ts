/** The design form's request handling, shared by /create-design and /edit-product/{id} (one screen, two modes). */
import { data } from "@remix-run/node";

import type { Store, User } from "../../../db/tables";
import { isProfileComplete } from "~/models/accounts/profile.server";
import { getOwnProduct, removeOwnProduct, saveDesign, setOwnPatternUnits, type OwnProduct } from "~/models/selling/designs.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import {
  DESIGN_FORM_FIELDS,
  designFileKey,
  designProblemsAt,
  MAX_VARIANTS,
  PATTERN_UNITS_MESSAGES,
  patternUnitsSchema,
  PRODUCT_MESSAGES,
  type DesignFormValues,
  type FieldErrors,
} from "~/schemas/selling";
import { getDb } from "~/utils/db.server";
import { formRows, keepRows, keptInOrder } from "~/utils/form-rows";
import { parseShippingOverride, shippingRatesForm } from "~/models/shipping/rates";
import { setShippingOverride } from "~/models/shipping/rates.server";
import { parseShippingOverrideInput, SHIPPING_FIELDS, SHIPPING_PREFIX } from "~/schemas/shipping";
import { redirectWithFlash } from "~/utils/flash.server";
import { invariantResponse } from "~/utils/invariant";
import { MAX_MEDIA } from "~/utils/upload-limits";
import { unstoredFileErrors } from "~/models/files/errors";
import { holdFiles, releaseHeld, takeHeldFiles, type HeldFile } from "~/models/files/held.server";
import { readPageMultipart, type TempFile } from "~/utils/multipart.server";
import type { SentChartValues } from "~/models/fit/size-chart";
import { warmLayouts } from "~/models/layout/layouts.server";
import { layoutFormValues, saveLayoutSettings } from "~/models/layout/settings.server";
import { LAYOUT_UNIT_FIELD, layoutFormFromFields, parseLayoutForm } from "~/schemas/layout";

import { checkSentChart, readSizeChartForm, saveSentChart } from "./size-chart-form.server";

/** The form's values of a stored design. */
export function designFormValues({ product, media, variants }: OwnProduct): DesignFormValues {
  return {
    name: product.name,
    desc: product.description,
    price: (product.priceCents / 100).toFixed(2),
    type: product.type,
    delivery: product.delivery ?? "",
    category1: product.category1,
    category2: product.category2,
    terms: product.terms,
    parcel_size: product.parcelSize ?? "",
    variants: variants.map((v) => ({ id: String(v.id), value: v.value, sku: v.sku, inventory: String(v.inventory), was: String(v.inventory) })),
    keep: media.map((m, i) => ({ id: m.id, position: String(i + 1), remove: false })),
    shipping: shippingRatesForm(parseShippingOverride(product.shippingOverride)),
    layout: layoutFormValues(product),
  };
}

/** What the screen shows of a stored design besides the form values. */
export function designFiles(found: OwnProduct | null) {
  return {
    media: found?.media ?? [],
    sizeChart: found?.product.sizeChart ?? null,
    patternFile: found?.product.patternFile ?? null,
  };
}

type ActionAnswer = {
  values: DesignFormValues;
  errors: FieldErrors;
  filesDropped: boolean;
  notice: string | null;
  chart?: SentChartValues | null;
  /** Files kept for the next submit (issue 34, item 16): sent back as `held` fields. */
  held?: HeldFile[];
};

/**
 * POST of the design form. Intents: `add-variant` and `remove-variant-{i}` show the form again with one
 * row more or less (nothing is saved: this is how rows are added without JavaScript); `remove` removes the
 * design; `units` reads the current pattern file again in the units chosen ("Read as", decision 100); `draft`
 * saves it as a draft and `publish` saves and publishes it (decision 106); anything else saves it (a new design is
 * published, an existing one keeps its status).
 */
export async function designAction({
  request,
  user,
  store,
  productId,
}: {
  request: Request;
  user: User;
  store: Store;
  productId: number | null;
}) {
  const db = getDb();
  const form = await readPageMultipart(request, { maxFiles: MAX_MEDIA + 5 });
  try {
    const fields = form.fields;
    const intent = String(fields.get("intent") ?? "save");

    if (intent === "remove") {
      invariantResponse(productId && await removeOwnProduct({ db, storeId: store.id, productId }), "Not Found", { status: 404 });
      return redirectWithFlash(request, "/my-designs", { kind: "success", message: PRODUCT_MESSAGES.removed });
    }
    invariantResponse(!productId || await getOwnProduct({ db, storeId: store.id, productId }), "Not Found", { status: 404 });

    if (intent === "units") {
      invariantResponse(productId, "Not Found", { status: 404 });
      const parsed = patternUnitsSchema.safeParse({ units: fields.get("units") });
      const unitsAnswer = async (status: number, message: string, headers?: HeadersInit) =>
        data<ActionAnswer>({ values: designFormValues((await getOwnProduct({ db, storeId: store.id, productId }))!), errors: { units: [message] }, filesDropped: false, notice: null }, { status, headers });
      if (!parsed.success) return await unitsAnswer(400, PATTERN_UNITS_MESSAGES.choose);
      const result = await setOwnPatternUnits({ db, storeId: store.id, productId, units: parsed.data.units });
      if (!result.ok) {
        const { status, message } = SELLING_ERRORS.patternUnits[result.error];
        invariantResponse(result.error !== "not-found", "Not Found", { status });
        const retry = result.error === "busy" ? { "Retry-After": String(result.retryAfter) } : undefined;
        return await unitsAnswer(status, result.message ? `${message} ${result.message}` : message, retry);
      }
      return redirectWithFlash(request, `/edit-product/${productId}`, { kind: "success", message: PATTERN_UNITS_MESSAGES.reread });
    }

    const values = submittedValues(fields);
    // Files held from an earlier try (issue 34, item 16), less those the seller dropped or chose anew (one size
    // chart, one pattern file): taken as if chosen again, the held ones first.
    const files = await withHeldFiles(user.id, fields, form.files);
    let held: HeldFile[] = [];
    let filesDropped = form.problems.length > 0;
    // The size chart as data (decision 113): its typed values come back with every answer.
    const chart = readSizeChartForm(fields);
    const sentChart = chart && { unit: chart.unit, madeToMeasure: chart.madeToMeasure, cells: chart.cells };
    const answer = (status: number, errors: FieldErrors, notice: string | null = null, headers?: HeadersInit) =>
      data<ActionAnswer>({ values, errors, filesDropped, notice, chart: sentChart, held }, { status, headers });

    // Only a page without JavaScript gets here for a size row (with JavaScript rows are added in the page): a browser
    // cannot put files back into file inputs, so the chosen ones are held for the next submit; refused ones are named.
    if (intent === "add-variant" || /^remove-variant-\d+$/.test(intent)) held = await keepForNextTry(user.id, files, files);
    const chosen = form.problems.map((f) => f.field);
    if (intent === "add-variant") {
      if (values.variants.length >= MAX_VARIANTS) return answer(400, { variants: [`A design can have at most ${MAX_VARIANTS} sizes`] });
      values.variants.push({ id: "", value: "", sku: "", inventory: "0" });
      return answer(200, {}, `A size row was added. Nothing is saved until you press Save.${filesNotKept(chosen, "add")}`);
    }
    const removeRow = /^remove-variant-(\d+)$/.exec(intent);
    if (removeRow) {
      values.variants.splice(Number(removeRow[1]), 1);
      return answer(200, {}, `The size row was removed. Nothing is saved until you press Save.${filesNotKept(chosen, "remove")}`);
    }

    // A row left entirely blank (as the empty form offers one) is no size.
    values.variants = values.variants.filter((v) => v.id || v.value.trim() || v.sku.trim() || !["", "0"].includes(v.inventory.trim()));
    if (!productId && !isProfileComplete(user)) return answer(400, { form: [PRODUCT_MESSAGES.incompleteProfile] });
    // The design's own shipping rates (decision 108): refused before anything is saved.
    const override = parseShippingOverrideInput(values.shipping ?? {}, SHIPPING_PREFIX);
    if (!override.ok) return answer(400, override.errors);
    const newPattern = files.some((f) => f.field === "pattern");
    const chartErrors = chart && (await checkSentChart({ db }, chart, { productId, type: values.type, variantValues: values.variants.map((v) => v.value), newPattern }));
    // A pattern's cutting-layout settings (issue 25): refused at their boxes before anything is saved.
    const layout = values.type === "Pattern" && values.layout ? parseLayoutForm(values.layout) : null;
    // Checked with the design's own fields and files, so every problem is named at once (issue 34, item 16).
    const faceProblems = chartErrors || (layout && !layout.ok) ? { ...chartErrors, ...(layout && !layout.ok ? layout.errors : {}) } : null;

    const result = await saveDesign({
      db,
      storeId: store.id,
      ownerId: user.id,
      productId,
      raw: { ...values, variants: values.variants },
      keepMedia: productId ? keptInOrder(values.keep) : [],
      files: {
        media: files.filter((f) => f.field === "media"),
        sizeChart: files.find((f) => f.field === "sizeChart") ?? null,
        pattern: files.find((f) => f.field === "pattern") ?? null,
        problems: form.problems.map((p) => ({ ...p, field: designFileKey(p.field) })),
      },
      patternNote: String(fields.get("pattern_note") ?? ""),
      status: intent === "draft" ? "draft" : intent === "publish" ? "published" : undefined,
      faceProblems,
    });
    if (!result.ok) {
      const { status } = SELLING_ERRORS.design[result.error];
      invariantResponse(result.error !== "not-found", "Not Found", { status });
      const retry = "retryAfter" in result ? { "Retry-After": String(result.retryAfter) } : undefined;
      // What passed its own checks is held for the next try; what did not is dropped (and said so).
      held = await keepForNextTry(user.id, files, result.accepted ?? []);
      filesDropped ||= held.length < files.length;
      const problems = "problems" in result ? result.problems : unstoredFileErrors(result.field);
      return answer(status, designProblemsAt(problems, DESIGN_FORM_FIELDS), null, retry);
    }
    // Saved: the held files were moved into the store (or not needed); their manifests go.
    await releaseHeld({ ownerId: user.id, tokens: files.flatMap((f) => ("token" in f ? [f.token as string] : [])) });
    await setShippingOverride({ db, storeId: store.id, productId: result.product.id, rates: override.rates });
    if (layout?.ok && (await saveLayoutSettings({ db, storeId: store.id, productId: result.product.id, ...layout.settings })).ok) {
      // The layouts of the new settings are prepared in the background (cached ones are skipped).
      warmLayouts({ db, productId: result.product.id });
    }
    const lateChartErrors = chart && (await saveSentChart({ db }, chart, result.product.id, store.id));
    // A new pattern file with other sizes than the table showed: the design is saved (the seller could not have typed
    // the new sizes' rows) and its edit page shows the new sizes' table with the reason; no 400 for a save that stored.
    if (lateChartErrors) return redirectWithFlash(request, `/edit-product/${result.product.id}`, { kind: "error", message: CHART_NOT_SAVED });
    return redirectWithFlash(request, `/edit-product/${result.product.id}`, { kind: "success", message: savedMessage(intent, result.created, result.product.status) });
  } finally {
    await form.cleanup();
  }
}

type MaybeHeld = TempFile & { token?: string };

/** The submitted files with the held ones (`held` fields, less `held_drop`) first; a new size chart or pattern file replaces a held one. */
async function withHeldFiles(ownerId: number, fields: FormData, chosen: TempFile[]): Promise<MaybeHeld[]> {
  const dropped = new Set(fields.getAll("held_drop").map(String));
  const tokens = fields.getAll("held").map(String);
  const taken = await takeHeldFiles({ ownerId, tokens: tokens.filter((t) => !dropped.has(t)) });
  const replaced = taken.filter((h) => h.field !== "media" && chosen.some((c) => c.field === h.field));
  await releaseHeld({ ownerId, tokens: [...dropped, ...replaced.map((h) => h.token)] });
  return [...taken.filter((h) => !replaced.includes(h)), ...chosen];
}

/** Holds `keep` (files already held keep their token) and lets go of the held files not in it. */
async function keepForNextTry(ownerId: number, files: MaybeHeld[], keep: MaybeHeld[]): Promise<HeldFile[]> {
  const already = keep.filter((f) => f.token).map((f) => ({ token: f.token!, field: f.field, originalName: f.originalName, size: f.size }));
  const fresh = await holdFiles({ ownerId, files: keep.filter((f) => !f.token) });
  await releaseHeld({ ownerId, tokens: files.filter((f) => f.token && !keep.includes(f)).map((f) => f.token!) });
  return [...already, ...fresh];
}

/** Said when the design was saved with new sizes that its size chart no longer matches. */
const CHART_NOT_SAVED = "The design was saved, but not its size chart: its sizes changed with this save. Check the table below and save again.";

/** The flash note after a save, by the button pressed. */
function savedMessage(intent: string, created: boolean, status: string): string {
  // A draft's "Save draft" (intent "save") says the draft was saved, not "Product updated" (issue 34, item 21).
  if (intent === "draft" || (intent === "save" && status === "draft")) return PRODUCT_MESSAGES.draftSaved;
  if (intent === "publish") return PRODUCT_MESSAGES.published;
  return created ? PRODUCT_MESSAGES.created : PRODUCT_MESSAGES.updated;
}

/** The design form's file inputs, as the notice names them. */
const FILE_INPUTS: [field: string, label: string][] = [
  ["media", "images or videos"],
  ["sizeChart", "size chart image"],
  ["pattern", "pattern file"],
];

/** Says which chosen files a round trip lost (a browser cannot refill a file input); empty when none were chosen. */
function filesNotKept(fields: string[], step: "add" | "remove"): string {
  const labels = FILE_INPUTS.filter(([field]) => fields.includes(field)).map(([, label]) => label);
  if (!labels.length) return "";
  const list = labels.length === 1 ? labels[0] : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
  return ` The page reloaded to ${step} it, so the files you chose were not kept: choose your ${list} again.`;
}

function submittedValues(fields: FormData): DesignFormValues {
  const get = (name: string) => String(fields.get(name) ?? "");
  return {
    name: get("name"),
    desc: get("desc"),
    price: get("price"),
    type: get("type"),
    delivery: get("delivery"),
    category1: get("category1"),
    category2: get("category2"),
    terms: get("terms"),
    parcel_size: get("parcel_size"),
    variants: formRows(fields, "variants")
      .slice(0, MAX_VARIANTS + 1)
      .map((row) => ({ id: row.id ?? "", value: row.value ?? "", sku: row.sku ?? "", inventory: row.inventory ?? "", was: row.was ?? "" })),
    keep: keepRows(fields),
    shipping: Object.fromEntries(SHIPPING_FIELDS.map((f) => [f, get(`${SHIPPING_PREFIX}${f}`)])),
    // Only a form that showed the fieldset sends its unit: another leaves the stored settings as they are.
    ...(fields.has(LAYOUT_UNIT_FIELD) ? { layout: layoutFormFromFields(fields) } : {}),
  };
}
