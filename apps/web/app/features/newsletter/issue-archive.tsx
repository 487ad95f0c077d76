// The built-in newsletter's page `/newsletter` (docs/product/newsletter.md#newsletter): what it is,
// the subscribe form, and the issues sent so far, newest first.
import { formatLongDate, type PublicIssueList } from "@pragmatist/contracts";
import { Link } from "react-router";
import { ByViewer } from "../../components/by-viewer.tsx";
import { useViewerSnapshot } from "../../lib/viewer.ts";
import { MemberSubscription } from "./member-subscription.tsx";
import { SubscribePanel } from "./subscribe-panel.tsx";

/** Paging of the archive: the links to newer and older issues, when there are any. */
function ArchivePages({
  page,
  pageCount,
  pageHref,
}: {
  page: number;
  pageCount: number;
  pageHref: (page: number) => string;
}) {
  if (pageCount <= 1) return null;
  const link = "font-medium text-accent hover:underline underline-offset-4";
  return (
    <nav aria-label="Archive pages" className="flex justify-between text-sm">
      {page > 1 ? (
        <Link to={pageHref(page - 1)} className={link}>
          Newer issues
        </Link>
      ) : (
        <span />
      )}
      {page < pageCount && (
        <Link to={pageHref(page + 1)} className={link}>
          Older issues
        </Link>
      )}
    </nav>
  );
}

/**
 * The page: heading, the subscribe panel (double opt-in) for a visitor or, for a signed-in member,
 * their own subscription (`MemberSubscription`), then the archive, each issue with its
 * date, subject and intro's first lines, linking to its web version `/newsletter/{slug}`;
 * `pageHref` gives the address of another page of the archive.
 */
export function IssueArchive({
  siteName,
  issues,
  pageHref,
}: {
  siteName: string;
  issues: PublicIssueList;
  pageHref: (page: number) => string;
}) {
  const { page, pageCount } = issues.meta.pagination;
  const { status } = useViewerSnapshot();
  return (
    <div className="mx-auto max-w-3xl space-y-10 pb-16">
      <header className="space-y-3">
        <h1 className="text-3xl font-semibold tracking-tight text-balance">The Weekly Brief</h1>
        <p className="text-muted">
          The week&apos;s research and market reports from {siteName}, with an editor&apos;s note,
          once a week by email. Every issue is also here.
        </p>
      </header>
      <ByViewer
        member={<MemberSubscription siteName={siteName} enabled={status === "member"} />}
        anonymous={<SubscribePanel siteName={siteName} />}
      />
      <section aria-labelledby="newsletter-archive" className="space-y-5">
        <h2 id="newsletter-archive" className="text-xl font-semibold tracking-tight">
          Past issues
        </h2>
        {issues.data.length === 0 ? (
          <p className="text-muted">No issue has been sent yet.</p>
        ) : (
          <ol className="divide-y divide-line border-y border-line">
            {issues.data.map(({ id, attributes: issue }) => (
              <li key={id} className="py-4">
                <time dateTime={issue.sentAt} className="tabular text-xs text-muted">
                  {formatLongDate(issue.sentAt)}
                </time>
                <h3 className="mt-1 font-semibold tracking-tight">
                  <Link
                    to={`/newsletter/${encodeURIComponent(issue.slug)}`}
                    className="hover:text-accent hover:underline underline-offset-4"
                  >
                    {issue.subject}
                  </Link>
                </h3>
                {issue.introText && (
                  <p className="mt-1 line-clamp-2 text-sm text-muted">{issue.introText}</p>
                )}
              </li>
            ))}
          </ol>
        )}
        <ArchivePages page={page} pageCount={pageCount} pageHref={pageHref} />
      </section>
    </div>
  );
}
