// The question before a send (docs/product/newsletter.md#newsletter-sending): who will receive the
// issue, as a number when the studio can count them, and that it cannot be undone.
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useStudioData } from "../use-studio-data";
import { newsletterApi } from "./newsletter-api";

/**
 * Who a send reaches, in words: "the 3 confirmed addresses on the list" once counted (`count`),
 * else "every confirmed address on the list". Members and readers are one list, each address once.
 */
export function recipientsText(count: number | null): string {
  if (count === null) return "every confirmed address on the list";
  if (count === 1) return "the 1 confirmed address on the list";
  return `the ${count.toLocaleString("en-US")} confirmed addresses on the list`;
}

/**
 * The confirmed addresses on the list, counted while `open` (a dialog that names them); null while
 * unknown or when the count failed.
 */
export function useSubscriberCount(open: boolean): number | null {
  const state = useStudioData(open ? "count" : "none", (signal) =>
    open ? newsletterApi.confirmedSubscribers(signal) : Promise.resolve(null),
  );
  return open && state.kind === "ready" ? state.value : null;
}

/**
 * "Send this issue now?": the subject, the recipients (`recipientsText`, counted), that addresses that bounced before are left out and that a send
 * cannot be undone, only cancelled while it lasts; Cancel (focused first) and "Send now".
 */
export function SendDialog({
  open,
  subject,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  subject: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const count = useSubscriberCount(open);
  return (
    <ConfirmDialog
      open={open}
      title="Send this issue now?"
      confirmLabel="Send now"
      busy={busy}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        “{subject}” goes to {recipientsText(count)}. Addresses that bounced before are left out.
      </p>
      <p className="mt-2">
        A send cannot be undone: while it lasts you can cancel what has not gone out yet.
      </p>
    </ConfirmDialog>
  );
}
