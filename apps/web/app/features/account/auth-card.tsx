// The centred card of the sign-in, sign-up, password and Google screens: the mark (spinning while
// something is sent, docs/product/accounts.md#login), a title, and the content; its notes and its
// submit button.
import type { ReactNode } from "react";
import { buttonClass } from "../../components/ui/button";
import { errorText } from "./text-field";

/**
 * The card in a `<main>`: the mark (spinning while `busy`, pulsing instead for readers who prefer
 * reduced motion), the `<h1>` title, an optional subtitle, then the content.
 */
export function AuthCard({
  mark,
  busy = false,
  title,
  subtitle,
  children,
}: {
  /** The publication's mark; it spins while `busy`. */
  mark: ReactNode;
  busy?: boolean;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-[26rem] rounded-2xl border border-line bg-surface px-5 py-8 shadow-sm sm:px-8 sm:py-10">
        <div className="flex flex-col items-center text-center">
          <span
            className={`inline-flex ${busy ? "animate-spin motion-reduce:animate-pulse" : ""}`}
            aria-hidden="true"
          >
            {mark}
          </span>
          <h1 className="mt-5 text-2xl font-semibold tracking-tight text-balance">{title}</h1>
          {subtitle && <div className="mt-2 text-[0.9375rem] text-muted">{subtitle}</div>}
        </div>
        <div className="mt-8">{children}</div>
      </div>
    </main>
  );
}

/** A note above a form: "info" (a link was sent, password changed) or "error" (server refused). */
export function FormNote({
  tone,
  children,
  id,
}: {
  tone: "info" | "error";
  children: ReactNode;
  id?: string;
}) {
  return (
    <p
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={`rounded-lg border px-3.5 py-2.5 text-sm ${
        tone === "error"
          ? `border-red-600/30 bg-red-600/5 dark:border-red-400/30 dark:bg-red-400/10 ${errorText}`
          : "border-accent/30 bg-accent/5 text-ink"
      }`}
    >
      {children}
    </p>
  );
}

/**
 * The card's full-width submit button (docs/product/data.md#validation-forms): the primary look
 * once `looksReady`, else the soft one; it can be pressed either way, and pressing it early shows
 * the field messages. While `busy` it pulses and is aria-disabled (the form ignores presses).
 */
export function AuthSubmitButton({
  busy,
  looksReady,
  children,
}: {
  busy: boolean;
  looksReady: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="submit"
      aria-disabled={busy || undefined}
      className={buttonClass(
        looksReady ? "primary" : "soft",
        "md",
        `w-full ${busy ? "animate-pulse cursor-wait" : ""}`,
      )}
    >
      {children}
    </button>
  );
}
