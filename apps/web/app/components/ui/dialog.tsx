// Modal dialog on the native <dialog> element: focus moves in and comes back, Escape closes, the
// page behind is inert, a click on the backdrop closes. No library, almost no script.
import { type ReactNode, useEffect, useRef } from "react";

/** A `Dialog`'s state, name, look and content. */
export interface DialogProps {
  open: boolean;
  /** Called when the dialog asks to close: Escape, backdrop click, a `method="dialog"` form. */
  onClose: () => void;
  /** Accessible name of the dialog (id of its heading). */
  labelledBy: string;
  /**
   * "center": a card in the middle; "wide": a larger card for reading (a text comparison);
   * "drawer": a full-height panel sliding in from the right.
   */
  variant?: "center" | "wide" | "drawer";
  id?: string;
  children: ReactNode;
}

const looks = {
  center:
    "dialog-center m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-line bg-surface text-ink shadow-2xl",
  wide: "dialog-center m-auto w-[min(60rem,calc(100vw-1rem))] max-h-[calc(100dvh-2rem)] rounded-2xl border border-line bg-surface text-ink shadow-2xl",
  drawer:
    "dialog-drawer my-0 mr-0 ml-auto h-dvh max-h-dvh w-[min(20rem,85vw)] border-l border-line bg-surface text-ink shadow-2xl",
};

/**
 * A modal on the native <dialog>: `showModal` while `open` (focus goes to the first
 * `[data-autofocus]` element, else the first focusable one), closed when `open` turns false.
 * Escape and a backdrop click call `onClose`; the parent decides.
 */
export function Dialog({
  open,
  onClose,
  labelledBy,
  variant = "center",
  id,
  children,
}: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // showModal focuses the first focusable element; a field marked data-autofocus goes first.
      dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      id={id}
      aria-labelledby={labelledBy}
      className={`${looks[variant]} p-0 backdrop:bg-black/50 dark:backdrop:bg-black/70`}
      onClose={onClose}
      onCancel={(event) => {
        // Escape: let React state drive the close so `open` and the element agree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog's own box is covered by its content; a click landing on the element itself
        // is a click on the backdrop.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
