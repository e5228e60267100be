/** A page's title (with the site's name after it) and its description, as a route's `meta` returns them. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} · Patternhouse` }, { name: "description", content: description }];
}
