// The studio's small building blocks: labelled fields, status badges, pagination, notes and a
// confirm dialog, in the dense, calm look of DESIGN.md (a label on every field, visible focus).
import type { ArticleState } from "@pragmatist/contracts";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Skeleton } from "../../components/ui/skeleton";

/** Red for errors only (prices keep the up/down tokens). */
export const errorText = "text-red-700 dark:text-red-400";

const control =
  "block w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs " +
  "placeholder:text-muted/70 hover:border-muted/50 focus:border-accent focus:outline-2 " +
  "focus:outline-offset-0 focus:outline-accent/30 disabled:cursor-not-allowed disabled:opacity-60 " +
  "aria-invalid:border-red-600 dark:aria-invalid:border-red-400";

interface FieldFrame {
  label: string;
  /** A line under the field (what to type); tied to it for screen readers. */
  hint?: ReactNode;
  /** The field's error; its presence marks it invalid. */
  error?: string | null | undefined;
  /** Hides the label visually (it is still the field's name), e.g. a search box with a button. */
  hideLabel?: boolean;
  className?: string;
}

/** The label above, the control, then the hint and error below, all tied by ids. */
function Frame({
  label,
  hint,
  error,
  hideLabel,
  className = "",
  children,
}: FieldFrame & { children: (ids: { id: string; describedBy?: string }) => ReactNode }) {
  const id = useId();
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className={hideLabel ? "sr-only" : "mb-1 block text-[0.8125rem] font-medium text-ink"}
      >
        {label}
      </label>
      {children({ id, ...(described.length ? { describedBy: described.join(" ") } : {}) })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={`mt-1 text-xs ${errorText}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A labelled one-line input. */
export function TextInput({
  label,
  hint,
  error,
  hideLabel,
  className,
  inputClassName = "",
  ...input
}: FieldFrame & { inputClassName?: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  return (
    <Frame {...{ label, hint, error, hideLabel, className }}>
      {({ id, describedBy }) => (
        <input
          id={id}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${control} h-9 ${inputClassName}`}
          {...input}
        />
      )}
    </Frame>
  );
}

/** A labelled multi-line input. */
export function TextArea({
  label,
  hint,
  error,
  hideLabel,
  className,
  inputClassName = "",
  ...input
}: FieldFrame & { inputClassName?: string } & Omit<
    TextareaHTMLAttributes<HTMLTextAreaElement>,
    "id"
  >) {
  return (
    <Frame {...{ label, hint, error, hideLabel, className }}>
      {({ id, describedBy }) => (
        <textarea
          id={id}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${control} py-2 ${inputClassName}`}
          {...input}
        />
      )}
    </Frame>
  );
}

/** A labelled native select (keyboard and screen readers work as everywhere else). */
export function SelectField({
  label,
  hint,
  error,
  hideLabel,
  className,
  children,
  ...select
}: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  return (
    <Frame {...{ label, hint, error, hideLabel, className }}>
      {({ id, describedBy }) => (
        <select
          id={id}
          aria-describedby={describedBy}
          className={`${control} h-9 pr-8`}
          {...select}
        >
          {children}
        </select>
      )}
    </Frame>
  );
}

const stateLooks: Record<ArticleState, string> = {
  draft: "border-line bg-page text-muted",
  scheduled: "border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  published: "border-accent/30 bg-accent/10 text-accent",
};
const stateNames: Record<ArticleState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
};

/** Draft / Scheduled / Published as a small pill. */
export function StatusBadge({ state }: { state: ArticleState }) {
  return <Badge className={stateLooks[state]}>{stateNames[state]}</Badge>;
}

/** A small pill with a border; give it colours with `className`. */
export function Badge({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${className}`}
    >
      {children}
    </span>
  );
}

/**
 * "Previous · Page 2 of 5 · Next" links that keep the other query parameters; nothing for a
 * single page.
 */
export function Pagination({
  page,
  pageCount,
  search,
  label,
}: {
  page: number;
  pageCount: number;
  /** The current query string (filters to keep). */
  search: string;
  /** What is paged, for the navigation's name ("Articles pages"). */
  label: string;
}) {
  if (pageCount <= 1) return null;
  const to = (n: number) => {
    const params = new URLSearchParams(search);
    if (n === 1) params.delete("page");
    else params.set("page", String(n));
    const qs = params.toString();
    return qs ? `?${qs}` : "?";
  };
  const link =
    "inline-flex h-9 items-center rounded-lg border border-line bg-surface px-3 text-sm font-medium hover:bg-page focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={to(page - 1)} className={link} rel="prev">
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="tabular text-sm text-muted">
        Page {page} of {pageCount}
      </p>
      {page < pageCount ? (
        <Link to={to(page + 1)} className={link} rel="next">
          Next
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** A note in a bordered box: an empty list, a failed load. */
export function Note({
  children,
  tone = "muted",
}: {
  children: ReactNode;
  tone?: "muted" | "error";
}) {
  return (
    <p
      role={tone === "error" ? "alert" : undefined}
      className={`rounded-xl border border-line bg-surface px-4 py-6 text-center text-sm ${
        tone === "error" ? errorText : "text-muted"
      }`}
    >
      {children}
    </p>
  );
}

/** Grey rows while a list loads (DESIGN.md: every wait shows something). */
export function ListSkeleton({ rows = 6, label }: { rows?: number; label: string }) {
  return (
    <div aria-busy="true" className="rounded-xl border border-line bg-surface">
      <span className="sr-only">{label}</span>
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className="flex items-center gap-4 border-b border-line px-4 py-3.5 last:border-0"
        >
          <Skeleton className="h-4 flex-1" />
          <Skeleton className="hidden h-4 w-20 sm:block" />
          <Skeleton className="hidden h-4 w-28 md:block" />
        </div>
      ))}
    </div>
  );
}

/** A page heading with its actions on the right. */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold tracking-tight">{title}</h1>
      {children && <div className="flex flex-wrap items-center gap-2">{children}</div>}
    </div>
  );
}

/**
 * Asks before something that cannot be undone: a heading, what will happen, Cancel and the
 * named action (red). Cancel has the focus first, so Enter never destroys by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <div className="p-5">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        <div className="mt-2 text-sm text-muted">{children}</div>
        <div className="mt-5 flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Cancel
          </Button>
          <Button
            className="bg-red-700 text-white hover:bg-red-700/90 dark:bg-red-500 dark:text-black"
            onClick={onConfirm}
            disabled={busy}
          >
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
