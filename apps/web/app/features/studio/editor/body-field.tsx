// The editor's body: Markdown on the left and its live preview on the right on wide screens; a
// Write / Preview switch on narrow ones.
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { TextArea } from "../../../components/ui/field";
import type { ArticleForm } from "../article-form";
import { MarkdownPreview } from "../markdown-preview";
import type { BodyView } from "./editor-access";
import type { BindField } from "./field-binding";

/** The Write / Preview switch of narrow screens (hidden from xl up, where both show). */
function ViewSwitch({ view, onChange }: { view: BodyView; onChange: (view: BodyView) => void }) {
  return (
    <div role="group" aria-label="Show" className="flex gap-1 xl:hidden">
      {(["write", "preview"] as const).map((v) => (
        <Button
          key={v}
          variant={view === v ? "soft" : "ghost"}
          className="h-8 px-3"
          aria-pressed={view === v}
          onClick={() => onChange(v)}
        >
          {v === "write" ? "Write" : "Preview"}
        </Button>
      ))}
    </div>
  );
}

/** The body's box: its heading with the switch, the Markdown field, and the preview. */
export function BodyField({
  form,
  field,
  initialView,
}: {
  form: ArticleForm;
  field: BindField;
  /** What narrow screens show first (editor-access.ts `initialView`). */
  initialView: BodyView;
}) {
  const [view, setView] = useState<BodyView>(initialView);
  return (
    <div className="rounded-xl border border-line bg-surface">
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-2">
        <p className="text-sm font-semibold tracking-tight">Body</p>
        <ViewSwitch view={view} onChange={setView} />
        <p className="hidden text-xs text-muted xl:block">Markdown · preview on the right</p>
      </div>
      <div className="grid xl:grid-cols-2">
        <div
          className={`p-4 xl:flex xl:flex-col xl:border-r xl:border-line ${view === "preview" ? "hidden" : ""}`}
        >
          <TextArea
            label="Body (Markdown)"
            hideLabel
            // On wide screens the text fills the column beside a long preview.
            className="xl:flex xl:flex-1 xl:flex-col"
            {...field("content")}
            spellCheck
            placeholder="Write in Markdown: ## headings, **bold**, [links](https://…), lists, tables."
            inputClassName="min-h-[28rem] resize-y font-mono text-[0.8125rem] leading-relaxed xl:flex-1"
          />
        </div>
        <div className={`min-w-0 p-4 sm:p-6 ${view === "write" ? "hidden xl:block" : ""}`}>
          <MarkdownPreview title={form.title} subTitle={form.subTitle} content={form.content} />
        </div>
      </div>
    </div>
  );
}
