// An issue's status and kind in words (docs/product/newsletter.md#newsletter-sending), and the
// status as a coloured pill.
import type { IssueKind, IssueStatus } from "@pragmatist/contracts";
import { Badge, type BadgeTone } from "../../../components/ui/badge";
import type { ListFilter } from "../../../components/ui/filter-select";

/** The statuses in words, in list order (contracts `issueStatuses`, without zod in the bundle). */
export const ISSUE_STATUS_NAMES: Record<IssueStatus, string> = {
  draft: "Draft",
  sending: "Sending",
  sent: "Sent",
  cancelled: "Cancelled",
};

/** The issue list's filter, `?status=`: the issues of one status, or all of them. */
export const ISSUE_STATUS_FILTER: ListFilter<IssueStatus> = {
  name: "status",
  label: "Status",
  anyLabel: "Any status",
  choices: ISSUE_STATUS_NAMES,
};

/** The kinds in words: a post is one article, a digest is "The Weekly Brief". */
export const ISSUE_KIND_NAMES: Record<IssueKind, string> = {
  post: "Post",
  digest: "The Weekly Brief",
};

const tones: Record<IssueStatus, BadgeTone> = {
  draft: "muted",
  sending: "warning",
  sent: "accent",
  cancelled: "danger",
};

/** Draft / Sending / Sent / Cancelled as a small pill (grey, amber, accent, red). */
export function IssueStatusBadge({ status }: { status: IssueStatus }) {
  return <Badge tone={tones[status]}>{ISSUE_STATUS_NAMES[status]}</Badge>;
}
