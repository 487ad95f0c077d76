// State of the sign-in / sign-up card (docs/product/accounts.md#login,
// docs/product/data.md#validation-forms): the mode, the fields, when their messages show, and the
// submissions to the login route's clientAction.
import { type FormEvent, type RefObject, useRef, useState } from "react";
import { useActionData, useNavigation, useSubmit } from "react-router";
import {
  type AuthField,
  type AuthFields,
  type AuthMode,
  authLooksReady,
  authRequest,
  canRequestReset,
  firstInvalidField,
  messages,
  validateAuth,
} from "./validation";

/** What the login route's clientAction answers when it does not redirect. */
export interface LoginActionData {
  /** The sentence to show under the form (validation.ts authFailureMessage). */
  error?: string;
}

const emptyFields: AuthFields = { username: "", email: "", password: "" };

/**
 * The login route's submissions: `busy` from a submission until the page it redirects to has
 * loaded, the clientAction's refusal (hidden while busy and after the mode toggle), and `send`.
 */
function useLoginSubmission() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const actionData = useActionData<LoginActionData>();
  const [hideServerError, setHideServerError] = useState(false);
  const busy = navigation.state !== "idle" && !!navigation.formData?.get("intent");
  return {
    busy,
    serverError: !hideServerError && !busy ? actionData?.error : undefined,
    /** Posts `payload` (an `intent` and its fields) to the route, replacing the history entry. */
    send(payload: Record<string, string>) {
      setHideServerError(false);
      void submit(payload, { method: "post", replace: true });
    },
    hideServerError: () => setHideServerError(true),
  };
}

/** What one field's TextField takes from the form: its ref, value, change handler and message. */
export interface AuthFieldBinding {
  ref: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (event: { target: { value: string } }) => void;
  /** Shown after a submit attempt (then following the typing), or after a refused reset request. */
  error: string | undefined;
  /** The message is announced as it appears: the email's after "Forget Password?" refused it. */
  alert: boolean;
}

/** What the login card renders and the handlers its controls call; see {@link useLoginForm}. */
export interface LoginFormState {
  mode: AuthMode;
  /** A request runs (the mark spins, the button pulses and further presses are ignored). */
  busy: boolean;
  /** The submit button looks enabled (validation.ts authLooksReady). */
  looksReady: boolean;
  /** The clientAction's refusal, shown under the form. */
  serverError: string | undefined;
  /** The bindings of one field. */
  field: (name: AuthField) => AuthFieldBinding;
  toggleMode: () => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onForgot: () => void;
}

/**
 * The card's state. Messages show after a submit attempt (then follow the typing), not on blur: a
 * message that appears on blur moves the controls below it under the pointer ("Forget Password?").
 * "Forget Password?" with an email of 3 characters or fewer (or no valid address) marks the field,
 * focuses it and shows its message once, as an alert (`role="alert"`, no browser dialog), instead
 * of asking for a link (docs/product/accounts.md#forgot-password); the mode toggle clears the
 * fields (docs/product/accounts.md#login).
 */
export function useLoginForm(initialMode: AuthMode): LoginFormState {
  const submission = useLoginSubmission();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [fields, setFields] = useState(emptyFields);
  const [submitted, setSubmitted] = useState(false);
  const [forgotInvalid, setForgotInvalid] = useState(false);
  const refs = {
    username: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };
  const errors = validateAuth(mode, fields);
  const shown = (field: AuthField) => (submitted ? errors[field] : undefined);
  const messageOf = (field: AuthField) =>
    field === "email"
      ? (shown("email") ?? (forgotInvalid ? messages.email : undefined))
      : shown(field);

  function toggleMode() {
    setMode((m) => (m === "signin" ? "signup" : "signin"));
    setFields(emptyFields);
    setSubmitted(false);
    setForgotInvalid(false);
    submission.hideServerError();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submission.busy) return;
    setSubmitted(true);
    const firstBad = firstInvalidField(mode, errors);
    if (firstBad) refs[firstBad].current?.focus();
    else submission.send(authRequest(mode, fields));
  }

  function onForgot() {
    if (submission.busy) return;
    if (!canRequestReset(fields.email)) {
      setForgotInvalid(true);
      refs.email.current?.focus();
      return;
    }
    submission.send({ intent: "forgot", email: fields.email });
  }

  return {
    mode,
    busy: submission.busy,
    looksReady: authLooksReady(mode, fields),
    serverError: submission.serverError,
    field: (name) => ({
      ref: refs[name],
      value: fields[name],
      onChange: (event) => {
        const value = event.target.value;
        setFields((f) => ({ ...f, [name]: value }));
        if (name === "email") setForgotInvalid(false);
      },
      error: messageOf(name),
      alert: name === "email" && forgotInvalid,
    }),
    toggleMode,
    onSubmit,
    onForgot,
  };
}
