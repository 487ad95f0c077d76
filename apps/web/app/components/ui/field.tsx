// Labelled form fields (one-line input, multi-line input, native select) in the dense, calm look
// of docs/architecture.md#look-and-feel: a label on every field, its hint and error tied to it by
// ids, visible focus.
import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { errorText } from "./danger";

export const controlLook =
  "block w-full rounded-lg border border-line bg-surface px-3 text-sm text-ink shadow-xs " +
  "placeholder:text-muted/70 hover:border-muted/50 focus:border-accent focus:outline-2 " +
  "focus:outline-offset-0 focus:outline-accent/30 disabled:cursor-not-allowed disabled:opacity-60 " +
  "aria-invalid:border-red-600 dark:aria-invalid:border-red-400";

/** What frames a control: its label, the hint and error under it, and the wrapper's classes. */
export interface FieldFrame {
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
export interface ControlProps {
  id: string;
  "aria-describedby": string | undefined;
  "aria-invalid": true | undefined;
}

/**
 * The label above (its id `{id}-label`), the control, then the hint and error below, all tied by
 * ids: the fields below, and a control of its own such as the studio's term picker.
 */
export function Frame({
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
        id={`${id}-label`}
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

/**
 * A field's props: the frame's (`FieldFrame`), the control's own HTML attributes (`Attributes`,
 * without `id`: the frame gives it one), and `inputClassName`, classes added to the control.
 */
export type FieldProps<Attributes> = Omit<Attributes, "id"> &
  FieldFrame & { inputClassName?: string };

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
