import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { CatalogPage } from "~/components/catalog-view";
import { loadCatalogPage, serverTimingHeaders } from "~/routes/_catalog+/catalog-page.server";
import { pageMeta } from "~/utils/meta";

/** Only patterns. */
export const loader = ({ request }: LoaderFunctionArgs) => loadCatalogPage(request, "popular");

export const headers = serverTimingHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Popular patterns", "The sewing patterns buyers love most on Patternhouse: download them or have them printed and shipped.");

export default function Popular() {
  return <CatalogPage title="Popular Patterns" />;
}
