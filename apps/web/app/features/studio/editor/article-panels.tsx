// The side panels of a stored article: its revisions and its last 30 days.
import type { StudioArticle } from "@pragmatist/contracts";
import { RevisionsPanel } from "../revisions-panel";
import { StatsPanel } from "../stats-panel";
import { Section } from "./editor-section";

/**
 * Revisions of `saved` (compared with `currentText`; restorable when `canRestore`, the restored
 * article handed to `onRestored`) and its stats of the last 30 days.
 */
export function ArticlePanels({
  saved,
  currentText,
  canRestore,
  onRestored,
}: {
  saved: StudioArticle;
  currentText: string;
  canRestore: boolean;
  onRestored: (article: StudioArticle) => void;
}) {
  return (
    <>
      <Section title="Revisions">
        <RevisionsPanel
          articleId={saved.id}
          version={saved.attributes.updatedAt}
          currentText={currentText}
          canRestore={canRestore}
          onRestored={onRestored}
        />
      </Section>
      <Section title="Last 30 days">
        <StatsPanel articleId={saved.id} />
      </Section>
    </>
  );
}
