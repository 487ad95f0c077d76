// `/passreset?code=…` (docs/product/accounts.md#password-reset): the new-password form for the code
// from the mailed link (`&invite=1`: a new account's first password); without a code, where the
// link comes from (and, after "Forget Password?", that it was sent if the account exists).
import { Link, useSearchParams } from "react-router";
import { buttonClass } from "../components/ui/button";
import { accountMeta } from "../features/account/page-meta";
import { AuthCard, FormNote } from "../features/account/auth-card";
import { PasswordResetForm } from "../features/account/password-reset-form";
import { LogoMark } from "../components/logo";
import type { Route } from "./+types/passreset";

/**
 * Whether the page is an invitation's: a code with `invite=1`
 * (docs/product/accounts.md#password-reset).
 */
const isInvite = (params: URLSearchParams) => params.has("code") && params.get("invite") === "1";

/** Title "Reset your password · {site}" ("Choose your password" for an invitation), never indexed. */
export const meta: Route.MetaFunction = ({ matches, location }) =>
  accountMeta(
    isInvite(new URLSearchParams(location.search)) ? "Choose your password" : "Reset your password",
    matches,
  );

/**
 * With `?code=`: the new-password form (for a first password with `&invite=1`). Without: where
 * the link comes from, and after "Forget Password?" (`?sent=1`) that a link was sent if the
 * account exists.
 */
export default function PasswordReset() {
  const [params] = useSearchParams();
  const code = params.get("code");
  const mark = <LogoMark size={44} />;
  if (code) return <PasswordResetForm mark={mark} code={code} invite={isInvite(params)} />;

  const sent = params.get("sent") === "1";
  return (
    <AuthCard mark={mark} title={sent ? "Check your email" : "Reset your password"}>
      <div className="space-y-5 text-[0.9375rem] leading-relaxed text-muted">
        {sent && (
          <FormNote tone="info">If an account exists for that email, we sent a link.</FormNote>
        )}
        <p>
          {sent
            ? "Open the link in that email to choose a new password. If nothing arrives within a few minutes, check your spam folder or ask again."
            : "To choose a new password, open the link we email you. This page needs the code in that link. Ask for a link with “Forget Password?” on the sign-in page."}
        </p>
        <Link to="/login" className={buttonClass("secondary", "md", "w-full")}>
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
