import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogView } from "~/components/catalog-view";
import { loadCatalogPage, serverTimingHeaders } from "~/routes/_catalog+/catalog-page.server";

export const loader = ({ request }: LoaderFunctionArgs) => loadCatalogPage(request, "explore");

export const headers = serverTimingHeaders;

export const meta: MetaFunction = () => [
  { title: "Shop designs, patterns and apparel · Patternhouse" },
  {
    name: "description",
    content: "Sewing patterns from independent designers, as downloadable files or printed and shipped, plus made-to-order and ready-to-ship apparel, accessories, home goods and pet items.",
  },
];

export default function Explore() {
  const data = useLoaderData<typeof loader>();
  return <CatalogView title="Explore designs" {...data} />;
}
