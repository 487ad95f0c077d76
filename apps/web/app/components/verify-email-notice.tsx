// "Email not verified" with a "Send again" button (docs/product/accounts.md#account-security):
// shown on the account page and, instead of the comment box, to a signed-in reader whose email is
// not verified.
import { useState } from "react";
import { accountApi } from "../lib/account-api";
import { ApiError } from "../lib/fetch-json";
import { Spinner } from "./ui/action-icons";
import { Button } from "./ui/button";

type SendState = { step: "idle" | "sending" | "sent" } | { step: "failed"; message: string };

/**
 * The notice for `email`, with `why` (what verifying unlocks) and the button that mails a new link
 * (POST /api/auth/send-email-confirmation, rate limited: a 429's sentence is shown as it comes).
 */
export function VerifyEmailNotice({ email, why }: { email: string | null; why: string }) {
  const [state, setState] = useState<SendState>({ step: "idle" });
  async function resend() {
    setState({ step: "sending" });
    try {
      await accountApi.resendVerification();
      setState({ step: "sent" });
    } catch (error) {
      const message =
        error instanceof ApiError ? error.message : "Could not reach the server. Try again.";
      setState({ step: "failed", message });
    }
  }
  return (
    <div
      role="region"
      aria-label="Email not verified"
      className="rounded-xl border border-amber-600/40 bg-amber-500/10 px-4 py-3 text-sm text-ink"
    >
      <p className="font-semibold">Email not verified</p>
      <p className="mt-1 text-muted">
        {why} Open the link we mailed to{" "}
        <span className="font-medium break-all text-ink">{email ?? "your address"}</span>.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          disabled={state.step === "sending"}
          onClick={() => void resend()}
        >
          {state.step === "sending" && <Spinner size={14} />}
          Send again
        </Button>
        <p role="status" className="min-w-0 text-muted">
          {state.step === "sent" && "A new link is on its way. Check your inbox (and spam folder)."}
          {state.step === "failed" && (
            <span className="text-red-700 dark:text-red-400">{state.message}</span>
          )}
        </p>
      </div>
    </div>
  );
}
