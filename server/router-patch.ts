/**
 * The one route-matching call the package's exports cannot reach: @remix-run/router's static handler (Remix's
 * server calls `query`/`queryRoute` on it for every page and resource request) calls its module-local
 * `matchRoutes`, which flattens, ranks and compiles every route (~100 of them) on each request: ~0.5 ms, a sixth of a
 * plain page's CPU and more than a third of a JSON call's (bench/NOTES.md). When the package's CommonJS file is
 * loaded, this rewrites that local function to call the package's exported `matchRoutes` once the export has
 * been replaced (server/route-matching.ts memoizes it), and exposes the original as `__matchRoutesOriginal` for
 * the memo to call. node_modules is untouched; the rewrite happens in memory, once, at load. If the package's
 * source ever stops matching (another version), nothing is rewritten and matching works as before, uncached there.
 * It must run before anything requires @remix-run/router: server/main.ts calls it before importing the app.
 */
import Module, { createRequire } from "node:module";

const DECLARATION = "function matchRoutes(routes, locationArg, basename) {";

/** The package's source with its local matchRoutes forwarding to the export, or null when it does not match. */
export function forwardLocalMatching(source: string): string | null {
  if (source.split(DECLARATION).length !== 2 || !source.includes("exports.matchRoutes = matchRoutes;")) return null;
  const forwarder = [
    "function matchRoutes(routes, locationArg, basename) {",
    "  return exports.matchRoutes !== matchRoutes",
    "    ? exports.matchRoutes(routes, locationArg, basename)",
    "    : matchRoutesOriginal(routes, locationArg, basename);",
    "}",
    "function matchRoutesOriginal(routes, locationArg, basename) {",
  ].join("\n");
  return `${source.replace(DECLARATION, forwarder)}\nexports.__matchRoutesOriginal = matchRoutesOriginal;\n`;
}

type Compile = (this: unknown, content: string, filename: string) => unknown;

/** Installs the rewrite for the next load of @remix-run/router's CommonJS file (a no-op once it is loaded). */
export function forwardRouterMatchingOnLoad(): void {
  const require = createRequire(import.meta.url);
  const target = require.resolve("@remix-run/router");
  if (require.cache[target]) return;
  const proto = Module.prototype as unknown as { _compile: Compile };
  const compile = proto._compile;
  proto._compile = function (this: unknown, content: string, filename: string) {
    if (filename !== target) return compile.call(this, content, filename);
    proto._compile = compile;
    return compile.call(this, forwardLocalMatching(content) ?? content, filename);
  };
}
