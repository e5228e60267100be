/**
 * Strict field types for JSON bodies (the `/api/*` face). JSON has real numbers and booleans, so an
 * API client sends them: a quantity is a JSON integer, not `"2"` or `true`; an id is a positive
 * JSON integer; money is a JSON number. Coercion from strings (`z.coerce`) is for HTML form fields
 * only, where every value arrives as text. A wrong type is a 400 whose error names the field
 * (parseBody in app/utils/api.server.ts prefixes the path; the multipart routes answer `{ error, field }`).
 *
 * Two ways to use them, one rule:
 * - a schema of the JSON face alone uses `jsonInt`, `jsonId`, `jsonMoney`, `jsonBool` for its fields;
 * - a schema shared with an HTML form (where a number is typed text) is wrapped by `withJsonTypes(schema, kinds)`
 *   for the JSON face, and a JSON part of a multipart call is checked by `jsonTypeErrors(value, kinds)`: the
 *   named fields must be JSON numbers before the shared schema checks their range and format.
 */
import { z } from "zod";
import { rowId } from "~/utils/ids";

/** What a number sent as a string is told, in every call. */
export const notAString = (what: string) => `${what} must be a JSON number, not a string`;

/** The messages of a JSON number field: a string is told so, any other wrong type gets `wrongType`. */
function numberErrors(what: string, wrongType: string): z.RawCreateParams {
  return {
    errorMap: (issue, ctx) => {
      if (issue.code !== "invalid_type") return { message: ctx.defaultError };
      if (issue.received === "undefined") return { message: `${what} is required` };
      return { message: issue.received === "string" ? notAString(what) : wrongType };
    },
  };
}

/** A JSON integer (`2`, not `"2"`, `2.5` or `true`). */
export function jsonInt(what = "This value") {
  const message = `${what} must be a whole number`;
  return z.number(numberErrors(what, message)).int(message);
}

/** A positive JSON integer id. */
export function jsonId(what = "The id") {
  return jsonInt(what).positive(`${what} must be a positive whole number`).transform(rowId);
}

/** An amount of money in dollars as a JSON number with at most two decimals (`12.5`, not `"12.50"`). */
export function jsonMoney(what = "The amount") {
  return z
    .number(numberErrors(what, `${what} must be a number`))
    .finite(`${what} must be a number`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${what} can have at most two decimals`);
}

/** A JSON boolean (`true`, not `"true"` or `1`). */
export function jsonBool(what = "This value") {
  return z.boolean({ required_error: `${what} is required`, invalid_type_error: `${what} must be true or false` });
}

/**
 * What a field shared with an HTML form is in JSON: an `id` or `int` (a whole number), a `number` (money, a
 * percentage). The JSON type is checked here: a JSON number, never a string or a boolean. Whole, sign, range and
 * decimals stay the shared schema's rules, with its messages, on both faces.
 */
export type JsonKind = "id" | "int" | "number";
export type JsonKinds = Record<string, JsonKind>;

/** The message for a value that is not a JSON number; null when it is (absent and null values are the schema's). */
export function jsonKindError(what: string, kind: JsonKind, value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return notAString(what);
  if (typeof value !== "number" || !Number.isFinite(value)) return kind === "number" ? `${what} must be a number` : `${what} must be a whole number`;
  return null;
}

/**
 * The field errors of an object's values that are not of their JSON kind, by field name (`prefix` + name, as the
 * forms name a row's fields, e.g. `variants[0].inventory`), each message naming that field. Not an object:
 * no errors (the shared schema says what is wrong with it).
 */
export function jsonTypeErrors(value: unknown, kinds: JsonKinds, prefix = ""): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!value || typeof value !== "object" || Array.isArray(value)) return errors;
  for (const [field, kind] of Object.entries(kinds)) {
    const message = jsonKindError(`${prefix}${field}`, kind, (value as Record<string, unknown>)[field]);
    if (message) errors[`${prefix}${field}`] = [message];
  }
  return errors;
}

/**
 * A schema shared with an HTML form, for a JSON body: the fields named in `kinds` must first be of their JSON
 * kind (a 400 naming the field otherwise), then the shared schema parses the body as it parses the form.
 */
export function withJsonTypes<S extends z.ZodTypeAny>(schema: S, kinds: JsonKinds) {
  return z
    .record(z.unknown())
    .superRefine((body, ctx) => {
      for (const [field, messages] of Object.entries(jsonTypeErrors(body, kinds))) {
        ctx.addIssue({ code: "custom", path: [field], message: messages[0]! });
      }
    })
    .pipe(schema);
}
