// The subscribe modal (docs/product/newsletter.md#subscribe-modal): an email box and a Subscribe
// button. Subscribe posts the email (double opt-in), shows "Check your inbox…" and closes shortly
// after; the backdrop closes it.
import { useId } from "react";
import { Button } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { MailIcon } from "../../components/ui/icons";
import { CloseIcon } from "../../components/ui/action-icons";
import { useSubscribe } from "./use-subscribe.ts";

/**
 * The modal: Close, the heading "Subscribe to {siteName}", the email box and Subscribe, and the
 * answer's sentence (useSubscribe). Closing (Close, Escape, the backdrop, or 3.5 s after a
 * successful subscription) clears the sentence and calls `onClose`.
 */
export default function SubscribeModal({
  open,
  onClose,
  siteName,
}: {
  open: boolean;
  onClose: () => void;
  siteName: string;
}) {
  const titleId = useId();
  const emailId = useId();
  const { result, onSubmit, reset } = useSubscribe(() => close());
  function close() {
    reset();
    onClose();
  }
  return (
    <Dialog open={open} onClose={close} labelledBy={titleId}>
      <form method="dialog" noValidate className="relative p-6 sm:p-7" onSubmit={onSubmit}>
        <button
          type="button"
          onClick={close}
          aria-label="Close"
          className="absolute top-3 right-3 rounded-md p-1.5 text-muted hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent"
        >
          <CloseIcon size={18} />
        </button>
        <span className="mb-4 flex size-10 items-center justify-center rounded-full bg-accent/12 text-accent">
          <MailIcon />
        </span>
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          Subscribe to {siteName}
        </h2>
        <p className="mt-1.5 text-sm leading-6 text-muted">
          Research notes and the weekly market report, in your inbox. No noise.
        </p>
        <label htmlFor={emailId} className="mt-5 block text-sm font-medium">
          Email address
        </label>
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="email"
          data-autofocus
          placeholder="you@example.com"
          className="mt-1.5 h-11 w-full rounded-lg border border-line bg-page px-3 text-[0.9375rem] placeholder:text-muted/70 focus:border-accent focus:outline-2 focus:outline-accent/30"
        />
        <Button type="submit" size="md" className="mt-4 w-full">
          Subscribe
        </Button>
        <p role="status" className="mt-3 text-sm empty:hidden">
          {result}
        </p>
      </form>
    </Dialog>
  );
}
