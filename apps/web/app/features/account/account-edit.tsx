// Edit mode of /account (docs/product/accounts.md#account): upload a photo, change the name, log out, delete
// the account, go back. Each change is a submission to the account route's clientAction, so the
// root loader reloads afterwards and the header's picture and name follow.
import { nameProblem, type OwnUser, USERNAME_MAX } from "@pragmatist/contracts";
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, useActionData, useNavigation, useSubmit } from "react-router";
import { Avatar } from "../../components/ui/avatar";
import { Button, buttonClass } from "../../components/ui/button";
import { Dialog } from "../../components/ui/dialog";
import { Spinner } from "../../components/ui/action-icons";
import { AccountSecurity } from "./account-security";
import { FormNote } from "./auth-card";
import { errorText, TextField } from "./text-field";
import { type AccountAction, IMAGE_TYPES, imageFileError, showsNameSave } from "./validation";

/** What the account route's clientAction answers when it does not redirect. */
export type AccountActionData =
  { ok: true; intent: AccountAction } | { error: string; intent: AccountAction | null };

const dangerButton =
  "inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-red-700 px-5 text-[0.9375rem] font-medium whitespace-nowrap text-white transition-colors hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:cursor-not-allowed disabled:opacity-60 dark:bg-red-600 dark:text-white dark:hover:bg-red-500";

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="border-t border-line py-7 first:border-t-0 first:pt-0">
      <h2 id={id} className="text-base font-semibold tracking-tight">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-muted">{description}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * One action's state on this page: `busy` while its submission runs (until the reloaded data is
 * in), then `error` or `done` from the clientAction's answer for that action.
 */
function useAccountAction(action: AccountAction) {
  const navigation = useNavigation();
  const data = useActionData<AccountActionData>();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === action;
  const mine = !busy && data?.intent === action ? data : undefined;
  return {
    busy,
    /** The answer object itself: a new one per submission, for effects. */
    result: mine,
    error: mine && "error" in mine ? mine.error : undefined,
    done: !!mine && "ok" in mine,
  };
}

/**
 * The photo picked for upload: the file, its preview (an object URL, released when replaced or
 * when the section closes) and the message for a refused pick (not one of IMAGE_TYPES). After a
 * successful upload (`result` ok) the pick is dropped: the new picture comes from the reloaded
 * profile.
 */
function usePhotoPick(result: AccountActionData | undefined) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  useEffect(() => {
    if (result && "ok" in result) {
      setFile(null);
      setPreview(null);
      if (input.current) input.current.value = "";
    }
  }, [result]);

  function onPick(event: { currentTarget: HTMLInputElement }) {
    const picked = event.currentTarget.files?.[0] ?? null;
    setPickError(null);
    if (!picked) {
      setFile(null);
      setPreview(null);
      return;
    }
    const problem = imageFileError(picked);
    if (problem) {
      setPickError(problem);
      setFile(null);
      setPreview(null);
      event.currentTarget.value = "";
      return;
    }
    setFile(picked);
    setPreview(URL.createObjectURL(picked));
  }

  return { file, preview, pickError, setPickError, input, onPick };
}

/** Photo picker, preview and Upload (POST /api/upload, then PUT /api/users/{id}). */
function PhotoSection({ user }: { user: OwnUser }) {
  const submit = useSubmit();
  const { busy, result, error, done } = useAccountAction("photo");
  const pick = usePhotoPick(result);
  const { file, preview } = pick;

  function onUpload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!file) {
      pick.setPickError("Choose an image first");
      pick.input.current?.focus();
      return;
    }
    const form = new FormData();
    form.set("intent", "photo");
    form.set("id", String(user.id));
    form.set("file", file);
    void submit(form, { method: "post", encType: "multipart/form-data", replace: true });
  }

  const message = pick.pickError ?? error;
  return (
    <Section title="Profile photo" description="JPEG, PNG, WebP or GIF. It is shown round.">
      <form onSubmit={onUpload} className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <Avatar
          name={user.username}
          url={preview ?? user.profilePicture?.url}
          size={72}
          alt={preview ? "Preview of the new photo" : ""}
        />
        <PhotoPicker pick={pick} message={message} updated={!message && !file && done} />
        <button
          type="submit"
          aria-disabled={busy || !file || undefined}
          className={buttonClass(file ? "primary" : "soft", "md", "shrink-0")}
        >
          {busy && <Spinner />}
          {busy ? "Uploading…" : "Upload"}
        </button>
      </form>
    </Section>
  );
}

/** The file input (its label for screen readers only), then its message or "Photo updated.". */
function PhotoPicker({
  pick,
  message,
  updated,
}: {
  /** The pick's input ref and change handler. */
  pick: Pick<ReturnType<typeof usePhotoPick>, "input" | "onPick">;
  /** A refused pick or upload; it marks the input invalid. */
  message: string | null | undefined;
  /** Say the upload succeeded. */
  updated: boolean;
}) {
  const inputId = useId();
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={inputId} className="sr-only">
        Choose a photo
      </label>
      <input
        ref={pick.input}
        id={inputId}
        type="file"
        name="file"
        accept={IMAGE_TYPES.join(",")}
        onChange={pick.onPick}
        aria-invalid={message ? true : undefined}
        className="block w-full max-w-full text-sm text-muted file:mr-3 file:h-9 file:cursor-pointer file:rounded-lg file:border file:border-line file:bg-surface file:px-3.5 file:text-sm file:font-medium file:text-ink hover:file:bg-page"
      />
      {message && <p className={`mt-2 text-sm ${errorText}`}>{message}</p>}
      {updated && (
        <p role="status" className="mt-2 text-sm text-muted">
          Photo updated.
        </p>
      )}
    </div>
  );
}

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
