// The sources a research answer cites (docs/product/max.md#assistant): numbered like the answer's
// [n] marks, our articles as in-app links, other pages in a new tab, under the safe-address rule
// (docs/product/reader.md#safe-urls).
import { Link } from "react-router";
import { formatLongDate } from "../../lib/format.ts";
import { safeUrl, sitePath } from "../../lib/safe-url.ts";
import type { Source } from "./message-parts.ts";

const linkClass =
  "font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent";

function SourceLink({ source }: { source: Source }) {
  const href = safeUrl(source.url);
  if (!href) return <span>{source.title}</span>;
  const path = sitePath(href);
  return path ? (
    <Link to={path} className={linkClass}>
      {source.title}
    </Link>
  ) : (
    <a href={href} target="_blank" rel="noopener noreferrer nofollow" className={linkClass}>
      {source.title}
    </a>
  );
}

/**
 * The "Sources" list under a research answer: each source's [n] mark (when the answer cites it),
 * its link (safeUrl; site addresses through the router), the section its passage came from and
 * its publish date (docs/product/max.md#max-research).
 */
export function ResearchSources({ sources }: { sources: Source[] }) {
  return (
    <nav aria-label="Sources" className="mt-3 border-t border-line pt-2.5 text-sm">
      <h3 className="text-xs font-semibold tracking-wide text-muted uppercase">Sources</h3>
      <ol className="mt-1.5 space-y-1">
        {sources.map((source) => (
          <li key={source.url} className="flex gap-2">
            {source.n !== null && <span className="tabular text-muted">[{source.n}]</span>}
            <span className="min-w-0">
              <SourceLink source={source} />
              {source.section && <span className="text-muted"> › {source.section}</span>}
              {source.publishDate && (
                <span className="text-muted"> · {formatLongDate(source.publishDate)}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
