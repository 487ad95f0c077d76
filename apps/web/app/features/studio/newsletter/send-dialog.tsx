// The question before a send (issue #16): who will receive the issue, as a number when the
// studio can count them, and that it cannot be undone.
import type { IssueAudience } from "@pragmatist/contracts";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { useStudioData } from "../use-studio-data";
import { newsletterApi } from "./newsletter-api";

/**
 * Who `audience` reaches, in words: for subscribers, "the 3 confirmed subscribers" once counted
 * (`count`), else "all confirmed subscribers"; for members, every member who opted in.
 */
export function recipientsText(audience: IssueAudience, count: number | null): string {
  if (audience === "members-opted-in") {
    return "every member who opted in to the newsletter from their account";
  }
  if (count === null) return "all confirmed subscribers";
  if (count === 1) return "the 1 confirmed subscriber";
  return `the ${count.toLocaleString("en-US")} confirmed subscribers`;
}

/** The confirmed subscribers counted while the dialog is open; null while unknown or failed. */
function useSubscriberCount(open: boolean, audience: IssueAudience): number | null {
  const wanted = open && audience === "subscribers";
  const state = useStudioData(wanted ? "count" : "none", (signal) =>
    wanted ? newsletterApi.confirmedSubscribers(signal) : Promise.resolve(null),
  );
  return wanted && state.kind === "ready" ? state.value : null;
}

/**
 * "Send this issue now?": the subject, the recipients (`recipientsText`, counted when the
 * audience is subscribers), that addresses that bounced before are left out and that a send
 * cannot be undone, only cancelled while it lasts; Cancel (focused first) and "Send now".
 */
export function SendDialog({
  open,
  subject,
  audience,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  subject: string;
  audience: IssueAudience;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const count = useSubscriberCount(open, audience);
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
        “{subject}” goes to {recipientsText(audience, count)}. Addresses that bounced before are
        left out.
      </p>
      <p className="mt-2">
        A send cannot be undone: while it lasts you can cancel what has not gone out yet.
      </p>
    </ConfirmDialog>
  );
}
