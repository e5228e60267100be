import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { CatalogPage } from "~/components/catalog-view";
import { loadCatalogPage, serverTimingHeaders } from "~/routes/_catalog+/catalog-page.server";
import { pageMeta } from "~/utils/meta";

export const loader = ({ request }: LoaderFunctionArgs) => loadCatalogPage(request, "explore");

export const headers = serverTimingHeaders;

export const meta: MetaFunction = () =>
  pageMeta("Shop designs, patterns and apparel", "Sewing patterns from independent designers, as downloadable files or printed and shipped, plus made-to-order and ready-to-ship apparel, accessories, home goods and pet items.");

export default function Explore() {
  return <CatalogPage title="Explore designs" />;
}
