// The article's comments section (docs/product.md#comments, issue #4). This shell is all the
// article page loads up front; the interactive panel is a separate chunk (the page's JavaScript
// budget). The server has the panel at hand from start-up, so the first HTML holds the discussion
// in place (readable without JavaScript); the browser keeps that HTML until the chunk arrives,
// then hydrates it.
import { type ComponentType, lazy, Suspense } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import type { CommentsSectionProps } from "./comments-panel.tsx";

/** The panel, loaded with this module on the server: no render waits for it (and streams it late). */
let loaded: ComponentType<CommentsSectionProps> | null = null;
if (import.meta.env.SSR) {
  void import("./comments-panel.tsx").then((module) => {
    loaded = module.default;
  });
}

/** In the browser, a chunk of its own, fetched during hydration. */
const LazyPanel = lazy(() => import("./comments-panel.tsx"));

/** The "N Comments" section: the panel, with a heading and skeleton of the same size while it loads. */
export function CommentsSection(props: CommentsSectionProps) {
  const n = props.commentCount;
  const Panel = (import.meta.env.SSR && loaded) || LazyPanel;
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-20">
      <Suspense
        fallback={
          <>
            <h2 id="comments-title" className="text-xl font-semibold tracking-tight">
              {n} {n === 1 ? "Comment" : "Comments"}
            </h2>
            <Skeleton className="mt-4 h-24" />
          </>
        }
      >
        <Panel {...props} />
      </Suspense>
    </section>
  );
}
