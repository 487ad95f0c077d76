// Sign in and sign up on one card (docs/product/accounts.md#login, #forgot-password,
// docs/product/data.md#validation-forms): the fields, their messages, the "looks enabled" rule,
// "Forget Password?", Google, the toggle. The requests run in the login route's clientAction, so
// the root loader (the header's viewer) reloads after a successful sign-in.
import type { ReactNode } from "react";
import { buttonClass } from "../../components/ui/button";
import { AuthCard, AuthSubmitButton, FormNote } from "./auth-card";
import { TextField, type TextFieldProps } from "./text-field";
import { type LoginFormState, useLoginForm } from "./use-login-form";
import type { AuthField, AuthMode } from "./validation";

/** What the login route's clientAction answers when it does not redirect (use-login-form.ts). */
export type { LoginActionData } from "./use-login-form";

/**
 * Each field's label and input attributes: autofill tokens (HTML "Autofill"), the email keyboard
 * and no capitals or spell-check in the address; the password's token depends on the mode.
 */
const inputs = {
  username: { label: "Full Name", name: "username", autoComplete: "name" },
  email: {
    label: "Email Address",
    name: "email",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
    autoCapitalize: "none",
    spellCheck: false,
  },
  password: { label: "Password", name: "password", type: "password" },
} satisfies Record<AuthField, TextFieldProps>;

const linkButton =
  "rounded font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

/**
 * The sign-in / sign-up card of /login. Sign-in asks for the email and password, sign-up also for
 * the full name; the toggle at the bottom switches and clears the fields. State and submissions:
 * {@link useLoginForm}.
 */
export function LoginForm({
  mark,
  google,
  notice,
  initialMode = "signin",
}: {
  /** The publication's mark, spinning while a request runs. */
  mark: ReactNode;
  /** Show "Continue with Google" (GET /api/auth/providers said so). */
  google: boolean;
  /** A note above the form (a changed password, why sign-in is needed, a failed Google sign-in). */
  notice?: { tone: "info" | "error"; text: string } | null | undefined;
  /** The mode the card opens in (`?mode=signup` asks for sign-up). */
  initialMode?: AuthMode;
}) {
  const form = useLoginForm(initialMode);
  const signUp = form.mode === "signup";
  return (
    <AuthCard
      mark={mark}
      busy={form.busy}
      title={signUp ? "Sign up for your Account" : "Sign in to your Account"}
      subtitle={
        signUp
          ? "Like, bookmark and comment on research, and keep your assistant history."
          : "Welcome back. Sign in to like, bookmark and comment."
      }
    >
      {notice && (
        <div className="mb-6">
          <FormNote tone={notice.tone}>{notice.text}</FormNote>
        </div>
      )}
      <LoginFields form={form} />
      {google && <GoogleSignIn />}
      <p className="mt-8 text-center text-[0.9375rem] text-muted">
        {signUp ? "Already have an account? " : "New to the publication? "}
        <button type="button" className={linkButton} onClick={form.toggleMode}>
          {signUp ? "Sign in" : "Create an account"}
        </button>
      </p>
    </AuthCard>
  );
}

/** The form itself: the name (sign-up only), email and password, the submit button, the refusal. */
function LoginFields({ form }: { form: LoginFormState }) {
  const { busy, field } = form;
  const signUp = form.mode === "signup";
  return (
    <form noValidate onSubmit={form.onSubmit} className="space-y-5" aria-busy={busy}>
      {signUp && <TextField {...inputs.username} {...field("username")} maxLength={60} />}
      <TextField {...inputs.email} {...field("email")} maxLength={254} />
      <TextField
        {...inputs.password}
        autoComplete={signUp ? "new-password" : "current-password"}
        {...field("password")}
        maxLength={128}
        aside={
          signUp ? null : (
            <button type="button" className={`text-sm ${linkButton}`} onClick={form.onForgot}>
              Forget Password?
            </button>
          )
        }
      />
      <AuthSubmitButton busy={busy} looksReady={form.looksReady}>
        {busy ? (signUp ? "Signing up…" : "Signing in…") : signUp ? "Sign up" : "Sign in"}
      </AuthSubmitButton>
      {form.serverError && <FormNote tone="error">{form.serverError}</FormNote>}
    </form>
  );
}

/**
 * "or", then "Continue with Google": a document navigation, the server starts Google's sign-in
 * (docs/product/api.md#api-google).
 */
function GoogleSignIn() {
  return (
    <>
      <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wider text-muted uppercase">
        <span className="h-px flex-1 bg-line" />
        or
        <span className="h-px flex-1 bg-line" />
      </div>
      <a href="/api/connect/google" className={buttonClass("secondary", "md", "w-full")}>
        <GoogleMark />
        Continue with Google
      </a>
    </>
  );
}

/** Google's "G" in its four colours (decorative; the text names the provider). */
function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#EA4335"
        d="M24 9.5c3.5 0 6.6 1.2 9.1 3.6l6.8-6.8C35.8 2.4 30.3 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.9 6.1C12.5 13.6 17.8 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v8.5h12.4c-.5 2.9-2.1 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-16.6z"
      />
      <path
        fill="#FBBC05"
        d="M10.6 28.6c-.5-1.4-.8-2.9-.8-4.6s.3-3.2.8-4.6l-7.9-6.1C1 16.6 0 20.2 0 24s1 7.4 2.7 10.7l7.9-6.1z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.2-8.5 2.2-6.2 0-11.5-4.1-13.4-9.8l-7.9 6.1C6.6 42.6 14.6 48 24 48z"
      />
    </svg>
  );
}
