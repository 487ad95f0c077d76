// The mail as it would go out now (docs/product/newsletter.md#newsletter-sending): its HTML in a
// sandboxed frame at a desktop or a phone width, or its plain-text part.
import { useState } from "react";
import { errorText } from "../../../components/ui/danger";
import { Skeleton } from "../../../components/ui/skeleton";
import { useStudioData } from "../use-studio-data";
import { newsletterApi } from "./newsletter-api";

/** What the preview shows: the HTML part at 640 or 390 CSS pixels, or the plain-text part. */
type PreviewView = "640" | "390" | "text";

const views: { view: PreviewView; label: string }[] = [
  { view: "640", label: "Desktop · 640 px" },
  { view: "390", label: "Phone · 390 px" },
  { view: "text", label: "Plain text" },
];

/**
 * The HTML part at `width` CSS pixels in an `<iframe sandbox="">` fed by `srcdoc`: the mail's markup never enters this
 * page's DOM, and the frame runs no script, submits no form, opens no window and has an opaque
 * origin (HTML Standard, "sandboxing flag set"; OWASP HTML5 Security Cheat Sheet, "Sandboxed
 * frames"). Links inside do nothing: an opaque, sandboxed frame cannot navigate the page.
 */
function HtmlFrame({ html, width }: { html: string; width: 390 | 640 }) {
  return (
    <div className="overflow-x-auto rounded-lg bg-page p-2 sm:p-4">
      <iframe
        title="Email preview"
        sandbox=""
        srcDoc={html}
        referrerPolicy="no-referrer"
        width={width}
        // The phone width gives way on a phone narrower than itself; the desktop width scrolls.
        className={`mx-auto block h-[44rem] rounded-md border border-line bg-white ${width === 390 ? "max-w-full" : "max-w-none"}`}
        style={{ width }}
      />
    </div>
  );
}

/**
 * The preview of issue `issueId`, loaded again whenever `version` (its `updatedAt`) changes: the
 * subject, a switch between the desktop width, the phone width and the plain text, and that view.
 */
export function EmailPreview({ issueId, version }: { issueId: number; version: string }) {
  const [view, setView] = useState<PreviewView>("640");
  const state = useStudioData(`${issueId}-${version}`, (signal) =>
    newsletterApi.preview(issueId, signal),
  );
  return (
    <section aria-labelledby="email-preview" className="rounded-xl border border-line bg-surface">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-line px-4 py-2.5">
        <h2 id="email-preview" className="text-sm font-semibold">
          Preview
        </h2>
        <div
          role="group"
          aria-label="Preview view"
          className="flex rounded-lg border border-line p-0.5"
        >
          {views.map((v) => (
            <button
              key={v.view}
              type="button"
              aria-pressed={view === v.view}
              onClick={() => setView(v.view)}
              className="rounded-md px-2.5 py-1 text-xs font-medium text-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-accent aria-pressed:bg-accent/10 aria-pressed:text-accent"
            >
              {v.label}
            </button>
          ))}
        </div>
      </div>
      {state.kind === "loading" && (
        <div aria-busy="true" className="space-y-3 p-4">
          <span className="sr-only">Loading the preview…</span>
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-96" />
        </div>
      )}
      {state.kind === "error" && <p className={`p-4 text-sm ${errorText}`}>{state.message}</p>}
      {state.kind === "ready" && (
        <div className="space-y-2 p-2 sm:p-4">
          <p className="px-2 text-sm sm:px-0">
            <span className="text-muted">Subject: </span>
            <span className="font-medium">{state.value.subject}</span>
          </p>
          {view === "text" ? (
            <pre
              aria-label="Plain-text part"
              className="max-h-[44rem] overflow-auto rounded-lg bg-page p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap"
            >
              {state.value.text}
            </pre>
          ) : (
            <HtmlFrame html={state.value.html} width={view === "390" ? 390 : 640} />
          )}
        </div>
      )}
    </section>
  );
}
