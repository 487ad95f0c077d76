// Splat route: any unknown address answers 404 with the same screen as an unknown article.
import { publicationContext } from "@pragmatist/contracts";
import { data } from "react-router";
import { ErrorScreen, errorDetail } from "../shell/error-screen.tsx";
import { NotFound } from "../shell/not-found.tsx";
import { notFoundMeta, notFoundOf } from "../shell/not-found-data.ts";
import { notFoundData } from "../shell/suggestions.server.ts";
import type { Route } from "./+types/not-found";

/** @throws always: a 404 response carrying search suggestions for the missing address. */
export async function loader({ context, request }: Route.LoaderArgs): Promise<never> {
  throw data(await notFoundData(context.get(publicationContext), request), { status: 404 });
}

/** Title "Page not found — {site}", never indexed. */
export function meta({ error }: Route.MetaArgs) {
  return notFoundMeta(notFoundOf(error));
}

/** Never rendered: the loader always throws, so the boundary below shows. */
export default function NotFoundPage() {
  return null;
}

/** The 404 screen with the search and its suggestions; any other error: the error screen. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = notFoundOf(error);
  if (notFound) return <NotFound data={notFound} />;
  return <ErrorScreen title="Unexpected Application Error!" detail={errorDetail(error)} canRetry />;
}
