// One newsletter issue in the studio (docs/product/newsletter.md#newsletter-sending): its fields
// while a draft, the preview of the mail, a test, the audience and Send, Cancel while sending, and
// the delivery figures.
import type { StudioIssue } from "@pragmatist/contracts";
import { Link } from "react-router";
import { EmailPreview } from "./email-preview";
import { DraftFields, IssueFacts } from "./issue-fields";
import { IssueStats } from "./issue-stats";
import { ISSUE_KIND_NAMES, IssueStatusBadge } from "./issue-status";
import { SendPanel } from "./send-panel";
import { useIssueDraft } from "./use-issue-draft";
import { useLiveIssue } from "./use-live-issue";

const card = "rounded-xl border border-line bg-surface p-4";

/**
 * The screen of `initial`: "← Newsletter", the subject with its kind and status; on wide screens
 * the preview on the left and the fields, sending and figures on the right (on phones the
 * controls come first). A test and a send wait while the fields hold unsaved changes, so what is
 * mailed is what the preview shows.
 */
export function IssueScreen({ issue: initial }: { issue: StudioIssue }) {
  const { issue, setIssue, stats } = useLiveIssue(initial);
  const draft = useIssueDraft(issue, setIssue);
  const a = issue.attributes;
  return (
    <div>
      {/* On a phone the back link and the subject each get a line: the subject is not squeezed. */}
      <div className="mb-4 flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link
          to="/studio/newsletter"
          className="shrink-0 basis-full rounded-md text-sm font-medium text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent sm:basis-auto"
        >
          ← Newsletter
        </Link>
        <h1 className="min-w-0 basis-full text-lg font-semibold tracking-tight break-words sm:flex-1 sm:basis-auto">
          {a.subject}
        </h1>
        <span className="text-sm text-muted">{ISSUE_KIND_NAMES[a.kind]}</span>
        <IssueStatusBadge status={a.status} />
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 lg:order-last space-y-4">
          <div className={card}>
            {a.status === "draft" ? (
              <DraftFields issue={issue} draft={draft} />
            ) : (
              <IssueFacts issue={issue} />
            )}
          </div>
          {(a.status === "draft" || a.status === "sending") && (
            <div className={card}>
              <SendPanel
                issue={issue}
                held={draft.dirty ? "Save your changes first: the mail is the saved issue." : null}
                onChange={setIssue}
              />
            </div>
          )}
          <div className={card}>
            <IssueStats status={a.status} stats={stats} />
          </div>
        </div>
        <div className="min-w-0">
          <EmailPreview issueId={issue.id} version={a.updatedAt} />
        </div>
      </div>
    </div>
  );
}
