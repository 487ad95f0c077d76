// Why a comment is reported (docs/product/reader.md#comment-actions,
// docs/product/studio.md#studio-moderation): the fixed list, its words and how the moderation queue
// reads a report; free of zod so the comments panel's browser bundle stays small (the body schema
// is in comments.ts).

/** Why a member reports a comment: a short fixed list. */
export const reportReasons = ["spam", "harassment", "off-topic", "other"] as const;
/** One of `reportReasons`. */
export type ReportReason = (typeof reportReasons)[number];
/** How each reason reads, in the report dialog and the moderation queue. */
export const reportReasonLabels: Record<ReportReason, string> = {
  spam: "Spam",
  harassment: "Harassment",
  "off-topic": "Off-topic",
  other: "Other",
};
/** The most characters of the note that may go with "other". */
export const REPORT_NOTE_MAX = 500;

/**
 * A report's reason as the moderation queue lists it: its label, with the note after a colon
 * ("Other: links to a scam"). A reason stored before the fixed list (free text) reads as it was
 * written.
 */
export function describeReport(reason: string, note: string | null): string {
  const label = (reportReasonLabels as Record<string, string>)[reason] ?? reason;
  return note ? `${label}: ${note}` : label;
}

/**
 * What became of a comment's reports (docs/product/studio.md#studio-moderation): the comment was
 * hidden or deleted, or a moderator resolved the reports (dealt with otherwise) or dismissed them
 * (nothing wrong). A report without an outcome is open.
 */
export const reportOutcomes = ["hidden", "deleted", "resolved", "dismissed"] as const;
/** One of `reportOutcomes`. */
export type ReportOutcome = (typeof reportOutcomes)[number];
/** How each outcome reads in the queue ("Dismissed by Eve Editor, 2 Mar 2026"). */
export const reportOutcomeLabels: Record<ReportOutcome, string> = {
  hidden: "Hidden",
  deleted: "Deleted",
  resolved: "Resolved",
  dismissed: "Dismissed",
};
