// The frame of Max's screen (docs/product/max.md#assistant-screen): title, subtitle, the header's
// actions and the 540 px chat panel. Shared by the chat and by the placeholder the route shows
// while the chat's code (the AI SDK) is still on its way, so both take the same place on the page.
import type { ReactNode } from "react";
import { Spinner } from "../../components/ui/action-icons.tsx";

/**
 * The chat panel: 540 px tall (docs/product/max.md#assistant-screen), its messages area 460 px and
 * the input 80 px.
 */
export const chatPanelClass =
  "mt-4 flex h-[540px] flex-col overflow-hidden rounded-2xl border border-line bg-page shadow-sm";

/** Title and subtitle, `actions` at the header's end, then the screen's body (`children`). */
export function AssistantFrame({
  actions,
  children,
}: {
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby="assistant-title" className="mx-auto w-full max-w-4xl">
      <header className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h1 id="assistant-title" className="text-xl font-semibold tracking-tight sm:text-2xl">
            Max, the AI market analyst
          </h1>
          <p className="mt-1 text-sm text-muted">
            Token prices and market data, new and trending tokens, price history and our research.
          </p>
        </div>
        {/* As tall as its buttons before they show (credits come with the history): on a phone
            this row wraps below the title, and must not push the chat down when it fills. */}
        <div className="flex min-h-9 items-center gap-1">{actions}</div>
      </header>
      {children}
    </section>
  );
}

/** The frame with an empty panel and a spinner: what a client-side visit shows for a moment. */
export function AssistantPlaceholder() {
  return (
    <AssistantFrame>
      <div className={`${chatPanelClass} items-center justify-center`} aria-busy="true">
        <Spinner size={24} className="text-muted" />
        <span className="sr-only">Loading Max…</span>
      </div>
    </AssistantFrame>
  );
}
