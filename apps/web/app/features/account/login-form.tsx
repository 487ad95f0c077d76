// Sign in and sign up on one card (spec §2 Login screen, §4 Login page and Forgot password, §5):
// the fields, their messages, the "looks enabled" rule, "Forget Password?", Google, the toggle.
// The requests run in the login route's clientAction, so the root loader (the header's viewer)
// reloads after a successful sign-in.
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useActionData, useNavigation, useSubmit } from "react-router";
import { buttonClass } from "../../components/ui/button";
import { AuthCard, FormNote } from "./auth-card";
import { TextField } from "./text-field";
import {
  type AuthMode,
  authLooksReady,
  canRequestReset,
  messages,
  validateAuth,
} from "./validation";

/** What the login route's clientAction answers when it does not redirect. */
export interface LoginActionData {
  error?: string;
}

type Field = "username" | "email" | "password";

const linkButton =
  "rounded font-medium text-accent underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent";

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
  initialMode?: AuthMode;
}) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<LoginActionData>();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [fields, setFields] = useState({ username: "", email: "", password: "" });
  // Messages show after a submit attempt (then follow the typing), not on blur: a message that
  // appears on blur moves the controls below it under the pointer ("Forget Password?").
  const [submitted, setSubmitted] = useState(false);
  const [forgotInvalid, setForgotInvalid] = useState(false);
  const [hideServerError, setHideServerError] = useState(false);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  // From the submission until the page it redirects to has loaded.
  const busy = navigation.state !== "idle" && !!navigation.formData?.get("intent");
  const errors = validateAuth(mode, fields);
  const looksReady = authLooksReady(mode, fields);
  const serverError = !hideServerError && !busy ? actionData?.error : undefined;
  const shown = (field: Field) => (submitted ? errors[field] : undefined);
  const emailError = shown("email") ?? (forgotInvalid ? messages.email : undefined);

  const edit = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setFields((f) => ({ ...f, [field]: value }));
    if (field === "email") setForgotInvalid(false);
  };

  function toggleMode() {
    // Spec §4: the toggle clears the fields.
    setMode((m) => (m === "signin" ? "signup" : "signin"));
    setFields({ username: "", email: "", password: "" });
    setSubmitted(false);
    setForgotInvalid(false);
    setHideServerError(true);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const order: Field[] =
      mode === "signup" ? ["username", "email", "password"] : ["email", "password"];
    const firstBad = order.find((f) => errors[f]);
    if (firstBad) {
      refs[firstBad].current?.focus();
      return;
    }
    setHideServerError(false);
    void submit(
      mode === "signup"
        ? { intent: "signup", ...fields }
        : { intent: "signin", email: fields.email, password: fields.password },
      { method: "post", replace: true },
    );
  }

  function onForgot() {
    if (busy) return;
    // Spec §5: an email longer than 3 characters, else the field is marked and an alert shows.
    if (!canRequestReset(fields.email)) {
      setForgotInvalid(true);
      refs.email.current?.focus();
      alert("Please enter a valid email address");
      return;
    }
    setHideServerError(false);
    void submit({ intent: "forgot", email: fields.email }, { method: "post", replace: true });
  }

  const signUp = mode === "signup";
  return (
    <AuthCard
      mark={mark}
      busy={busy}
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
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
        {signUp && (
          <TextField
            ref={refs.username}
            label="Full Name"
            name="username"
            autoComplete="name"
            value={fields.username}
            onChange={edit("username")}
            error={shown("username")}
            maxLength={60}
          />
        )}
        <TextField
          ref={refs.email}
          label="Email Address"
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          value={fields.email}
          onChange={edit("email")}
          error={emailError}
          maxLength={254}
        />
        <TextField
          ref={refs.password}
          label="Password"
          name="password"
          type="password"
          autoComplete={signUp ? "new-password" : "current-password"}
          value={fields.password}
          onChange={edit("password")}
          error={shown("password")}
          maxLength={128}
          aside={
            signUp ? null : (
              <button type="button" className={`text-sm ${linkButton}`} onClick={onForgot}>
                Forget Password?
              </button>
            )
          }
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
          {busy ? (signUp ? "Signing up…" : "Signing in…") : signUp ? "Sign up" : "Sign in"}
        </button>
        {serverError && <FormNote tone="error">{serverError}</FormNote>}
      </form>

      {google && (
        <>
          <div className="my-6 flex items-center gap-3 text-xs font-medium tracking-wider text-muted uppercase">
            <span className="h-px flex-1 bg-line" />
            or
            <span className="h-px flex-1 bg-line" />
          </div>
          {/* A document navigation: the server starts Google's sign-in (spec §7). */}
          <a href="/api/connect/google" className={buttonClass("secondary", "md", "w-full")}>
            <GoogleMark />
            Continue with Google
          </a>
        </>
      )}

      <p className="mt-8 text-center text-[0.9375rem] text-muted">
        {signUp ? "Already have an account? " : "New to the publication? "}
        <button type="button" className={linkButton} onClick={toggleMode}>
          {signUp ? "Sign in" : "Create an account"}
        </button>
      </p>
    </AuthCard>
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
