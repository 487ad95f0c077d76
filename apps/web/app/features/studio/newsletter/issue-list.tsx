// The studio's list of newsletter issues (docs/product/newsletter.md#newsletter-sending): subject,
// kind, status, delivery counts and dates, newest first.
import type { StudioIssue } from "@pragmatist/contracts";
import { Link } from "react-router";
import { buttonClass } from "../../../components/ui/button";
import { DataTable } from "../../../components/ui/data-table";
import { UtcTime } from "../../../components/ui/utc-time";
import { useStudioData } from "../use-studio-data";
import { ISSUE_KIND_NAMES, IssueStatusBadge } from "./issue-status";
import { newsletterApi } from "./newsletter-api";

/** "New issue": the form that makes a draft from an article or the week's articles. */
export function NewIssueLink() {
  return (
    <Link to="/studio/newsletter/new" className={buttonClass("primary")}>
      New issue
    </Link>
  );
}

/**
 * The figures of an issue whose send started, loaded in the browser once per version of the
 * issue; null for a draft (nothing to count).
 */
function useDeliveryCounts(issue: StudioIssue) {
  const started = issue.attributes.status !== "draft";
  return useStudioData(`${issue.id}-${issue.attributes.updatedAt}-${started}`, (signal) =>
    started ? newsletterApi.stats(issue.id, signal) : Promise.resolve(null),
  );
}

/** "12 sent · 1 failed · 3 pending", "Not sent yet" for a draft, or why there are no figures. */
function DeliveryCounts({ counts }: { counts: ReturnType<typeof useDeliveryCounts> }) {
  if (counts.kind === "loading") return <span className="text-muted">Loading figures…</span>;
  if (counts.kind === "error") return <span className="text-muted">Figures unavailable</span>;
  const s = counts.value;
  if (!s) return <span className="text-muted">Not sent yet</span>;
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <span className="tabular">
      {n(s.sent)} sent · {n(s.failed)} failed · {n(s.pending)} pending
    </span>
  );
}

/** When the issue went out (the send's start), else when it was written. */
function IssueDate({ issue }: { issue: StudioIssue }) {
  const a = issue.attributes;
  return (
    <>
      <span className="block text-xs text-muted">{a.sendStartedAt ? "Sent" : "Created"}</span>
      <UtcTime iso={a.sendStartedAt ?? a.createdAt} />
    </>
  );
}

/** One issue's row; its counts show under the subject on narrow screens, in a column on wide. */
function IssueRow({ issue }: { issue: StudioIssue }) {
  const a = issue.attributes;
  const counts = useDeliveryCounts(issue);
  return (
    <tr className="border-b border-line align-top last:border-0">
      <td className="px-4 py-2.5">
        <Link
          to={`/studio/newsletter/${issue.id}`}
          className="font-medium break-words text-ink hover:text-accent hover:underline"
        >
          {a.subject}
        </Link>
        <p className="truncate text-xs text-muted">
          {a.articles.length === 1 ? a.articles[0]!.title : `${a.articles.length} articles`}
          <span className="md:hidden"> · {ISSUE_KIND_NAMES[a.kind]}</span>
        </p>
        <p className="text-xs lg:hidden">
          <DeliveryCounts counts={counts} />
        </p>
      </td>
      <td className="hidden px-3 py-2.5 md:table-cell">{ISSUE_KIND_NAMES[a.kind]}</td>
      <td className="px-3 py-2.5">
        <IssueStatusBadge status={a.status} />
      </td>
      <td className="hidden px-3 py-2.5 lg:table-cell">
        <DeliveryCounts counts={counts} />
      </td>
      <td className="tabular hidden px-3 py-2.5 sm:table-cell">
        <IssueDate issue={issue} />
      </td>
    </tr>
  );
}

/** The issues as a table: subject (linked to its screen), kind, status, counts, date (UTC). */
export function IssueTable({ issues }: { issues: StudioIssue[] }) {
  return (
    <DataTable
      caption="Newsletter issues, newest first"
      className="text-sm"
      columns={[
        { label: "Subject" },
        { label: "Kind", className: "hidden w-36 md:table-cell" },
        { label: "Status", className: "w-28" },
        { label: "Deliveries", className: "hidden w-64 lg:table-cell" },
        { label: "Date (UTC)", className: "hidden w-40 sm:table-cell" },
      ]}
    >
      {issues.map((issue) => (
        <IssueRow key={issue.id} issue={issue} />
      ))}
    </DataTable>
  );
}
