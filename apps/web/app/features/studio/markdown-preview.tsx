// The editor's live preview (docs/product/studio.md#studio-editor): the article page's Markdown
// renderer, code highlighting and typography, loaded only when the editor opens (react-markdown,
// remark and highlight.js are ~120 KiB gzip that no other page needs in the browser).
import { wordCount } from "@pragmatist/contracts";
import { lazy, Suspense, useDeferredValue, useEffect, useRef } from "react";
import { Skeleton } from "../../components/ui/skeleton";
import { proseClassName } from "../../components/article-body";

/** The article page's Markdown renderer with its highlighted code blocks, loaded on first use. */
const MarkdownContent = lazy(async () => {
  const [{ MarkdownContent: Content }, { HighlightedCode }] = await Promise.all([
    import("../../components/markdown"),
    import("../../components/highlighted-code"),
  ]);
  return {
    default: ({ children }: { children: string }) => (
      <Content components={{ code: HighlightedCode }}>{children}</Content>
    ),
  };
});

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
 * The words of the rendered body as the server counts them for reading time (its text without
 * code blocks, docs/product/studio.md#studio-toolbar), told to `onWords` whenever the rendered
 * body changes (it renders lazily and at a deferred pace, so an observer, not an effect of ours,
 * knows when).
 */
function useRenderedWords(onWords: ((words: number) => void) | undefined) {
  const body = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = body.current;
    if (!element || !onWords) return;
    const count = () => {
      // Not while the renderer loads: its placeholder's words are not the body's.
      if (element.querySelector("[aria-busy]")) return;
      let words = wordCount(element.textContent ?? "");
      for (const code of element.querySelectorAll("pre"))
        words -= wordCount(code.textContent ?? "");
      onWords(element.querySelector("[data-empty-body]") ? 0 : words);
    };
    count();
    const observer = new MutationObserver(count);
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [onWords]);
  return body;
}

/**
 * The title, subtitle and Markdown body as readers will see them. Rendering follows typing at
 * React's deferred pace, so a long text never slows the keystrokes down. `onWords` hears the
 * body's word count.
 */
export function MarkdownPreview({
  title,
  subTitle,
  content,
  onWords,
}: {
  title: string;
  subTitle: string;
  content: string;
  onWords?: (words: number) => void;
}) {
  const deferred = useDeferredValue(content);
  const body = useRenderedWords(onWords);
  return (
    <article aria-label="Preview" className="min-w-0">
      <h2 className="text-[1.75rem] leading-tight font-semibold tracking-tight text-balance">
        {title.trim() || <span className="text-muted">Untitled</span>}
      </h2>
      {subTitle.trim() && <p className="mt-2 text-lg text-muted">{subTitle}</p>}
      <div ref={body} className={`mt-6 ${proseClassName}`}>
        {deferred.trim() ? (
          <Suspense fallback={<PreviewSkeleton />}>
            <MarkdownContent>{deferred}</MarkdownContent>
          </Suspense>
        ) : (
          <p data-empty-body className="text-muted">
            The body appears here as you write.
          </p>
        )}
      </div>
    </article>
  );
}
