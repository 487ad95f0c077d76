// `/error` (docs/product/site.md#error-page): a friendly page to send readers to on failure.
import { publicationContext } from "@pragmatist/contracts";
import { data } from "react-router";
import { pageTitle } from "../lib/meta.ts";
import { ErrorScreen } from "../shell/error-screen.tsx";
import type { Route } from "./+types/error";

/**
 * The site name, for the title; the answer's status is 500, as an error page's is (a 200 would
 * tell crawlers and monitors that all is well).
 */
export function loader({ context }: Route.LoaderArgs) {
  return data({ siteName: context.get(publicationContext).site.name }, { status: 500 });
}

/** Title "Something went wrong — {site}", never indexed. */
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: pageTitle("Something went wrong", loaderData?.siteName),
    },
    { name: "robots", content: "noindex" },
  ];
}

/** The error screen "We hit a snag", without a detail or a retry. */
export default function ErrorPage() {
  return <ErrorScreen title="We hit a snag" />;
}
