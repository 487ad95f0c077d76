// An issue's delivery figures (docs/product/newsletter.md#newsletter-sending): recipients and where
// each delivery stands, unsubscribes, clicks when tracking is on, and what is never tracked.
import type { IssueStats as Stats, IssueStatus } from "@pragmatist/contracts";
import { errorText } from "../../../components/ui/danger";
import { Spinner } from "../../../components/ui/action-icons";
import { Skeleton } from "../../../components/ui/skeleton";
import type { StudioData } from "../use-studio-data";

/** How often the figures refresh while an issue is sending, in ms. */
export const STATS_REFRESH_MS = 3000;

const n = (value: number) => value.toLocaleString("en-US");

/** The figures as a grid of labelled numbers; clicks only when they were counted. */
function Figures({ stats }: { stats: Stats }) {
  const figures: [string, string][] = [
    ["Recipients", n(stats.recipients)],
    ["Sent", n(stats.sent)],
    ["Pending", n(stats.pending)],
    ["Failed", n(stats.failed)],
    ["Bounced", n(stats.bounced)],
    ["Skipped", n(stats.skipped)],
    ["Cancelled", n(stats.cancelled)],
    ["Unsubscribes", n(stats.unsubscribes)],
    ["Clicks", stats.clicks === null ? "—" : n(stats.clicks)],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2">
      {figures.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-line px-2.5 py-2">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="tabular text-lg font-semibold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Clicks per link, most clicked first (tracking on only). */
function LinkClicks({ links }: { links: Stats["links"] }) {
  if (links.length === 0) return null;
  return (
    <table className="w-full table-fixed text-left text-xs">
      <caption className="sr-only">Clicks per link</caption>
      <thead className="text-muted">
        <tr>
          <th scope="col" className="py-1 font-medium">
            Link
          </th>
          <th scope="col" className="w-16 py-1 text-right font-medium">
            Clicks
          </th>
        </tr>
      </thead>
      <tbody>
        {links.map((l) => (
          <tr key={l.url} className="border-t border-line">
            <td className="truncate py-1" title={l.url}>
              {l.url}
            </td>
            <td className="tabular py-1 text-right">{n(l.clicks)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * What is tracked, said plainly (docs/product/newsletter.md#newsletter-sending): opens never (no
 * pixel); clicks only with NEWSLETTER_TRACKING on, which is off by default. `clicks` is whether
 * clicks are counted (null: not known yet, a draft's screen).
 */
export function TrackingNote({ clicks }: { clicks: boolean | null }) {
  return (
    <ul className="list-disc space-y-1 pl-4 text-xs text-muted">
      <li>Opens are not tracked: the mail carries no tracking pixel.</li>
      <li>
        {clicks === null
          ? "Clicks are counted only when click tracking (NEWSLETTER_TRACKING) is on; it is off by default."
          : clicks
            ? "Click tracking is on: links to this site and listed hosts go through /r/… and are counted per link, never per reader."
            : "Click tracking is off (the default): links go straight to their targets and no click is counted."}
      </li>
    </ul>
  );
}

/**
 * The figures of an issue in `status`: none for a draft (they start with the send), skeletons
 * while loading, then the numbers, the tracking note and the clicks per link; while sending, a
 * line says they refresh on their own.
 */
export function IssueStats({
  status,
  stats,
}: {
  status: IssueStatus;
  stats: StudioData<Stats> | null;
}) {
  return (
    <section aria-labelledby="issue-stats" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="issue-stats" className="text-sm font-semibold">
          Delivery
        </h2>
        {status === "sending" && (
          <p className="flex items-center gap-1.5 text-xs text-muted">
            <Spinner size={12} />
            Refreshing every {STATS_REFRESH_MS / 1000} seconds
          </p>
        )}
      </div>
      {status === "draft" || !stats ? (
        <p className="text-sm text-muted">The figures start when the issue is sent.</p>
      ) : stats.kind === "loading" ? (
        <div aria-busy="true" className="grid grid-cols-3 gap-2">
          <span className="sr-only">Loading the figures…</span>
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} className="h-14" />
          ))}
        </div>
      ) : stats.kind === "error" ? (
        <p className={`text-sm ${errorText}`}>{stats.message}</p>
      ) : (
        <>
          <Figures stats={stats.value} />
          <LinkClicks links={stats.value.links} />
        </>
      )}
      <TrackingNote clicks={stats?.kind === "ready" ? stats.value.tracking.clicks : null} />
    </section>
  );
}
