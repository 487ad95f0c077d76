// The editor's live preview (docs/product/studio.md#studio-editor): the article page's Markdown
// renderer and typography, loaded only when the editor opens (react-markdown and remark are ~80 KiB
// gzip that no other page needs in the browser).
import { lazy, Suspense, useDeferredValue } from "react";
import { Skeleton } from "../../components/ui/skeleton";
import { proseClassName } from "../../components/article-body";

const MarkdownContent = lazy(() =>
  import("../../components/markdown").then((m) => ({ default: m.MarkdownContent })),
);

function PreviewSkeleton() {
  return (
    <div aria-busy="true" className="space-y-3">
      <span className="sr-only">Loading the preview…</span>
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-11/12" />
      <Skeleton className="h-4 w-4/5" />
    </div>
  );
}

/**
 * The title, subtitle and Markdown body as readers will see them. Rendering follows typing at
 * React's deferred pace, so a long text never slows the keystrokes down.
 */
export function MarkdownPreview({
  title,
  subTitle,
  content,
}: {
  title: string;
  subTitle: string;
  content: string;
}) {
  const deferred = useDeferredValue(content);
  return (
    <article aria-label="Preview" className="min-w-0">
      <h2 className="text-[1.75rem] leading-tight font-semibold tracking-tight text-balance">
        {title.trim() || <span className="text-muted">Untitled</span>}
      </h2>
      {subTitle.trim() && <p className="mt-2 text-lg text-muted">{subTitle}</p>}
      <div className={`mt-6 ${proseClassName}`}>
        {deferred.trim() ? (
          <Suspense fallback={<PreviewSkeleton />}>
            <MarkdownContent>{deferred}</MarkdownContent>
          </Suspense>
        ) : (
          <p className="text-muted">The body appears here as you write.</p>
        )}
      </div>
    </article>
  );
}
