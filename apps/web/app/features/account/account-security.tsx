// The account page's sign-in settings (docs/product/accounts.md#account-security): change
// the password (other devices are signed out), change the email (by a link to the new address),
// or, for a Google-only member, a mailed link to set a first password.
import { type OwnUser, passwordProblem } from "@pragmatist/contracts";
import { type FormEvent, type ReactNode, useState } from "react";
import { Spinner } from "../../components/ui/action-icons";
import { Button } from "../../components/ui/button";
import { accountApi } from "../../lib/account-api";
import { ApiError } from "../../lib/fetch-json";
import { Section } from "./account-section";
import { FormNote } from "./auth-card";
import { TextField } from "./text-field";
import { messages } from "./validation";

type Outcome = { busy: boolean; error: string | null; done: string | null };

/** Runs one call for a form: busy while it runs, then its error sentence or `done`. */
function useCall() {
  const [state, setState] = useState<Outcome>({ busy: false, error: null, done: null });
  async function run(call: () => Promise<unknown>, done: string): Promise<boolean> {
    setState({ busy: true, error: null, done: null });
    try {
      await call();
      setState({ busy: false, error: null, done });
      return true;
    } catch (error) {
      const message =
        error instanceof ApiError ? error.message : "Could not reach the server. Try again.";
      setState({ busy: false, error: message, done: null });
      return false;
    }
  }
  return { ...state, run };
}

/** The form's outcome: an alert for the refusal, a status for success. */
function OutcomeNote({ outcome }: { outcome: Outcome }) {
  if (outcome.error) return <FormNote tone="error">{outcome.error}</FormNote>;
  if (outcome.done) return <FormNote tone="info">{outcome.done}</FormNote>;
  return null;
}

/**
 * A form of the edit page named `name` (its accessible name and its button's text): its fields,
 * then the call's outcome and the submit button, disabled with a spinner while the call runs.
 */
function CallForm(props: {
  name: string;
  call: Outcome;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) {
  const { name, call, onSubmit, children } = props;
  function submit(event: FormEvent) {
    event.preventDefault();
    void onSubmit();
  }
  return (
    <form onSubmit={submit} className="space-y-4" aria-label={name}>
      {children}
      <OutcomeNote outcome={call} />
      <Button type="submit" variant="secondary" size="md" disabled={call.busy}>
        {call.busy && <Spinner />}
        {name}
      </Button>
    </form>
  );
}

/** The member's present password, which both changes ask for. */
function CurrentPassword({ value, set }: { value: string; set: (value: string) => void }) {
  return (
    <TextField
      label="Current password"
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={(e) => set(e.target.value)}
    />
  );
}

/** Current password, new password twice; on success every other device is signed out. */
function ChangePassword() {
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const [mismatch, setMismatch] = useState<string | null>(null);
  const call = useCall();
  async function submit() {
    const problem = passwordProblem(next) ?? (next !== again ? messages.confirmation : null);
    if (problem) return setMismatch(problem);
    setMismatch(null);
    const body = { currentPassword: current, password: next, passwordConfirmation: again };
    const ok = await call.run(
      () => accountApi.changePassword(body),
      "Your password is changed. Every other device was signed out.",
    );
    if (ok) [setCurrent, setNext, setAgain].forEach((set) => set(""));
  }
  return (
    <CallForm name="Change password" call={call} onSubmit={submit}>
      <CurrentPassword value={current} set={setCurrent} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        value={next}
        onChange={(e) => setNext(e.target.value)}
        error={mismatch ?? undefined}
      />
      <TextField
        label="Confirm new password"
        type="password"
        autoComplete="new-password"
        required
        value={again}
        onChange={(e) => setAgain(e.target.value)}
      />
    </CallForm>
  );
}

/** New email and current password; the change waits for the link mailed to the new address. */
function ChangeEmail({ user }: { user: OwnUser }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const call = useCall();
  async function submit() {
    const to = email.trim();
    const ok = await call.run(
      () => accountApi.changeEmail({ email: to, currentPassword: password }),
      `We sent a link to ${to}. Your email changes to it once you open that link; until then it stays ${user.email ?? "as it is"}.`,
    );
    if (ok) setPassword("");
  }
  return (
    <CallForm name="Change email" call={call} onSubmit={submit}>
      <TextField
        label="New email address"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <CurrentPassword value={password} set={setPassword} />
    </CallForm>
  );
}

/** A Google-only member: a mailed link (the reset's) sets a first password. */
function SetPassword({ user }: { user: OwnUser }) {
  const call = useCall();
  const email = user.email ?? "";
  return (
    <>
      <p className="text-sm text-muted">
        You sign in with Google, so your account has no password. To also sign in with a password
        (and to change your email), we can mail you a link to set one.
      </p>
      <OutcomeNote outcome={call} />
      <Button
        type="button"
        variant="secondary"
        size="md"
        disabled={call.busy || !email}
        onClick={() =>
          void call.run(
            () => accountApi.forgotPassword(email),
            `We sent a link to ${email}. Open it to choose your password.`,
          )
        }
      >
        {call.busy && <Spinner />}
        Email me a link to set a password
      </Button>
    </>
  );
}

/**
 * The "Password" and "Email" parts of the edit page: change forms for a member with a password,
 * the set-a-password link for a Google-only one.
 */
export function AccountSecurity({ user }: { user: OwnUser }) {
  const local = user.provider === "local";
  return (
    <>
      <Section title="Password">{local ? <ChangePassword /> : <SetPassword user={user} />}</Section>
      <Section title="Email">
        <div className="space-y-4">
          <p className="text-sm text-muted">
            Your email is <span className="font-medium text-ink break-all">{user.email}</span>
            {user.confirmed ? " (verified)." : " (not verified yet)."}
          </p>
          {local ? (
            <ChangeEmail user={user} />
          ) : (
            <p className="text-sm text-muted">Set a password first to change your email.</p>
          )}
        </div>
      </Section>
    </>
  );
}
