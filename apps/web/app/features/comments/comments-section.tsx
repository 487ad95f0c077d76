// The article's comments section (docs/product/reader.md#comments). This shell is all the
// article page loads up front; the interactive panel is a separate chunk (the page's JavaScript
// budget). The server renders the panel in full, so the first HTML holds the discussion in place
// (readable without JavaScript); the browser keeps that HTML until the chunk arrives, then
// hydrates it.
import { lazyPart } from "../../components/ui/lazy-load.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import type { CommentsSectionProps } from "./comments-panel.tsx";

/** The panel; until its chunk has come, a heading and skeleton of the same size hold its place. */
const Panel = lazyPart(
  () => import("./comments-panel.tsx").then((m) => m.default),
  ({ commentCount: n }: CommentsSectionProps) => (
    <>
      <h2 id="comments-title" className="text-xl font-semibold tracking-tight">
        {n} {n === 1 ? "Comment" : "Comments"}
      </h2>
      <Skeleton className="mt-4 h-24" />
    </>
  ),
);

/** The "N Comments" section (`#comments`, the article bar links there) around the panel. */
export function CommentsSection(props: CommentsSectionProps) {
  return (
    <section id="comments" aria-labelledby="comments-title" className="scroll-mt-20">
      <Panel {...props} />
    </section>
  );
}
