// Edit mode of /account (docs/product/accounts.md#account): the photo, the name, password and
// email, log out, delete the account, go back. Each change is a submission to the account route's
// clientAction, so the root loader reloads afterwards and the header's picture and name follow.
import { nameProblem, type OwnUser, USERNAME_MAX } from "@pragmatist/contracts";
import { type FormEvent, useEffect, useId, useState } from "react";
import { Form, useSubmit } from "react-router";
import { Button, buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/action-icons";
import { Section, useAccountAction } from "./account-section";
import { AccountSecurity } from "./account-security";
import { FormNote } from "./auth-card";
import { PhotoSection } from "./photo-section";
import { errorText, TextField } from "./text-field";
import { showsNameSave } from "./validation";

const dangerButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 text-[0.9375rem] font-medium whitespace-nowrap text-white transition-colors hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-red-600 dark:text-white dark:hover:bg-red-500";

/**
 * Name field; Save appears once something is typed (docs/product/accounts.md#account), then
 * PUT /api/users/{id}.
 */
function NameSection({ user }: { user: OwnUser }) {
  const submit = useSubmit();
  const { busy, result, error: serverError, done } = useAccountAction("name");
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);

  // Saved: the new name shows in the placeholder (and the header); the field empties.
  useEffect(() => {
    if (result && "ok" in result) setName("");
  }, [result]);

  function onSave(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !showsNameSave(name)) return;
    const problem = nameProblem(name);
    setError(problem);
    if (problem) return;
    void submit(
      { intent: "name", id: String(user.id), username: name.trim() },
      { method: "post", replace: true },
    );
  }

  const message = error ?? serverError;
  return (
    <Section title="Name" description="Shown with your comments.">
      <form onSubmit={onSave} className="flex items-start gap-3">
        <TextField
          label="New name"
          name="username"
          autoComplete="name"
          placeholder={user.username}
          value={name}
          maxLength={USERNAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          error={message}
          className="min-w-0 flex-1"
        />
        {showsNameSave(name) && (
          <Button
            type="submit"
            size="md"
            aria-disabled={busy || undefined}
            className="mt-[1.625rem]"
          >
            {busy && <Spinner />}
            {busy ? "Saving…" : "Save"}
          </Button>
        )}
      </form>
      {!message && !name && done && (
        <p role="status" className="mt-2 text-sm text-muted">
          Name saved.
        </p>
      )}
    </Section>
  );
}

/** The confirmation of Delete account: what goes, what stays (comments as "Deleted member"). */
function DeleteAccountDialog({
  open,
  onClose,
  user,
}: {
  open: boolean;
  onClose: () => void;
  user: OwnUser;
}) {
  const { busy, error } = useAccountAction("delete");
  const titleId = useId();
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} labelledBy={titleId}>
      <div className="p-6 sm:p-7">
        <h2 id={titleId} className="text-lg font-semibold tracking-tight">
          Delete your account?
        </h2>
        <div className="mt-3 space-y-3 text-sm leading-6 text-muted">
          <p>
            This removes your email address, password, sessions, likes, bookmarks and assistant
            history, and signs you out everywhere. It cannot be undone.
          </p>
          <p>
            Your comments stay in their threads so replies still make sense; they show as from
            “Deleted member”.
          </p>
        </div>
        {error && (
          <div className="mt-4">
            <FormNote tone="error">{error}</FormNote>
          </div>
        )}
        <Form
          method="post"
          replace
          className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end"
        >
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={user.id} />
          <Button variant="secondary" size="md" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <button type="submit" className={dangerButton} disabled={busy}>
            {busy && <Spinner />}
            {busy ? "Deleting…" : "Delete account"}
          </button>
        </Form>
      </div>
    </Dialog>
  );
}

/** Log out (every session) and Delete account. */
function SessionSection({ user }: { user: OwnUser }) {
  const { busy: loggingOut, error: logoutError } = useAccountAction("logout");
  const [confirming, setConfirming] = useState(false);
  return (
    <Section title="Session and account">
      <div className="flex flex-col gap-3 sm:flex-row">
        <Form method="post" replace>
          <input type="hidden" name="intent" value="logout" />
          <button
            type="submit"
            className={buttonClass("secondary", "md", "w-full sm:w-auto")}
            disabled={loggingOut}
          >
            {loggingOut && <Spinner />}
            Log out
          </button>
        </Form>
        <button
          type="button"
          className={buttonClass(
            "secondary",
            "md",
            "border-red-600/40 text-red-700 hover:border-red-600 hover:bg-red-600/5 dark:border-red-400/40 dark:text-red-400 dark:hover:border-red-400",
          )}
          onClick={() => setConfirming(true)}
        >
          Delete account
        </button>
      </div>
      <p className="mt-3 text-sm text-muted">Log out ends your sessions on every device.</p>
      {logoutError && <p className={`mt-2 text-sm ${errorText}`}>{logoutError}</p>}
      <DeleteAccountDialog open={confirming} onClose={() => setConfirming(false)} user={user} />
    </Section>
  );
}

/**
 * Edit mode of the account page: the heading with "Go Back" (`onBack`, to view mode), then the
 * photo and name sections (submitting to the route's clientAction), password and email
 * (account-security.tsx), and the session and account section.
 */
export function AccountEdit({ user, onBack }: { user: OwnUser; onBack: () => void }) {
  return (
    <>
      <div className="mb-8 flex items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold tracking-tight">Edit account</h1>
        <Button variant="secondary" size="md" onClick={onBack}>
          Go Back
        </Button>
      </div>
      <PhotoSection user={user} />
      <NameSection user={user} />
      <AccountSecurity user={user} />
      <SessionSection user={user} />
    </>
  );
}
