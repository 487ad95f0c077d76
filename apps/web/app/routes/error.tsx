// `/error` (docs/product.md#error-page): a friendly page to send readers to on failure.
import { publicationContext } from "@pragmatist/contracts";
import { ErrorScreen } from "../shell/error-screen.tsx";
import type { Route } from "./+types/error";

/** The site name, for the title. */
export function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.get(publicationContext).site.name };
}

/** Title "Something went wrong — {site}", never indexed. */
export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData ? `Something went wrong — ${loaderData.siteName}` : "Something went wrong",
    },
    { name: "robots", content: "noindex" },
  ];
}

/** The error screen "We hit a snag", without a detail or a retry. */
export default function ErrorPage() {
  return <ErrorScreen title="We hit a snag" />;
}
