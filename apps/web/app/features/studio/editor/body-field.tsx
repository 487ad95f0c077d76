// The editor's body: Markdown on the left and its live preview on the right on wide screens; a
// Write / Preview switch on narrow ones. Over the Markdown, the formatting toolbar; into it,
// images pasted, dropped or picked (docs/product/studio.md#studio-toolbar, #studio-images).
import { readingTimeMinutes } from "@pragmatist/contracts";
import { useRef, useState } from "react";
import { Button } from "../../../components/ui/button";
import { errorText } from "../../../components/ui/danger";
import { controlLook, Frame } from "../../../components/ui/field";
import type { ArticleForm } from "../article-form";
import { MarkdownPreview } from "../markdown-preview";
import { imageFiles } from "./body-images";
import type { BodyView } from "./editor-access";
import type { BindField, FieldBinding } from "./field-binding";
import { formattingKeys, MarkdownToolbar } from "./markdown-toolbar";
import { useBodyImages } from "./use-body-images";

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

/** "1,234 words · 6 min read" for the body's words (as the article's page counts its time). */
function WordCount({ words }: { words: number | null }) {
  if (words === null) return null;
  return (
    <p className="text-xs text-muted tabular" aria-live="off">
      {words.toLocaleString("en-US")} {words === 1 ? "word" : "words"}
      {words > 0 && ` · ${readingTimeMinutes(words)} min read`}
    </p>
  );
}

/**
 * The Markdown: the toolbar (when the article can be edited), the textarea taking pasted and
 * dropped images, and what the uploads are doing.
 */
function MarkdownWriter({ binding, canEdit }: { binding: FieldBinding; canEdit: boolean }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const setValue = (value: string) => binding.onChange({ currentTarget: { value } });
  const images = useBodyImages(textarea, setValue);
  const take = (event: { preventDefault(): void }, files: File[]) => {
    if (!canEdit || files.length === 0) return;
    event.preventDefault();
    images.insert(files);
  };
  const hint =
    "Paste, drop or pick images; write what each shows between the [ ], and a caption in quotes after its address.";
  return (
    <Frame
      label="Body (Markdown)"
      hideLabel
      hint={hint}
      error={binding.error}
      className="xl:flex xl:flex-1 xl:flex-col"
    >
      {(ids) => (
        <>
          {canEdit && (
            <MarkdownToolbar
              textareaId={ids.id}
              onImages={images.insert}
              disabled={images.uploading > 0}
            />
          )}
          <textarea
            {...ids}
            ref={textarea}
            value={binding.value}
            onChange={binding.onChange}
            onKeyDown={formattingKeys}
            onPaste={(event) => take(event, imageFiles(event.clipboardData))}
            onDrop={(event) => take(event, imageFiles(event.dataTransfer))}
            spellCheck
            placeholder="Write in Markdown: ## headings, **bold**, [links](https://…), lists, tables."
            className={`${controlLook} mt-2 min-h-[28rem] resize-y py-2 font-mono text-[0.8125rem] leading-relaxed xl:flex-1`}
          />
          <p aria-live="polite" className="mt-1 text-xs text-muted empty:hidden">
            {images.uploading > 0 &&
              `Uploading ${images.uploading} ${images.uploading === 1 ? "image" : "images"}…`}
          </p>
          {images.error && <p className={`mt-1 text-xs ${errorText}`}>{images.error}</p>}
        </>
      )}
    </Frame>
  );
}

/** The body's box: its heading with the switch, the Markdown field, and the preview. */
export function BodyField({
  form,
  field,
  initialView,
  canEdit,
}: {
  form: ArticleForm;
  field: BindField;
  /** What narrow screens show first (editor-access.ts `initialView`). */
  initialView: BodyView;
  canEdit: boolean;
}) {
  const [view, setView] = useState<BodyView>(initialView);
  const [words, setWords] = useState<number | null>(null);
  return (
    <div className="rounded-xl border border-line bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 border-b border-line px-4 py-2">
        <p className="text-sm font-semibold tracking-tight">Body</p>
        <WordCount words={words} />
        <ViewSwitch view={view} onChange={setView} />
        <p className="hidden text-xs text-muted xl:block">Markdown · preview on the right</p>
      </div>
      <div className="grid xl:grid-cols-2">
        <div
          className={`p-4 xl:flex xl:flex-col xl:border-r xl:border-line ${view === "preview" ? "hidden" : ""}`}
        >
          <MarkdownWriter binding={field("content")} canEdit={canEdit} />
        </div>
        <div className={`min-w-0 p-4 sm:p-6 ${view === "write" ? "hidden xl:block" : ""}`}>
          <MarkdownPreview
            title={form.title}
            subTitle={form.subTitle}
            content={form.content}
            onWords={setWords}
          />
        </div>
      </div>
    </div>
  );
}
