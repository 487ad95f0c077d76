// `/account/notifications` (docs/product/reader.md#notifications): the signed-in reader's
// notifications. Signed-out visitors are sent to /login by the server; the list is read in the
// browser (a private page, never cached).
import { viewerContext } from "@pragmatist/contracts";
import { redirect, useSearchParams } from "react-router";
import { accountMeta } from "../features/account/page-meta";
import { NotificationsList } from "../features/notifications/notifications-list";
import { useNotifications } from "../features/notifications/use-notifications";
import type { Route } from "./+types/account.notifications";

/**
 * Signed-in readers only. @throws a redirect to `/login?next=/account/notifications` when signed
 * out.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.get(viewerContext)();
  if (!user) throw redirect("/login?next=%2Faccount%2Fnotifications");
  return null;
}

/** Title "Notifications · {site}", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Notifications", matches);

/** A page number from `?page=`: a whole number from 1, else 1. */
export function pageOf(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** The list of the page `?page=` (1 by default). */
export default function AccountNotifications() {
  const [params] = useSearchParams();
  const page = pageOf(params.get("page"));
  const state = useNotifications(page);
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <NotificationsList state={state} page={page} />
    </main>
  );
}
