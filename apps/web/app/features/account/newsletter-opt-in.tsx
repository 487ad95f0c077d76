// The member's own newsletter choice on /account (issue #16, docs/product.md#api-newsletter): a
// switch "Get the newsletter by email" (the audience "members who opted in"), read after hydration
// from GET /api/newsletter/opt-in and changed with PUT.
import { useEffect, useId, useState } from "react";
import { Spinner } from "../../components/ui/action-icons";
import { call } from "../../lib/account-api";
import { ApiError, isAbortError } from "../../lib/fetch-json";
import { errorText } from "./text-field";

const OPT_IN_URL = "/api/newsletter/opt-in";
type OptInAnswer = { data: { optIn: boolean } };

/** Where the switch stands: loading, the stored choice, or why it could not be read. */
type OptInState =
  { kind: "loading" } | { kind: "ready"; optIn: boolean } | { kind: "error"; message: string };

/** A failed call in words: the session that ended, no network, or the server's message. */
function failureText(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return "Sign in again to change this.";
  if (error instanceof ApiError) return error.message;
  return "No connection: check your network and try again.";
}

/** The stored choice, loaded once on mount (the call is aborted when the page goes). */
function useOptIn() {
  const [state, setState] = useState<OptInState>({ kind: "loading" });
  useEffect(() => {
    const controller = new AbortController();
    call<OptInAnswer>("GET", OPT_IN_URL, undefined, controller.signal).then(
      (answer) => setState({ kind: "ready", optIn: answer.data.optIn }),
      (error: unknown) => {
        if (!isAbortError(error)) setState({ kind: "error", message: failureText(error) });
      },
    );
    return () => controller.abort();
  }, []);
  return [state, setState] as const;
}

/**
 * "Get the newsletter by email": a switch (role="switch", aria-checked) for the signed-in member,
 * mailed at the address their account shows above it. A change is sent at once; the switch waits meanwhile, then shows the stored
 * choice and says it, or keeps the old one and says why it was not saved.
 */
export function NewsletterOptIn() {
  const labelId = useId();
  const hintId = useId();
  const [state, setState] = useOptIn();
  const [saving, setSaving] = useState(false);
  const [message, setMessage] = useState<{ text: string; failed: boolean } | null>(null);
  const optIn = state.kind === "ready" && state.optIn;

  const toggle = async () => {
    setSaving(true);
    setMessage(null);
    try {
      const answer = await call<OptInAnswer>("PUT", OPT_IN_URL, { data: { optIn: !optIn } });
      setState({ kind: "ready", optIn: answer.data.optIn });
      setMessage({
        text: answer.data.optIn
          ? "Done: the newsletter will come to you by email."
          : "Done: you will not get the newsletter by email.",
        failed: false,
      });
    } catch (error) {
      setMessage({ text: `Not saved: ${failureText(error)}`, failed: true });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section aria-labelledby={labelId} className="mt-8 rounded-xl border border-line px-4 py-3.5">
      <div className="flex items-center justify-between gap-4">
        <div className="min-w-0">
          <h2 id={labelId} className="font-medium">
            Get the newsletter by email
          </h2>
          <p id={hintId} className="mt-0.5 text-sm text-muted">
            New research and The Weekly Brief, sent to your account&apos;s address. Every mail has a
            link to stop it.
          </p>
        </div>
        <button
          type="button"
          role="switch"
          aria-checked={optIn}
          aria-labelledby={labelId}
          aria-describedby={hintId}
          aria-busy={state.kind === "loading" || saving}
          disabled={state.kind !== "ready" || saving}
          onClick={() => void toggle()}
          className="relative inline-flex h-7 w-12 shrink-0 items-center rounded-full border border-line bg-line/60 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-60 aria-checked:border-accent aria-checked:bg-accent"
        >
          <span
            aria-hidden="true"
            className={`inline-flex size-5 items-center justify-center rounded-full bg-white shadow transition-transform ${optIn ? "translate-x-6" : "translate-x-1"}`}
          >
            {saving && <Spinner size={12} className="text-accent" />}
          </span>
        </button>
      </div>
      {state.kind === "error" && <p className={`mt-2 text-sm ${errorText}`}>{state.message}</p>}
      {message && (
        <p
          role={message.failed ? "alert" : "status"}
          className={`mt-2 text-sm ${message.failed ? errorText : "text-muted"}`}
        >
          {message.text}
        </p>
      )}
    </section>
  );
}
