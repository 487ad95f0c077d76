// View mode of /account (docs/product/accounts.md#account): picture, name, Joined date, email tag,
// the newsletter switch, the Bookmarked list (fetched after hydration from GET
// /api/users/{id}?populate=bookmarked) and "Edit account".
import type { BookmarkedArticle, OwnUser } from "@pragmatist/contracts";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar";
import { Button } from "../../components/ui/button";
import { MailIcon } from "../../components/ui/icons";
import { Skeleton } from "../../components/ui/skeleton";
import { accountApi } from "../../lib/account-api";
import { isAbortError } from "../../lib/fetch-json";
import { formatJoinedDate, formatLongDate } from "../../lib/format";
import { VerifyEmailNotice } from "../../components/verify-email-notice";
import { NewsletterOptIn } from "./newsletter-opt-in";
import { NotificationEmailChoices } from "./notification-emails";

/**
 * The member's 80 px picture (initials when none), name as the page's `<h1>`, Joined date
 * (formatJoinedDate, "03 Mar 2024") and email tag (docs/product/accounts.md#account).
 */
export function ProfileSummary({ user }: { user: OwnUser }) {
  return (
    <div className="flex min-w-0 items-center gap-4 sm:gap-5">
      <Avatar
        name={user.username}
        url={user.profilePicture?.url}
        size={80}
        alt={user.profilePicture ? `Profile picture of ${user.username}` : ""}
      />
      <div className="min-w-0">
        <h1 className="truncate text-2xl font-semibold tracking-tight">{user.username}</h1>
        <p className="mt-0.5 text-sm text-muted">
          Joined <time dateTime={user.createdAt}>{formatJoinedDate(user.createdAt)}</time>
        </p>
        {user.email && (
          <p className="mt-2 inline-flex max-w-full items-center gap-1.5 rounded-full border border-line bg-page px-2.5 py-1 text-xs font-medium text-muted">
            <MailIcon size={14} className="shrink-0" />
            <span className="truncate">{user.email}</span>
          </p>
        )}
      </div>
    </div>
  );
}

type BookmarksState =
  { status: "loading" } | { status: "ready"; items: BookmarkedArticle[] } | { status: "error" };

/** The member's bookmarks, newest first as the server lists them; skeletons while loading. */
function Bookmarks({ userId }: { userId: number }) {
  const [state, setState] = useState<BookmarksState>({ status: "loading" });

  useEffect(() => {
    const controller = new AbortController();
    accountApi
      .profile(userId, controller.signal)
      .then((u) => setState({ status: "ready", items: u.bookmarked ?? [] }))
      .catch((error: unknown) => {
        if (!isAbortError(error)) setState({ status: "error" });
      });
    return () => controller.abort();
  }, [userId]);

  return (
    <section aria-labelledby="bookmarked-heading" className="mt-10">
      <h2 id="bookmarked-heading" className="text-lg font-semibold tracking-tight">
        Bookmarked
        {state.status === "ready" && state.items.length > 0 && (
          <span className="tabular ml-2 text-sm font-normal text-muted">{state.items.length}</span>
        )}
      </h2>
      {state.status === "loading" && (
        <ul className="mt-4 divide-y divide-line rounded-xl border border-line" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className="space-y-2 px-4 py-3.5">
              <Skeleton className="h-4 w-3/4" />
              <Skeleton className="h-3 w-1/3" />
            </li>
          ))}
          <li className="sr-only">Loading bookmarks…</li>
        </ul>
      )}
      {state.status === "error" && (
        <p className="mt-4 rounded-xl border border-line px-4 py-6 text-center text-sm text-muted">
          Your bookmarks could not be loaded. Reload the page to try again.
        </p>
      )}
      {state.status === "ready" && state.items.length === 0 && (
        <p className="mt-4 rounded-xl border border-dashed border-line px-4 py-8 text-center text-sm text-muted">
          No bookmarks yet. Use the bookmark button on an article to keep it here.{" "}
          <Link to="/" className="font-medium text-accent underline-offset-2 hover:underline">
            Browse research
          </Link>
        </p>
      )}
      {state.status === "ready" && state.items.length > 0 && (
        <ul className="mt-4 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface">
          {state.items.map((a) => (
            <li key={a.id}>
              <Link
                to={`/p/${a.slug}`}
                className="block px-4 py-3.5 transition-colors hover:bg-page focus-visible:bg-page focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
              >
                <span className="block font-medium text-pretty text-ink">{a.title}</span>
                {a.subTitle && (
                  <span className="mt-0.5 line-clamp-1 block text-sm text-muted">{a.subTitle}</span>
                )}
                <time dateTime={a.publishDate} className="tabular mt-1 block text-xs text-muted">
                  {formatLongDate(a.publishDate)}
                </time>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * View mode of the account page: the profile summary with "Edit account" (`onEdit`), "Email not
 * verified" with "Send again" while it is not, the newsletter switch, the notification email
 * choices, then the Bookmarked list; all loaded in the browser after hydration.
 */
export function AccountView({ user, onEdit }: { user: OwnUser; onEdit: () => void }) {
  return (
    <>
      <div className="flex flex-col gap-5 sm:flex-row sm:items-center sm:justify-between">
        <ProfileSummary user={user} />
        <Button variant="secondary" size="md" onClick={onEdit} className="shrink-0">
          Edit account
        </Button>
      </div>
      {!user.confirmed && (
        <div className="mt-6">
          <VerifyEmailNotice email={user.email} why="Verify your email to comment on articles." />
        </div>
      )}
      <NewsletterOptIn />
      <NotificationEmailChoices />
      <Bookmarks userId={user.id} />
    </>
  );
}
