// One comment as moderation shows it: who wrote it on which article (each a link to all their
// comments, or all the article's), its report count and state, its text (or that it was deleted),
// the reasons given, the last report's date and what became of the reports.
import { type ModeratedComment, reportOutcomeLabels } from "@pragmatist/contracts";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CommentHtml } from "../../../components/comment-html";
import { Badge } from "../../../components/ui/badge";
import { errorText } from "../../../components/ui/danger";
import { formatIsoDateTimeUtc } from "../../../lib/format";

/**
 * The author (a link to all their comments, with a Banned badge), the article linked to its
 * comments and to all its comments here, and when.
 */
function ReportHeader({ item: { comment, article } }: { item: ModeratedComment }) {
  const author = comment.author;
  return (
    <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
      {author ? (
        <Link
          to={`?show=all&member=${author.id}`}
          className="font-medium hover:underline"
          title={`Every comment by ${author.username}`}
        >
          {author.username}
        </Link>
      ) : (
        <span className="font-medium">Deleted account</span>
      )}
      {author?.banned && <Badge tone="danger">Banned</Badge>}
      <span className="text-muted">on</span>
      <Link
        to={`/p/${encodeURIComponent(article.slug)}#comments`}
        className="min-w-0 truncate font-medium text-accent hover:underline"
      >
        {article.title}
      </Link>
      <Link
        to={`?show=all&article=${article.id}`}
        className="text-xs text-muted hover:text-ink hover:underline"
      >
        All comments there
      </Link>
      <span className="tabular ml-auto text-xs text-muted">
        <time dateTime={comment.createdAt}>{formatIsoDateTimeUtc(comment.createdAt)}</time>
      </span>
    </header>
  );
}

/**
 * The report count (how many are open), the Hidden / Deleted badges, then the text as readers see
 * it (`contentHtml`).
 */
function ReportBody({ item: { comment, reportCount, openReports } }: { item: ModeratedComment }) {
  return (
    <>
      <div className="mt-2 flex flex-wrap gap-1.5 empty:hidden">
        {reportCount > 0 && (
          <Badge tone={openReports > 0 ? "warning" : "muted"}>
            {reportCount} {reportCount === 1 ? "report" : "reports"}
            {openReports > 0 && openReports < reportCount && `, ${openReports} open`}
          </Badge>
        )}
        {comment.hidden && <Badge>Hidden</Badge>}
        {comment.deleted && <Badge>Deleted</Badge>}
      </div>
      {comment.deleted ? (
        <p className="mt-3 text-sm text-muted italic">This comment was deleted.</p>
      ) : (
        <blockquote className="mt-3 border-l-4 border-line pl-3">
          <CommentHtml html={comment.contentHtml} className="text-[0.9375rem]" />
        </blockquote>
      )}
    </>
  );
}

/** The reasons reporters gave, when any did. */
function ReportReasons({ reasons }: { reasons: string[] }) {
  if (reasons.length === 0) return null;
  return (
    <div className="mt-3 text-sm">
      <p className="font-medium">Reasons given</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-5 text-muted">
        {reasons.map((r, i) => (
          <li key={i} className="break-words">
            {r}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The card of `item`, named "Comment by {author} on “{title}”", with the last action's `error`
 * (an alert) and the moderator's buttons (`children`) at the bottom.
 */
export function ReportCard({
  item,
  error,
  children,
}: {
  item: ModeratedComment;
  error: string | null;
  children: ReactNode;
}) {
  const label = `Comment by ${item.comment.author?.username ?? "a deleted account"} on “${item.article.title}”`;
  return (
    <article aria-label={label} className="rounded-xl border border-line bg-surface p-4">
      <ReportHeader item={item} />
      <ReportBody item={item} />
      <ReportReasons reasons={item.reasons} />
      <p className="tabular mt-2 text-xs text-muted empty:hidden">
        {item.lastReportedAt && `Last reported ${formatIsoDateTimeUtc(item.lastReportedAt)}`}
        {item.resolution && (
          <>
            {" · "}
            {item.openReports > 0 ? "Earlier reports " : "Reports "}
            {reportOutcomeLabels[item.resolution.outcome].toLowerCase()}
            {item.resolution.by && ` by ${item.resolution.by.username}`}{" "}
            {formatIsoDateTimeUtc(item.resolution.at)}
          </>
        )}
      </p>
      {error && (
        <p role="alert" className={`mt-2 text-sm ${errorText}`}>
          {error}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">{children}</div>
    </article>
  );
}
