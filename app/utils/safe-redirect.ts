/** Where a form may send the browser afterwards: a path on this site only (no open redirect). */
/**
 * Only a path on this site may be redirected to (no open redirect). Anything else, and anything
 * that a browser or a proxy could read as another host, falls back: control characters (tabs and
 * newlines are dropped by browsers inside URLs), backslashes (read as slashes), `//` and `/\`,
 * and the same tricks percent-encoded (`/%2F%2Fevil.com`, `%5C`, `%09`). Never throws.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (!to || typeof to !== "string") return fallback;
  if (to.length > 2048) return fallback;
  if (!to.startsWith("/") || to.startsWith("//")) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(to)) return fallback;
  // Look through (repeated) percent-encoding for the same characters and a second leading slash.
  let decoded = to;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(decoded);
    } catch {
      break; // a stray `%` is not a trick by itself
    }
    if (next === decoded) break;
    decoded = next;
    // eslint-disable-next-line no-control-regex
    if (decoded.startsWith("//") || /[\u0000-\u001f\u007f\\]/.test(decoded)) return fallback;
  }
  // A final check with the URL parser: the target must stay on a dummy origin.
  try {
    const base = "http://safe-redirect.invalid";
    if (new URL(to, base).origin !== base) return fallback;
    // Non-ASCII characters are percent-encoded: a raw one in a Location header would be a 500.
    return to.replace(/[^\p{ASCII}]+/gu, (c) => encodeURIComponent(c));
  } catch {
    return fallback;
  }
}
