import { apiRoute, domainError } from "~/auth/api-route.server";
import type { ChartProblem } from "~/models/fit/size-chart";
import { chartProblemJson, chartSizesAfterSave, checkSizeChart, saveSizeChart, sizeChartRequestFromJson } from "~/models/fit/size-chart.server";
import { sizeChartJson } from "~/models/fit/size-chart-view.server";
import { warmLayouts } from "~/models/layout/layouts.server";
import { layoutSettingsJson, saveLayoutSettings } from "~/models/layout/settings.server";
import { getOwnProduct, ownProductJson, saveDesign } from "~/models/selling/designs.server";
import { SELLING_ERRORS } from "~/models/selling/errors";
import { unstoredFileErrors } from "~/models/files/errors";
import { setShippingOverride } from "~/models/shipping/rates.server";
import { DESIGN_API_FIELDS, designFileKey, designProblemsAt, PRODUCT_MESSAGES, productStatusSchema, STATUS_MESSAGE } from "~/schemas/selling";
import { jsonTypeErrors } from "~/schemas/json";
import { LAYOUT_MESSAGES, layoutSettingsFromJson, storedLayoutSettings } from "~/schemas/layout";
import { parseShippingOverrideInput } from "~/schemas/shipping";
import { fieldErrorResponse, jsonPart, keepList, numberField } from "~/utils/api-form.server";
import { apiError } from "~/utils/api.server";
import { MAX_MEDIA } from "~/utils/upload-limits";
import { isId } from "~/utils/ids";

/**
 * POST /api/user/update-product, multipart (spec 7.3): `product` (JSON {name, desc, price, type, category1,
 * category2, terms, parcel_size, delivery, status}), `id` (absent: create), `delivery`, `variants` (JSON [{id?, name,
 * value, sku, inventory}]), `media` (JSON: the current media to keep, in order; absent keeps all), files
 * `images` (or `media`) for new media, `sizeChart` and `pattern` (DXF). `status` ("draft" | "published", decision
 * 106): absent, a new design is published and an existing one keeps its status. `shipping_override` (decision 108):
 * {domestic_first, domestic_additional, international_first, international_additional, free_above} in dollars, null
 * to follow the store's rates, absent to keep what is set. `size_chart_table` ([{size, <zone>, finished_<zone>}] in mm,
 * [] clears it), `size_chart_unit` and `made_to_measure` (decision 113): absent keeps what is set; a refused chart is a
 * 400 {error} naming the cell, checked against the sizes the design has after this call (a new pattern file's, new
 * variants') before anything is stored: a 400 stores nothing. A pattern's
 * `layout_widths_mm` (1 to 5 whole mm, 500-3200; null or [] for the standard 1120, 1400, 1500), `layout_gap_mm`
 * (0-50, null for 5) (decision 132) and `layout_selvedge_mm` (0-100, null for none; issue 47): absent keeps what is
 * set; a bad one is a 400 {error, field} and nothing is saved.
 */
