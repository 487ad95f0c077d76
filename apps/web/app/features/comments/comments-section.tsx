// The article's comments section (spec §2, issue #4). This shell is all the article page loads up
// front; the interactive panel is a separate chunk (the page's JavaScript budget), server-rendered
// all the same: React keeps the server HTML until the chunk arrives, then hydrates it.
import type { Comment, CommentSort } from "@pragmatist/contracts";
import { lazy, Suspense } from "react";
import { Skeleton } from "../../components/ui/skeleton.tsx";

const CommentsPanel = lazy(() => import("./comments-panel.tsx"));

export interface CommentsSectionProps {
  slug: string;
  /** The article's count, shown while the panel loads. */
  commentCount: number;
  sort: CommentSort;
  /** Server-read comments, or null to load them in the browser. */
  comments: Comment[] | null;
  failed: boolean;
}

export function CommentsSection(props: CommentsSectionProps) {
  const n = props.commentCount;
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
        <CommentsPanel {...props} />
      </Suspense>
    </section>
  );
}
