/**
 * The shape of every domain's error table (`app/models/<domain>/errors.ts`, issue 20 item 2): a model returns a
 * code, the table gives the status and the text, and both faces read it – the JSON route answers
 * `{ error: message }` with `status`, the HTML action shows `message` (at the field its route picks) with `status`.
 */
export type ErrorAnswer = { status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 502 | 503; message: string };

/** The texts of some codes, all answered with one status. */
export function answers<C extends string, S extends ErrorAnswer["status"]>(
  status: S,
  messages: Record<C, string>,
): Record<C, { status: S; message: string }> {
  return Object.fromEntries(Object.entries<string>(messages).map(([code, message]) => [code, { status, message }])) as Record<C, { status: S; message: string }>;
}
