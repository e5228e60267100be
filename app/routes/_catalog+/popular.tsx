import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { CatalogView } from "~/components/catalog-view";
import { loadCatalogPage, serverTimingHeaders } from "~/routes/_catalog+/catalog-page.server";

/** Only patterns. */
export const loader = ({ request }: LoaderFunctionArgs) => loadCatalogPage(request, "popular");

export const headers = serverTimingHeaders;

export const meta: MetaFunction = () => [
  { title: "Popular patterns · Patternhouse" },
  {
    name: "description",
    content: "The sewing patterns buyers love most on Patternhouse: download them or have them printed and shipped.",
  },
];

export default function Popular() {
  const data = useLoaderData<typeof loader>();
  return <CatalogView title="Popular Patterns" {...data} />;
}
