// Credit for an imported article: who first published it, under which licence, and where.
import type { ArticleAttributes } from "@pragmatist/contracts";
import { safeUrl } from "../../lib/safe-url.ts";

type Source = NonNullable<ArticleAttributes["source"]>;

/** "Originally published by ethereum.org — MIT (ethereum.org contributors)", linked to the original. */
export function SourceCredit({ source }: { source: Source }) {
  const href = safeUrl(source.url);
  const name = href ? (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent"
    >
      {source.name}
    </a>
  ) : (
    <span className="font-medium text-ink">{source.name}</span>
  );
  return (
    <aside
      aria-label="Source"
      className="rounded-lg border border-line bg-surface px-4 py-3 text-sm leading-relaxed text-muted"
    >
      Originally published by {name} — {source.licence}
    </aside>
  );
}
