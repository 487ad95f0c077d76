// `/error` (spec §2 "Error screen (content not shown)"): a friendly page to send readers to on failure.
import { publicationContext } from "@pragmatist/contracts";
import { ErrorScreen } from "../shell/error-screen.tsx";
import type { Route } from "./+types/error";

export function loader({ context }: Route.LoaderArgs) {
  return { siteName: context.get(publicationContext).site.name };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    {
      title: loaderData ? `Something went wrong — ${loaderData.siteName}` : "Something went wrong",
    },
    { name: "robots", content: "noindex" },
  ];
}

export default function ErrorPage() {
  return <ErrorScreen title="We hit a snag" />;
}
