// `/connect/google/redirect?access_token=…` (docs/product/accounts.md#google-redirect, #sessions):
// shows "Authenticating...", trades the one-time code for a session cookie, then opens / as a full
// page load so every loader (the header's viewer) starts from the new session. On failure: what
// happened and a way back.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "../components/ui/button";
import { accountMeta } from "../features/account/page-meta";
import { AuthCard, FormNote } from "../features/account/auth-card";
import { LogoMark } from "../components/logo";
import { accountApi } from "../lib/account-api";
import type { Route } from "./+types/google-redirect";

/** Title "Signing in with Google · {site}", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  accountMeta("Signing in with Google", matches);

/**
 * "Authenticating..." while GET /api/auth/google/callback trades `?access_token` (sent once), then
 * a full load of /. Without a code, or when the trade fails, why, and "Back to sign in".
 */
export default function GoogleRedirect() {
  const [params] = useSearchParams();
  const code = params.get("access_token");
  const [failed, setFailed] = useState(false);
  // The code works once: never send it twice (React's development double effects, re-renders).
  const sent = useRef(false);

  useEffect(() => {
    if (!code || sent.current) return;
    sent.current = true;
    accountApi
      .googleCallback(code)
      .then(() => window.location.replace("/"))
      .catch(() => setFailed(true));
  }, [code]);

  if (!code || failed) {
    return (
      <AuthCard mark={<LogoMark size={44} />} title="Google sign-in did not work">
        <div className="space-y-5">
          <FormNote tone="error">
            {code
              ? "We could not confirm your Google sign-in. The link may have expired or been used already."
              : "This address has no sign-in code from Google."}
          </FormNote>
          <Link to="/login" className={buttonClass("primary", "md", "w-full")}>
            Back to sign in
          </Link>
        </div>
      </AuthCard>
    );
  }
  return (
    <AuthCard mark={<LogoMark size={44} />} busy title="Authenticating...">
      <p role="status" className="text-center text-[0.9375rem] text-muted">
        Signing you in with Google. This takes a moment.
      </p>
    </AuthCard>
  );
}
