/**
 * Strict field types for JSON bodies (the `/api/*` face). JSON has real numbers and booleans, so an
 * API client sends them: a quantity is a JSON integer, not `"2"` or `true`; an id is a positive
 * JSON integer; money is a JSON number. Coercion from strings (`z.coerce`) is for HTML form fields
 * only, where every value arrives as text. A wrong type is a 400 whose error names the field
 * (parseBody in app/utils/api.server.ts prefixes the path).
 */
import { z } from "zod";

/** A JSON integer (`2`, not `"2"`, `2.5` or `true`). */
export function jsonInt(what = "This value") {
  const message = `${what} must be a whole number`;
  return z.number({ required_error: `${what} is required`, invalid_type_error: message }).int(message);
}

/** A positive JSON integer id. */
export function jsonId(what = "The id") {
  return jsonInt(what).positive(`${what} must be a positive whole number`);
}

/** An amount of money in dollars as a JSON number with at most two decimals (`12.5`, not `"12.50"`). */
export function jsonMoney(what = "The amount") {
  return z
    .number({ required_error: `${what} is required`, invalid_type_error: `${what} must be a number` })
    .finite(`${what} must be a number`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${what} can have at most two decimals`);
}

/** A JSON boolean (`true`, not `"true"` or `1`). */
export function jsonBool(what = "This value") {
  return z.boolean({ required_error: `${what} is required`, invalid_type_error: `${what} must be true or false` });
}
