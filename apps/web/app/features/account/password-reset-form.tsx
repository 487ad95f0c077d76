// New password form of /passreset (spec §2 Password reset screen, §4, §5): sends only with a code
// and two equal passwords of at least 8; a refusal clears both, marks them red and alerts.
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { accountApi } from "../../lib/account-api";
import { AuthCard, FormNote } from "./auth-card";
import { TextField } from "./text-field";
import { resetLooksReady, validateReset } from "./validation";

export function PasswordResetForm({ mark, code }: { mark: ReactNode; code: string }) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);

  const errors = validateReset({ code, password, confirmation });
  const looksReady = resetLooksReady(password, confirmation);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (errors.password || errors.code) return passwordRef.current?.focus();
    if (errors.confirmation) return confirmationRef.current?.focus();
    setBusy(true);
    try {
      await accountApi.resetPassword({ code, password, passwordConfirmation: confirmation });
      await navigate("/login?reset=1", { replace: true });
    } catch {
      // Spec §4/§8: clear both fields, mark them red, alert.
      setBusy(false);
      setPassword("");
      setConfirmation("");
      setSubmitted(false);
      setFailed(true);
      alert("Unknown error, please try again");
      passwordRef.current?.focus();
    }
  }

  return (
    <AuthCard
      mark={mark}
      busy={busy}
      title="Set a new password"
      subtitle={`Choose a password of at least 8 characters.`}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
        <TextField
          ref={passwordRef}
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            setFailed(false);
          }}
          error={submitted ? errors.password : undefined}
          invalid={failed}
          maxLength={128}
        />
        <TextField
          ref={confirmationRef}
          label="Confirm new password"
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          value={confirmation}
          onChange={(e) => {
            setConfirmation(e.target.value);
            setFailed(false);
          }}
          error={submitted && !errors.password ? errors.confirmation : undefined}
          invalid={failed}
          maxLength={128}
        />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className={buttonClass(
            looksReady ? "primary" : "soft",
            "md",
            `w-full ${busy ? "animate-pulse cursor-wait" : ""}`,
          )}
        >
          {busy ? "Saving…" : "Confirm"}
        </button>
        {failed && (
          <FormNote tone="error">
            The password was not changed. The link may have expired or been used already: ask for a
            new one from the sign-in page.
          </FormNote>
        )}
      </form>
    </AuthCard>
  );
}
