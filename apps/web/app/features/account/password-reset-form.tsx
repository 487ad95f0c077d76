// New password form of /passreset (docs/product/accounts.md#password-reset,
// docs/product/data.md#validation-forms): sends only with a code and two equal passwords of at
// least 8; a refusal clears both, marks them red and says so once, in an alert under the form. An
// invitation's link asks for a first password.
import { PASSWORD_MIN } from "@pragmatist/contracts";
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { accountApi } from "../../lib/account-api";
import { ApiError } from "../../lib/fetch-json";
import { refreshViewer } from "../../lib/viewer";
import { AuthCard, AuthSubmitButton, FormNote } from "./auth-card";
import { TextField } from "./text-field";
import { resetLooksReady, validateReset } from "./validation";

/**
 * The form's state: the two passwords, their messages (after a submit attempt; the confirmation's
 * only once the password itself is fine), `busy` while POST /api/auth/reset-password runs, and
 * `failed` after a refusal (both fields marked until one is edited).
 */
function usePasswordReset(code: string, invite: boolean) {
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [submitted, setSubmitted] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmationRef = useRef<HTMLInputElement>(null);
  const errors = validateReset({ code, password, confirmation });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    if (errors.password || errors.code) return passwordRef.current?.focus();
    if (errors.confirmation) return confirmationRef.current?.focus();
    setBusy(true);
    try {
      await accountApi.resetPassword({ code, password, passwordConfirmation: confirmation });
      if (invite) {
        // An invitation's first password signs the member in (the server set the session).
        await refreshViewer();
        await navigate("/account", { replace: true });
      } else await navigate("/login?reset=1", { replace: true });
    } catch {
      // Clear both fields, mark them red, show the one refusal note
      // (docs/product/accounts.md#password-reset).
      setBusy(false);
      setPassword("");
      setConfirmation("");
      setSubmitted(false);
      setFailed(true);
      passwordRef.current?.focus();
    }
  }

  /** The change handler of one field: it also lifts the refusal's marks. */
  const edit = (set: (value: string) => void) => (event: { target: { value: string } }) => {
    set(event.target.value);
    setFailed(false);
  };

  return {
    password: { ref: passwordRef, value: password, onChange: edit(setPassword) },
    confirmation: { ref: confirmationRef, value: confirmation, onChange: edit(setConfirmation) },
    passwordError: submitted ? errors.password : undefined,
    confirmationError: submitted && !errors.password ? errors.confirmation : undefined,
    looksReady: resetLooksReady(password, confirmation),
    failed,
    busy,
    onSubmit,
  };
}

/**
 * The card's words (docs/product/accounts.md#password-reset): a reset replaces a password, an
 * invitation (an account made for the member) sets the first one.
 */
const WORDING = {
  reset: {
    title: "Set a new password",
    subtitle: `Choose a password of at least ${PASSWORD_MIN} characters.`,
    password: "New password",
    confirmation: "Confirm new password",
    notDone: "The password was not changed.",
  },
  invite: {
    title: "Choose your password",
    subtitle: `Your account is ready: choose a password of at least ${PASSWORD_MIN} characters to sign in.`,
    password: "Password",
    confirmation: "Confirm password",
    notDone: "The password was not set.",
  },
} as const;

/**
 * Whether the link's code can still set a password, asked once after the page shows: null while
 * asking (or when the network fails: the form then stays, and its submit says what happened).
 */
function useCodeOpen(code: string): boolean | null {
  const [open, setOpen] = useState<boolean | null>(null);
  useEffect(() => {
    let live = true;
    accountApi.checkResetCode(code).then(
      () => live && setOpen(true),
      (error: unknown) => live && error instanceof ApiError && setOpen(false),
    );
    return () => {
      live = false;
    };
  }, [code]);
  return open;
}

/**
 * The password card for the `code` of a mailed link: for a reset "Set a new password" (New
 * password, Confirm new password), for an `invite` "Choose your password" (Password, Confirm
 * password); then Confirm. A reset then opens /login?reset=1 (which asks to sign in); an
 * invitation signs in and opens /account. A link already used or expired says so instead of
 * showing the form (docs/product/accounts.md#password-reset).
 */
export function PasswordResetForm({
  mark,
  code,
  invite = false,
}: {
  /** The publication's mark, spinning while the request runs. */
  mark: ReactNode;
  /** The `code` query parameter of the mailed link. */
  code: string;
  /** The link is an invitation's (`&invite=1`): the member chooses their first password. */
  invite?: boolean;
}) {
  const form = usePasswordReset(code, invite);
  const { busy, failed } = form;
  const words = WORDING[invite ? "invite" : "reset"];
  if (useCodeOpen(code) === false) return <SpentLinkCard mark={mark} />;
  return (
    <AuthCard mark={mark} busy={busy} title={words.title} subtitle={words.subtitle}>
      <form noValidate onSubmit={form.onSubmit} className="space-y-5" aria-busy={busy}>
        <TextField
          label={words.password}
          name="password"
          type="password"
          autoComplete="new-password"
          {...form.password}
          error={form.passwordError}
          invalid={failed}
          maxLength={128}
        />
        <TextField
          label={words.confirmation}
          name="passwordConfirmation"
          type="password"
          autoComplete="new-password"
          {...form.confirmation}
          error={form.confirmationError}
          invalid={failed}
          maxLength={128}
        />
        <AuthSubmitButton busy={busy} looksReady={form.looksReady}>
          {busy ? "Saving…" : "Confirm"}
        </AuthSubmitButton>
        {failed && <ResetRefusedNote notDone={words.notDone} />}
      </form>
    </AuthCard>
  );
}

/** What a used or expired link shows instead of the form, with the way to a new one. */
function SpentLinkCard({ mark }: { mark: ReactNode }) {
  return (
    <AuthCard mark={mark} title="This link can no longer be used">
      <div className="space-y-5 text-[0.9375rem] leading-relaxed text-muted">
        <FormNote tone="error">
          This link was already used or has expired. Ask for a new one with “Forget Password?” on
          the sign-in page.
        </FormNote>
        <Link to="/login" className={buttonClass("secondary", "md", "w-full")}>
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}

/**
 * The one message of a refused reset (docs/product/accounts.md#password-reset,
 * docs/product/messages.md#messages-accounts): "Unknown error, please try again" on its own line,
 * then what it means (`notDone`, then why), in a single `role="alert"` note (no browser dialog).
 */
function ResetRefusedNote({ notDone }: { notDone: string }) {
  return (
    <FormNote tone="error">
      <span className="block font-medium">Unknown error, please try again</span> {notDone} The link
      may have expired or been used already: ask for a new one from the sign-in page.
    </FormNote>
  );
}
