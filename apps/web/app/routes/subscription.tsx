// `/subscription/{confirm,unsubscribe}?token=…` (docs/product.md#newsletter): where a newsletter
// mail's links lead; the button on it, not the link, confirms or unsubscribes.
import { data, useSearchParams } from "react-router";
import { accountMeta } from "../features/account/page-meta";
import { MailedLink, type MailedLinkAction } from "../features/newsletter/mailed-link";
import { useSite } from "../lib/site-data";
import type { Route } from "./+types/subscription";

const ACTIONS = new Set<string>(["confirm", "unsubscribe"]);

/**
 * The action the path names. @throws a 404 response for any other.
 */
export function loader({ params }: Route.LoaderArgs) {
  if (!ACTIONS.has(params.action)) throw data(null, { status: 404 });
  return { action: params.action as MailedLinkAction };
}

/** "Confirm your subscription" or "Unsubscribe from the newsletter", never indexed. */
export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  accountMeta(
    loaderData?.action === "confirm" ? "Confirm your subscription" : "Unsubscribe",
    matches,
  );

/** The mailed link's card, for the token in the address. */
export default function Subscription({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const site = useSite();
  return (
    <MailedLink action={loaderData.action} token={params.get("token") ?? ""} siteName={site.name} />
  );
}
