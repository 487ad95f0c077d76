// Sending an issue (docs/product/newsletter.md#newsletter-sending): a test to the editor's own
// address, Send to the one list (docs/decisions/007-newsletter-delivery.md#one-list) with its
// confirmation, and Cancel while the send lasts.
import type { StudioIssue } from "@pragmatist/contracts";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { errorText } from "../../../components/ui/danger";
import { SendIcon, Spinner } from "../../../components/ui/action-icons";
import { useBusyAction } from "../use-busy-action";
import { newsletterApi } from "./newsletter-api";
import { SendDialog } from "./send-dialog";

type SendAction = "send" | "cancel";

/** "Send a test to me", then where it went or why it did not go. */
function TestButton({ issueId, held }: { issueId: number; held: string | null }) {
  const { busy, error, act } = useBusyAction<"test">();
  const [testedTo, setTestedTo] = useState<string | null>(null);
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button
        variant="secondary"
        disabled={busy !== null || held !== null}
        onClick={() =>
          void act("test", async () => setTestedTo(await newsletterApi.sendTest(issueId)))
        }
      >
        {busy === "test" && <Spinner size={14} />}
        Send a test to me
      </Button>
      {testedTo && !error && (
        <p role="status" className="text-xs text-muted">
          Test sent to {testedTo}.
        </p>
      )}
      {error && (
        <p role="alert" className={`text-xs ${errorText}`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** "Stop sending this issue?": what a cancel stops and what it cannot. */
function CancelDialog(props: {
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ConfirmDialog title="Stop sending this issue?" confirmLabel="Stop sending" {...props}>
      Deliveries not yet handed to the mail server are cancelled; messages already sent stay sent.
      The issue cannot be sent again.
    </ConfirmDialog>
  );
}

/**
 * A draft: "Send a test to me" (says where it went), who gets it (the one list), and Send (asks
 * first through `SendDialog`). While sending: Cancel send (asks first). `held` is why sending waits (unsaved
 * changes), or null; `onChange` receives the issue after a send or a cancel.
 */
export function SendPanel({
  issue,
  held,
  onChange,
}: {
  issue: StudioIssue;
  held: string | null;
  onChange: (issue: StudioIssue) => void;
}) {
  const { busy, error, act } = useBusyAction<SendAction>();
  const [asking, setAsking] = useState<"send" | "cancel" | null>(null);
  const { status, subject } = issue.attributes;
  /** Runs a send or a cancel; the dialog closes either way (a failure shows under the panel). */
  const run = (kind: SendAction, work: () => Promise<StudioIssue>) =>
    void act(kind, async () => onChange(await work())).then(() => setAsking(null));

  if (status !== "draft" && status !== "sending") return null;
  return (
    <section aria-labelledby="send-heading" className="space-y-3">
      <h2 id="send-heading" className="text-sm font-semibold">
        {status === "draft" ? "Send" : "Sending"}
      </h2>
      {status === "draft" && (
        <>
          <TestButton issueId={issue.id} held={held} />
          <p className="text-sm text-muted">
            Goes to everyone on the newsletter list, once each: readers who confirmed their address
            and members who turned the newsletter on.
          </p>
          <Button
            disabled={busy !== null || held !== null}
            title={held ?? undefined}
            onClick={() => setAsking("send")}
          >
            <SendIcon size={16} />
            Send…
          </Button>
          {held && <p className="text-xs text-muted">{held}</p>}
        </>
      )}
      {status === "sending" && (
        <Button variant="secondary" disabled={busy !== null} onClick={() => setAsking("cancel")}>
          Cancel send
        </Button>
      )}
      {error && (
        <p role="alert" className={`text-sm ${errorText}`}>
          {error}
        </p>
      )}
      <SendDialog
        open={asking === "send"}
        subject={subject}
        busy={busy === "send"}
        onConfirm={() => run("send", () => newsletterApi.send(issue.id))}
        onClose={() => setAsking(null)}
      />
      <CancelDialog
        open={asking === "cancel"}
        busy={busy === "cancel"}
        onConfirm={() => run("cancel", () => newsletterApi.cancel(issue.id))}
        onClose={() => setAsking(null)}
      />
    </section>
  );
}
