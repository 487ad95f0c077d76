// The audit log as a table (docs/product/studio.md#studio-audit): who
// published, unpublished, deleted, changed a role or moderated, and when.
import type { AuditAction, AuditEntry } from "@pragmatist/contracts";
import { Link } from "react-router";
import { DataTable } from "../../components/ui/data-table";
import type { ListFilter } from "../../components/ui/filter-select";
import { UtcTime } from "../../components/ui/utc-time";
import { formatIsoDateTimeUtc } from "../../lib/format";

/** Every action the log records, in words (contracts `auditActions`). */
export const AUDIT_ACTIONS: Record<AuditAction, string> = {
  "article.publish": "Published an article",
  "article.unpublish": "Unpublished an article",
  "article.schedule": "Scheduled an article",
  "article.delete": "Deleted an article",
  "member.role": "Changed a role",
  "member.ban": "Banned from commenting",
  "member.unban": "Lifted a ban",
  "comment.hide": "Hid a comment",
  "comment.unhide": "Unhid a comment",
  "comment.delete": "Deleted a comment",
  "report.resolve": "Resolved reports",
  "report.dismiss": "Dismissed reports",
  "newsletter.send": "Sent a newsletter issue",
  "newsletter.cancel": "Cancelled a newsletter send",
};

/** The log's filter, `?action=`: one kind of entry, or every action. */
export const AUDIT_FILTER: ListFilter<AuditAction> = {
  name: "action",
  label: "Action",
  anyLabel: "Every action",
  choices: AUDIT_ACTIONS,
};

const text = (value: unknown) => (typeof value === "string" ? value : null);

/**
 * What the entry was about, named as it is now (`entry.target`): the article (linked while it
 * exists), the member, the newsletter issue (linked: an audited issue was sent, and only drafts
 * can be deleted), or the comment with its author and its opening words.
 */
function Target({ entry }: { entry: AuditEntry }) {
  const d = entry.details;
  const { name, quote } = entry.target;
  if (entry.targetType === "article") {
    const title = name ?? text(d.title) ?? "An article since deleted";
    return entry.action !== "article.delete" && name && entry.targetId ? (
      <Link
        to={`/studio/articles/${entry.targetId}`}
        className="font-medium text-accent hover:underline"
      >
        {title}
      </Link>
    ) : (
      <span className="font-medium">{title}</span>
    );
  }
  if (entry.targetType === "member") {
    return <span>{name ?? text(d.username) ?? "A member since deleted"}</span>;
  }
  if (entry.targetType === "newsletter-issue") {
    return (
      <Link
        to={`/studio/newsletter/${entry.targetId}`}
        className="font-medium text-accent hover:underline"
      >
        {name ? `“${name}”` : "A newsletter issue"}
      </Link>
    );
  }
  const by = name ? ` by ${name}` : "";
  return <span>{quote ? `Comment${by}: “${quote}”` : `A deleted comment${by}`}</span>;
}

/** A newsletter send's or cancel's details: the subject and how many (one list: no audience). */
function newsletterDetails(d: AuditEntry["details"]): string[] {
  const parts: string[] = [];
  const count = (n: unknown, one: string, many: string) =>
    typeof n === "number" ? [`${n.toLocaleString("en-US")} ${n === 1 ? one : many}`] : [];
  if (text(d.subject)) parts.push(`“${d.subject}”`);
  parts.push(...count(d.recipients, "recipient", "recipients"));
  parts.push(...count(d.cancelled, "delivery stopped", "deliveries stopped"));
  return parts;
}

/**
 * The details worth a line: the change of state or role, the scheduled date, a newsletter send's
 * subject and count, a ban's reason.
 */
function detailLine(entry: AuditEntry): string {
  const d = entry.details;
  const parts: string[] = [];
  if (text(d.to)) parts.push(text(d.from) ? `${d.from} → ${d.to}` : `→ ${d.to}`);
  if (entry.action === "article.schedule" && text(d.publishDate)) {
    parts.push(`goes live ${formatIsoDateTimeUtc(d.publishDate as string)}`);
  }
  if (entry.targetType === "newsletter-issue") parts.push(...newsletterDetails(d));
  if (text(d.reason)) parts.push(`“${d.reason}”`);
  if (text(d.via)) parts.push(`via ${d.via}`);
  return parts.join(" · ");
}

/** Who acted: a member, the command line (`npm run user:role`), or an account since deleted. */
function actorName(entry: AuditEntry): string {
  if (entry.actor) return entry.actor.username;
  return text(entry.details.via) === "command line" ? "Command line" : "Deleted account";
}

/** Newest first: when, who, what, on what, details. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  return (
    <DataTable
      caption="Audit log, newest first"
      className="text-sm"
      columns={[
        { label: "When (UTC)", className: "w-44" },
        { label: "Who", className: "hidden w-36 sm:table-cell" },
        { label: "What" },
        { label: "Details", className: "hidden lg:table-cell" },
      ]}
    >
      {entries.map((e) => (
        <tr key={e.id} className="border-b border-line align-top last:border-0">
          <td className="tabular px-4 py-2.5 text-muted">
            <UtcTime iso={e.at} />
          </td>
          <td className="hidden truncate px-3 py-2.5 sm:table-cell">{actorName(e)}</td>
          <td className="px-3 py-2.5">
            <p>{AUDIT_ACTIONS[e.action]}</p>
            <p className="truncate">
              <Target entry={e} />
            </p>
            <p className="text-xs text-muted sm:hidden">by {actorName(e)}</p>
          </td>
          <td className="hidden px-3 py-2.5 break-words text-muted lg:table-cell">
            {detailLine(e)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
