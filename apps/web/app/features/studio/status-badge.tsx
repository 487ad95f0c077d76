// An article's state (draft, scheduled, published) in words and as a coloured pill.
import type { ArticleState } from "@pragmatist/contracts";
import { Badge, type BadgeTone } from "../../components/ui/badge";

const stateTones: Record<ArticleState, BadgeTone> = {
  draft: "muted",
  scheduled: "warning",
  published: "accent",
};

/** The states in words, in list order (contracts `articleStates`). */
export const stateNames: Record<ArticleState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** Draft / Scheduled / Published as a small pill (grey, amber, accent). */
export function StatusBadge({ state }: { state: ArticleState }) {
  return <Badge tone={stateTones[state]}>{stateNames[state]}</Badge>;
}
