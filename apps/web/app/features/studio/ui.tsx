// The studio's small building blocks: labelled fields, the search and filter form, list tables,
// status badges, pagination, notes and a confirm dialog, in the dense, calm look of DESIGN.md (a
// label on every field, visible focus).
import type { ArticleState, PaginationMeta } from "@pragmatist/contracts";
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { Form, Link, useLocation, useSubmit } from "react-router";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { SearchIcon } from "../../components/ui/icons";
import { Skeleton } from "../../components/ui/skeleton";
import { formatDateTimeUtc } from "../../lib/format";

/** Red for errors and destructive actions only (prices keep the up/down tokens). */
export const errorText = "text-red-700 dark:text-red-400";

/** The filled red of a button that destroys or shuts out (delete, ban): after a confirmation. */
export const dangerButton =
  "bg-red-700 text-white hover:bg-red-700/90 dark:bg-red-500 dark:text-black";

const controlLook =
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

/** What a control gets from its frame: its id, and the hint and error that describe it. */
interface ControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

/** The label above, the control, then the hint and error below, all tied by ids. */
function Frame({
  label,
  hint,
  error,
  hideLabel,
  className = "",
  children,
}: FieldFrame & { children: (control: ControlProps) => ReactNode }) {
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
      {children({
        id,
        "aria-describedby": described.length ? described.join(" ") : undefined,
        "aria-invalid": error ? true : undefined,
      })}
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

/** A field's props: the frame's, the control's own attributes, and classes for the control. */
type FieldProps<Attributes> = FieldFrame & { inputClassName?: string } & Omit<Attributes, "id">;

/** Splits a field's props into its frame's and its control's. */
function splitField<Attributes>({
  label,
  hint,
  error,
  hideLabel,
  className,
  inputClassName = "",
  ...control
}: FieldProps<Attributes>) {
  return { frame: { label, hint, error, hideLabel, className }, inputClassName, control };
}

/** A labelled one-line input. */
export function TextInput(props: FieldProps<InputHTMLAttributes<HTMLInputElement>>) {
  const { frame, inputClassName, control } = splitField(props);
  return (
    <Frame {...frame}>
      {(ids) => <input {...ids} className={`${controlLook} h-9 ${inputClassName}`} {...control} />}
    </Frame>
  );
}

/** A labelled multi-line input. */
export function TextArea(props: FieldProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { frame, inputClassName, control } = splitField(props);
  return (
    <Frame {...frame}>
      {(ids) => (
        <textarea {...ids} className={`${controlLook} py-2 ${inputClassName}`} {...control} />
      )}
    </Frame>
  );
}

/** A labelled native select (keyboard and screen readers work as everywhere else). */
export function SelectField(props: FieldProps<SelectHTMLAttributes<HTMLSelectElement>>) {
  const { frame, inputClassName, control } = splitField(props);
  return (
    <Frame {...frame}>
      {(ids) => (
        <select {...ids} className={`${controlLook} h-9 pr-8 ${inputClassName}`} {...control} />
      )}
    </Frame>
  );
}

/**
 * A select of a GET filter form that applies at once (submits its form, replacing the history
 * entry): "" is `anyLabel`, then `options` named by `labels` (else by themselves), then `children`.
 */
export function FilterSelect({
  anyLabel,
  options = [],
  labels,
  children,
  ...field
}: Omit<FieldProps<SelectHTMLAttributes<HTMLSelectElement>>, "onChange"> & {
  anyLabel: string;
  options?: readonly string[];
  labels?: Readonly<Record<string, string>>;
}) {
  const submit = useSubmit();
  return (
    <SelectField
      {...field}
      onChange={(e) => {
        if (e.currentTarget.form) void submit(e.currentTarget.form, { replace: true });
      }}
    >
      <option value="">{anyLabel}</option>
      {options.map((value) => (
        <option key={value} value={value}>
          {labels?.[value] ?? value}
        </option>
      ))}
      {children}
    </SelectField>
  );
}

/**
 * A list's GET search form: the search box (`?q=`, applied on Enter or Search) and its filter
 * selects (`children`, usually `FilterSelect`s), so every filter is in the URL.
 */
export function SearchForm({
  label,
  searchLabel,
  q,
  placeholder,
  busy = false,
  children,
}: {
  /** The form's name ("Articles"). */
  label: string;
  /** The search box's label ("Search titles"). */
  searchLabel: string;
  q: string;
  placeholder?: string;
  /** A search is loading: the button waits. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Form
      method="get"
      role="search"
      aria-label={label}
      className="mb-4 grid grid-cols-2 items-end gap-3 rounded-xl border border-line bg-surface p-3 sm:flex sm:flex-wrap"
    >
      <div className="col-span-2 flex items-end gap-2 sm:min-w-64 sm:flex-1">
        <TextInput
          label={searchLabel}
          type="search"
          name="q"
          defaultValue={q}
          placeholder={placeholder}
          className="flex-1"
          maxLength={200}
        />
        <Button type="submit" variant="secondary" aria-label="Search" disabled={busy}>
          <SearchIcon size={16} />
          <span className="hidden sm:inline">Search</span>
        </Button>
      </div>
      {children}
    </Form>
  );
}

/** A column of a `DataTable`: its heading, and its width and breakpoint classes. */
export interface Column {
  label: string;
  className?: string;
}

/** A bordered list table: a caption for screen readers, column headings, and `children` rows. */
export function DataTable({
  caption,
  columns,
  className = "",
  children,
}: {
  caption: ReactNode;
  columns: Column[];
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-xl border border-line bg-surface">
      <table className={`w-full table-fixed border-collapse text-left ${className}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-page/60 text-xs font-semibold tracking-wide text-muted uppercase">
          <tr>
            {columns.map((column, i) => (
              <th
                key={column.label}
                scope="col"
                className={`${i === 0 ? "px-4" : "px-3"} py-2 ${column.className ?? ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** An instant in UTC without the " UTC" its column heading says ("20 Mar 2026, 08:00"). */
export function UtcTime({ iso }: { iso: string }) {
  const full = formatDateTimeUtc(iso);
  return (
    <time dateTime={iso} title={full}>
      {full.replace(/ UTC$/, "")}
    </time>
  );
}

/** A badge's colours: quiet, the accent (live, confirmed), amber (waiting), red (shut out). */
export type BadgeTone = "muted" | "accent" | "warning" | "danger";

const toneLooks: Record<BadgeTone, string> = {
  muted: "border-line bg-page text-muted",
  accent: "border-accent/30 bg-accent/10 text-accent",
  warning: "border-amber-600/30 bg-amber-500/10 text-amber-800 dark:text-amber-300",
  danger: "border-red-600/30 bg-red-500/10 text-red-700 dark:text-red-400",
};

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

/** Draft / Scheduled / Published as a small pill. */
export function StatusBadge({ state }: { state: ArticleState }) {
  return <Badge tone={stateTones[state]}>{stateNames[state]}</Badge>;
}

/** A small pill with a border in the colours of `tone`; `className` adds to them. */
export function Badge({
  children,
  tone = "muted",
  className = "",
}: {
  children: ReactNode;
  tone?: BadgeTone;
  className?: string;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${toneLooks[tone]} ${className}`}
    >
      {children}
    </span>
  );
}

/**
 * The count of a list ("12 articles", when `noun` is given) and its "Previous · Page 2 of 5 ·
 * Next" links, which keep the other query parameters; no links for a single page.
 */
export function Pagination({
  pagination: { page, pageCount, total },
  label,
  noun,
}: {
  pagination: PaginationMeta;
  /** What is paged, for the navigation's name ("Article pages"). */
  label: string;
  /** The counted thing, one and many (["article", "articles"]). */
  noun?: readonly [one: string, many: string];
}) {
  const { search } = useLocation();
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
    <>
      {noun && (
        <p className="tabular mt-2 text-xs text-muted">
          {total} {total === 1 ? noun[0] : noun[1]}
        </p>
      )}
      {pageCount > 1 && (
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
      )}
    </>
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
          <Button className={dangerButton} onClick={onConfirm} disabled={busy}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
