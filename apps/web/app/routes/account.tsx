// `/account` (docs/product/accounts.md#account): the signed-in reader's profile and
// bookmarks, and an edit mode. Signed-out visitors are sent to /login by the server. Changes run in
// the clientAction, so the root loader (the header's picture) reloads after each one.
import { viewerContext } from "@pragmatist/contracts";
import { useState } from "react";
import { redirect } from "react-router";
import { accountMeta } from "../features/account/page-meta";
import { AccountEdit } from "../features/account/account-edit";
import type { AccountActionData } from "../features/account/account-section";
import { AccountView } from "../features/account/account-view";
import { failureOf, redirectTo } from "../features/account/failure";
import { accountFailureMessage, type AccountAction } from "../features/account/validation";
import { accountApi } from "../lib/account-api";
import { refreshViewer } from "../lib/viewer";
import { ApiError } from "../lib/fetch-json";
import type { Route } from "./+types/account";

/**
 * The signed-in reader's own profile (from the session, via the root's viewer context).
 * @throws a redirect to `/login?next=/account` when signed out.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await context.get(viewerContext)();
  if (!user) throw redirect("/login?next=%2Faccount");
  return { user };
}

/** Title "Your account · {site}", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Your account", matches);

const actions = new Set<string>(["photo", "name", "logout", "delete"]);

/**
 * Runs one change: `photo` (file and its square crop: upload, then set as the picture), `name`
 * (username), `logout` (then /) or `delete` (then /). `id` is the member's id. A refusal answers
 * `{ error }`.
 */
export async function clientAction({
  request,
}: Route.ClientActionArgs): Promise<AccountActionData | Response> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!actions.has(intent)) return { error: "Unknown action.", intent: null };
  const action = intent as AccountAction;
  const id = Number(form.get("id"));
  try {
    switch (action) {
      case "photo": {
        const file = form.get("file");
        if (!(file instanceof File) || file.size === 0)
          return { error: "Choose an image first", intent: action };
        const crop = form.get("crop");
        const uploaded = await accountApi.uploadImage(file, typeof crop === "string" ? crop : "");
        await accountApi.updateUser(id, { profilePicture: uploaded.id });
        break;
      }
      case "name":
        await accountApi.updateUser(id, { username: String(form.get("username") ?? "").trim() });
        break;
      case "logout":
        await accountApi.signOut();
        await refreshViewer();
        return redirectTo("/");
      case "delete":
        await accountApi.deleteUser(id);
        await refreshViewer();
        return redirectTo("/");
    }
  } catch (error) {
    // A session that ended elsewhere: sign in again and come back here.
    if (error instanceof ApiError && error.status === 401) {
      return redirectTo(action === "logout" ? "/" : "/login?next=%2Faccount");
    }
    return { error: accountFailureMessage(action, failureOf(error)), intent: action };
  }
  // The header's picture and name follow the change (lib/viewer.ts).
  await refreshViewer();
  return { ok: true, intent: action };
}

/** The account card in view mode, or in edit mode after "Edit account" until "Go Back". */
export default function Account({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const [editing, setEditing] = useState(false);
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-8">
        {editing ? (
          <AccountEdit user={user} onBack={() => setEditing(false)} />
        ) : (
          <AccountView user={user} onEdit={() => setEditing(true)} />
        )}
      </div>
    </main>
  );
}