const route = apiRoute({ method: "POST", guard: "seller", form: { maxFiles: MAX_MEDIA + 5 } }, async ({ db, user, store, form }) => {
  const rawId = numberField(form, "id", "id");
  const productId = rawId === undefined ? null : Number(rawId);
  if (productId !== null && !isId(productId)) {
    return domainError(SELLING_ERRORS.design, "not-found");
  }
  const product = jsonPart(form.fields, "product");
  if (product === undefined) return domainError(SELLING_ERRORS.designForm, "product-required", { field: "product" });
  if (typeof product !== "object" || product === null || Array.isArray(product)) {
    return domainError(SELLING_ERRORS.designForm, "product-not-object", { field: "product" });
  }
  const p = product as Record<string, unknown>;
  const variants = jsonPart(form.fields, "variants");
  // The JSON parts' numbers are JSON numbers (a price of "12" is refused at its field, as in every JSON call).
  const typeErrors = {
    ...jsonTypeErrors(p, { price: "number" }),
    ...(Array.isArray(variants) ? Object.assign({}, ...variants.map((row, i) => jsonTypeErrors(row, { id: "id", inventory: "int" }, `variants[${i}].`))) : {}),
  };
  if (Object.keys(typeErrors).length) return fieldErrorResponse(typeErrors);
  const status = p.status === undefined ? undefined : productStatusSchema.safeParse(p.status);
  if (status && !status.success) return fieldErrorResponse({ status: [STATUS_MESSAGE] });
  // A design's own shipping rates (decision 108): checked before anything is saved; absent leaves them as they are.
  const override = "shipping_override" in p ? parseShippingOverrideInput(p.shipping_override) : undefined;
  if (override && !override.ok) return fieldErrorResponse(override.errors);
  // The size chart as data (decision 113): refused before anything is saved when the design's sizes stay as they are.
  const chart = await sizeChartRequestFromJson({ db }, productId, p);
  if (!chart.ok) return apiError(400, chart.message, { field: chart.field });
  const current = productId ? await getOwnProduct({ db, storeId: store.id, productId }) : null;
  // A pattern's layout settings (decision 132): refused before anything is saved; absent keeps what is set.
  const layout = layoutSettingsFromJson(p, current ? storedLayoutSettings(current.product) : { widthsMm: null, gapMm: null, selvedgeMm: null });
  if (!layout.ok) return apiError(400, layout.message, { field: layout.field });
  if (layout.settings && (p.type ?? current?.product.type) !== "Pattern") {
    const field = ["layout_widths_mm", "layout_gap_mm", "layout_selvedge_mm"].find((k) => k in p)!;
    return apiError(400, `${field}: ${LAYOUT_MESSAGES.patternsOnly}`, { field });
  }
  // The chart is checked against the sizes the design will have after this save (a new file's, new size rows):
  // a refused chart refuses the whole call, which then stores nothing (issue 34, item 5).
  let refusedChart: ChartProblem[] | null = null;
  const checkSizes = chart.request
    ? async (after: Parameters<typeof chartSizesAfterSave>[2]) => {
        const problems = checkSizeChart(chart.request!, await chartSizesAfterSave({ db }, productId, after), after.type);
        if (!problems.length) return null;
        refusedChart = problems;
        return { size_chart_table: [chartProblemJson(problems, chart.request!.rows, chart.request!.unit).message] };
      }
    : undefined;
  // Unchanged sizes: each keeps its stock as it is at the moment of writing (a difference of 0).
  const currentVariants = async (id: number) =>
    ((await getOwnProduct({ db, storeId: store.id, productId: id }))?.variants ?? []).map((v) => ({ ...v, was: v.inventory }));
  const delivery = form.fields.get("delivery");
  const result = await saveDesign({
    db,
    storeId: store.id,
    ownerId: user.id,
    productId,
    raw: {
      name: p.name,
      desc: p.desc,
      price: p.price,
      type: p.type,
      delivery: typeof delivery === "string" && delivery !== "" ? delivery : p.delivery,
      category1: p.category1,
      category2: p.category2,
      terms: p.terms,
      parcel_size: p.parcel_size,
      // Absent variants leave an existing design's sizes as they are.
      variants: variants !== undefined ? variants : productId ? await currentVariants(productId) : [],
    },
    keepMedia: productId ? keepList(jsonPart(form.fields, "media")) : [],
    files: {
      media: form.files.filter((f) => f.field === "images" || f.field === "media"),
      sizeChart: form.files.find((f) => f.field === "sizeChart") ?? null,
      pattern: form.files.find((f) => f.field === "pattern") ?? null,
      problems: form.problems.map((pr) => ({ ...pr, field: designFileKey(pr.field) })),
    },
    patternNote: typeof form.fields.get("pattern_note") === "string" ? String(form.fields.get("pattern_note")) : "",
    status: status?.data,
    checkSizes,
  });
  if (!result.ok && refusedChart && chart.request) return apiError(400, ...chartAnswer(refusedChart, chart.request));
  if (!result.ok) {
    const answer = SELLING_ERRORS.design[result.error];
    if (result.error === "not-found") return domainError(SELLING_ERRORS.design, "not-found");
    const problems = designProblemsAt("problems" in result ? result.problems : unstoredFileErrors(result.field), DESIGN_API_FIELDS);
    return fieldErrorResponse(problems, "retryAfter" in result ? { status: answer.status, retryAfter: result.retryAfter } : undefined);
  }
  if (override) await setShippingOverride({ db, storeId: store.id, productId: result.product.id, rates: override.rates });
  if (chart.request) {
    const charted = await saveSizeChart({ db }, { productId: result.product.id, storeId: store.id, ...chart.request });
    if (!charted.ok && charted.error === "invalid") {
      const [message, extra] = chartAnswer(charted.problems, chart.request);
      // Only when the sizes changed between the check and this write (another save of the same design meanwhile).
      const { status, message: notSaved } = SELLING_ERRORS.designForm["chart-not-saved"];
      return apiError(status, `${notSaved}: ${message}`, { ...extra, id: result.product.id });
    }
  }
  if (layout.settings && result.product.type === "Pattern" && (await saveLayoutSettings({ db, storeId: store.id, productId: result.product.id, ...layout.settings })).ok) {
    warmLayouts({ db, productId: result.product.id });
  }
  const saved = (await getOwnProduct({ db, storeId: store.id, productId: result.product.id }))!;
  return Response.json(
    {
      success: true,
      message: result.created ? PRODUCT_MESSAGES.created : PRODUCT_MESSAGES.updated,
      product: { ...ownProductJson(saved), ...await sizeChartJson({ db }, saved.product.id), ...(saved.product.type === "Pattern" ? layoutSettingsJson(saved.product) : {}) },
    },
    { status: result.created ? 201 : 200 },
  );
});
export const loader = route.loader;
export const action = route.action;

/** A refused chart's 400: the first problem's message (naming the cell) and its place in `size_chart_table`. */
function chartAnswer(problems: Parameters<typeof chartProblemJson>[0], request: { rows: Parameters<typeof chartProblemJson>[1]; unit: "cm" | "in" }) {
  const { message, field } = chartProblemJson(problems, request.rows, request.unit);
  return [message, { field }] as const;
}
