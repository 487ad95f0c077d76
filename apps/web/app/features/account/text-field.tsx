// A labelled text input with its message: red border and text when invalid
// (docs/product/accounts.md#login), the message tied to the input for screen readers.
import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

/** Red for form errors only (prices keep the up/down tokens). */
export const errorText = "text-red-700 dark:text-red-400";

/** An input's own attributes (its id is generated) plus the label, message and side content. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  label: string;
  /** The message under the field; its presence marks the field invalid. */
  error?: string | undefined;
  /** Marks the field invalid without a message of its own (e.g. the form-level message explains). */
  invalid?: boolean;
  /**
   * Announces the message the moment it appears (`role="alert"`): for a message raised by a
   * control other than the submit button, e.g. "Forget Password?"
   * (docs/product/accounts.md#forgot-password).
   */
  alert?: boolean;
  /** Something beside the label on its right, e.g. a "Forget Password?" link. */
  aside?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/**
 * The label (with `aside` on its right), the input, and under it the `error` message, tied to the
 * input by aria-describedby (and an alert when `alert`); `error` or `invalid` sets aria-invalid and
 * the red border.
 */
export function TextField({
  label,
  error,
  invalid,
  alert = false,
  aside,
  className = "",
  ref,
  ...input
}: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const bad = invalid || !!error;
  return (
    <div className={className}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-ink">
          {label}
        </label>
        {aside}
      </div>
      <input
        ref={ref}
        id={id}
        aria-invalid={bad || undefined}
        aria-describedby={error ? messageId : undefined}
        className={`block h-11 w-full rounded-lg border bg-surface px-3.5 text-[0.9375rem] text-ink shadow-xs placeholder:text-muted/70 focus:outline-2 focus:outline-offset-0 ${
          bad
            ? "border-red-600 focus:outline-red-600/40 dark:border-red-400 dark:focus:outline-red-400/40"
            : "border-line hover:border-muted/50 focus:border-accent focus:outline-accent/30"
        }`}
        {...input}
      />
      {error && (
        <p
          id={messageId}
          role={alert ? "alert" : undefined}
          className={`mt-1.5 text-sm ${errorText}`}
        >
          {error}
        </p>
      )}
    </div>
  );
}
