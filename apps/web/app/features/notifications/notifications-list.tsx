// The notifications screen (docs/product/reader.md#notifications): the member's lines, newest
// first, each saying who, what, where and when and linking to the comment; "Mark all as read",
// and pages of 20.
import type { Notification } from "@pragmatist/contracts";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/action-icons";
import { Skeleton } from "../../components/ui/skeleton";
import { formatCardDate, formatIsoDateTimeUtc } from "../../lib/format";
import type { NotificationsState } from "./use-notifications";

/**
 * What happened, after the actor's name: "and 2 others replied to your comment", "commented on
 * your article", "mentioned you".
 */
export function notificationSentence({ kind, others }: Notification["attributes"]): string {
  const and = others === 0 ? "" : ` and ${others} ${others === 1 ? "other" : "others"}`;
  if (kind === "reply") return `${and} replied to your comment`;
  if (kind === "article_comment") return `${and} commented on your article`;
  return " mentioned you";
}

/** One line: a link to the comment with who, what, where and when; unread lines marked. */
function NotificationLine({ line, onOpen }: { line: Notification; onOpen: () => void }) {
  const a = line.attributes;
  return (
    <li>
      <Link
        to={a.link}
        onClick={onOpen}
        data-unread={a.read ? undefined : ""}
        className={`block rounded-xl border px-4 py-3 transition-colors hover:bg-line/30 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${
          a.read ? "border-line" : "border-accent/40 bg-accent/5"
        }`}
      >
        <p className="text-sm text-ink">
          {!a.read && (
            <span className="mr-2 inline-block rounded-full bg-accent px-2 text-xs leading-5 font-semibold text-accent-ink">
              Unread
            </span>
          )}
          <span className="font-semibold">{a.actor.username}</span>
          {notificationSentence(a)}
        </p>
        <p className="mt-1 line-clamp-2 text-sm break-words text-muted">“{a.excerpt}”</p>
        <p className="mt-1 flex flex-wrap gap-x-2 text-xs text-muted">
          <span className="min-w-0 break-words">
            on <span className="font-medium text-ink">{a.article.title}</span>
          </span>
          <time dateTime={a.createdAt} title={formatIsoDateTimeUtc(a.createdAt)}>
            {formatCardDate(a.createdAt)}
          </time>
        </p>
      </Link>
    </li>
  );
}

/** "Newer" and "Older" links between pages of 20. */
function Pages({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  const cls = "rounded-md px-3 py-1.5 text-sm font-medium text-accent hover:bg-line/40";
  return (
    <nav aria-label="Notification pages" className="mt-6 flex justify-between">
      {page > 1 ? (
        <Link to={`?page=${page - 1}`} className={cls}>
          Newer
        </Link>
      ) : (
        <span />
      )}
      {page < pageCount && (
        <Link to={`?page=${page + 1}`} className={cls}>
          Older
        </Link>
      )}
    </nav>
  );
}

/** The heading, "Mark all as read" and the list (or its skeleton, failure or empty note). */
export function NotificationsList({ state, page }: { state: NotificationsState; page: number }) {
  const { list } = state;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold tracking-tight">Notifications</h1>
        {list && list.meta.unread > 0 && (
          <Button variant="secondary" onClick={() => void state.markAll()} disabled={state.marking}>
            {state.marking && <Spinner size={14} />}
            Mark all as read
          </Button>
        )}
      </div>
      {state.markError && (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {state.markError}
        </p>
      )}
      <div className="mt-6">
        {state.failed ? (
          <div role="alert" className="rounded-lg border border-line px-4 py-5 text-center text-sm">
            <p>Notifications could not be loaded. Try again.</p>
            <Button variant="secondary" className="mt-3" onClick={state.reload}>
              Try again
            </Button>
          </div>
        ) : list === null ? (
          <div className="space-y-3" aria-label="Loading notifications">
            <Skeleton className="h-20" />
            <Skeleton className="h-20" />
          </div>
        ) : list.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-muted">
            No notifications yet.
          </p>
        ) : (
          <ol className="space-y-3" aria-label="Notifications">
            {list.data.map((line) => (
              <NotificationLine key={line.id} line={line} onOpen={() => state.open(line)} />
            ))}
          </ol>
        )}
      </div>
      {list && <Pages page={page} pageCount={list.meta.pagination.pageCount} />}
    </>
  );
}
