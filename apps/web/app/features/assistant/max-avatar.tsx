// Max's picture beside each answer: the product icon, 35 px (docs/product/max.md#message-bubble,
// docs/product/limits.md#constants), spinning while Max works.
import { SparkIcon } from "../../components/ui/icons.tsx";

/**
 * Decorative: the bubble says who speaks. `spinning` while an answer is awaited
 * (docs/product/max.md#message-bubble).
 */
export function MaxAvatar({ spinning = false }: { spinning?: boolean }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-[35px] shrink-0 items-center justify-center rounded-full bg-accent text-accent-ink"
    >
      <SparkIcon
        size={20}
        className={spinning ? "motion-safe:animate-spin motion-reduce:animate-pulse" : undefined}
      />
    </span>
  );
}
