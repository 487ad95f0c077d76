// "Ask Max about this article" (docs/product/max.md#assistant): opens the assistant with this
// article as context.
import { Link } from "react-router";
import { SparkIcon } from "../../components/ui/icons.tsx";

/** A link to `/assistant?article={slug}`; its visible words start its accessible name (WCAG 2.5.3). */
export function AskMaxLink({ slug }: { slug: string }) {
  return (
    <Link
      to={`/assistant?article=${encodeURIComponent(slug)}`}
      aria-label="Ask Max about this article"
      title="Ask Max about this article"
      className="inline-flex items-center gap-1 rounded-md px-1 py-1 font-medium whitespace-nowrap sm:px-1.5 text-accent transition-colors hover:bg-accent/10 focus-visible:outline-2 focus-visible:outline-accent"
    >
      <SparkIcon size={16} />
      Ask Max
    </Link>
  );
}
