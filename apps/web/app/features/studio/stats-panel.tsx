// An article's last 30 days in the editor (docs/product/studio.md#studio): views, visitors, likes,
// bookmarks and comments, and a bar per day of views.
import { errorText } from "../../components/ui/danger";
import { Skeleton } from "../../components/ui/skeleton";
import { formatIsoDateUtc } from "../../lib/format";
import { studioApi } from "./studio-api";
import { useStudioData } from "./use-studio-data";

/** Loads the stats of `articleId` once; numbers first, then the daily bars. */
export function StatsPanel({ articleId }: { articleId: number }) {
  const state = useStudioData(articleId, (signal) => studioApi.stats(articleId, signal));

  if (state.kind === "loading") {
    return (
      <div aria-busy="true" className="grid grid-cols-3 gap-2">
        <span className="sr-only">Loading stats…</span>
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-12" />
        ))}
      </div>
    );
  }
  if (state.kind === "error") return <p className={`text-sm ${errorText}`}>{state.message}</p>;
  const stats = state.value;
  const figures = [
    ["Views", stats.views],
    ["Visitors", stats.visitors],
    ["Likes", stats.likes],
    ["Bookmarks", stats.bookmarks],
    ["Comments", stats.comments],
  ] as const;
  const peak = Math.max(1, ...stats.daily.map((d) => d.views));
  return (
    <div>
      <dl className="grid grid-cols-3 gap-2">
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-line px-2.5 py-2">
            <dt className="text-xs text-muted">{label}</dt>
            <dd className="tabular text-lg font-semibold">{value.toLocaleString("en-US")}</dd>
          </div>
        ))}
      </dl>
      {stats.daily.length > 0 && (
        <figure className="mt-3">
          <div className="flex h-16 items-end gap-px" aria-hidden="true">
            {stats.daily.map((d) => (
              <div
                key={d.day}
                title={`${formatIsoDateUtc(d.day)}: ${d.views} views`}
                className="min-h-px flex-1 rounded-t-sm bg-accent/70"
                style={{ height: `${(d.views / peak) * 100}%` }}
              />
            ))}
          </div>
          <figcaption className="mt-1 flex justify-between text-xs text-muted">
            <span>{formatIsoDateUtc(stats.from)}</span>
            <span>Views per day (UTC)</span>
            <span>{formatIsoDateUtc(stats.to)}</span>
          </figcaption>
          <ol className="sr-only">
            {stats.daily.map((d) => (
              <li key={d.day}>
                {formatIsoDateUtc(d.day)}: {d.views} views
              </li>
            ))}
          </ol>
        </figure>
      )}
    </div>
  );
}
