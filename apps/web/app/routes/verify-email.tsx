// `/verify-email?code=…` (docs/product/site.md#mailed-links,
// docs/product/accounts.md#account-security): where the verification and email-change mails lead.
// Following the link changes nothing (mail scanners follow links); the reader's press of the button
// does (the pattern of /subscription, docs/product/site.md#mailed-links).
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LogoMark } from "../components/logo";
import { buttonClass } from "../components/ui/button";
import { AuthCard, FormNote } from "../features/account/auth-card";
import { accountMeta } from "../features/account/page-meta";
import { accountApi } from "../lib/account-api";
import { ApiError } from "../lib/fetch-json";
import { refreshViewer } from "../lib/viewer";
import type { Route } from "./+types/verify-email";

/** "Confirm your email", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) => accountMeta("Confirm your email", matches);

type Step = { step: "ask" } | { step: "done"; changed: boolean };

/**
 * The card: "Confirm my email" posts the link's code; then whether the address was verified or
 * the account moved to it; a refusal's sentence (used or expired link) in an alert.
 */
export default function VerifyEmail() {
  const [params] = useSearchParams();
  const code = params.get("code") ?? "";
  const [state, setState] = useState<Step>({ step: "ask" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      const { changed } = await accountApi.confirmEmail(code);
      setState({ step: "done", changed });
      // A signed-in reader's header, account page and comment box follow at once.
      await refreshViewer();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : "Something went wrong. Try again.");
    } finally {
      setBusy(false);
    }
  }
  return (
    <AuthCard mark={<LogoMark size={44} />} busy={busy} title="Confirm your email">
      <div className="space-y-5 text-[0.9375rem] leading-relaxed text-muted">
        {!code && (
          <FormNote tone="error">This link is incomplete: open it again from the email.</FormNote>
        )}
        {error && <FormNote tone="error">{error}</FormNote>}
        {state.step === "ask" && code && (
          <>
            <p>Press the button to confirm that this email address is yours.</p>
            <button
              type="button"
              disabled={busy}
              className={buttonClass("primary", "md", "w-full")}
              onClick={() => void confirm()}
            >
              Confirm my email
            </button>
          </>
        )}
        {state.step === "done" && (
          <FormNote tone="info">
            {state.changed
              ? "Your email address is changed. Sign in with the new address from now on."
              : "Your email is verified. You can now comment."}
          </FormNote>
        )}
        <Link to="/account" className={buttonClass("secondary", "md", "w-full")}>
          Go to your account
        </Link>
      </div>
    </AuthCard>
  );
}
