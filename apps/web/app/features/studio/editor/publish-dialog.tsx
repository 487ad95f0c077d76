// The question before "Publish now" and "Publish and email" (docs/product/studio.md#studio-publishing):
// where the article goes live, and whether it is also emailed, to how many.
import { ConfirmDialog } from "../../../components/ui/confirm-dialog";
import { formatIsoDateTimeUtc } from "../../../lib/format";
import { recipientsText, useSubscriberCount } from "../newsletter/send-dialog";
import type { ArticleSaving } from "./use-article-saving";

/** What a publish confirmation names: the article's title and slug, and its date if scheduled. */
export interface PublishSubject {
  title: string;
  /** The slug the save will keep; empty when the server is to make it from the title. */
  slug: string;
  /** The publish date (ISO) of a scheduled article that goes live early; null otherwise. */
  scheduledFor: string | null;
}

/** The subject of a publish from the editor's form as it will be saved, and the stored state. */
export function publishSubject(saving: ArticleSaving): PublishSubject {
  const { saved } = saving;
  return {
    title: saving.form.title.trim() || "Untitled",
    slug: saving.form.slug.trim(),
    scheduledFor:
      saving.access.state === "scheduled" && saved ? saved.attributes.publishDate : null,
  };
}

/**
 * "Publish this article now?": the article goes live now (at `/p/{slug}`; for a scheduled one,
 * instead of at its date), then either "It is published only: it is not emailed to subscribers."
 * or, with `email`, that its newsletter issue opens next to be sent to the confirmed addresses
 * (`recipientsText`, counted while open) after the editor checks it and presses Send now there
 * (docs/product/newsletter.md#newsletter-sending). Cancel (focused first) changes nothing; the
 * confirm button is "Publish now" or "Publish and email".
 */
export function PublishDialog({
  open,
  subject,
  email,
  onConfirm,
  onClose,
}: {
  open: boolean;
  subject: PublishSubject;
  email: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const count = useSubscriberCount(open && email);
  const where = subject.slug ? (
    <>
      {" "}
      at <span className="font-medium text-ink">/p/{subject.slug}</span>
    </>
  ) : null;
  const when = subject.scheduledFor
    ? `, instead of at its publish date (${formatIsoDateTimeUtc(subject.scheduledFor)})`
    : "";
  return (
    <ConfirmDialog
      open={open}
      title="Publish this article now?"
      confirmLabel={email ? "Publish and email" : "Publish now"}
      danger={false}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p className="break-words">
        “{subject.title}” goes live{where} now{when}: readers see it on the home page, in search and
        in the feed.
      </p>
      <p className="mt-2 font-medium text-ink">
        {email
          ? `It is also emailed: its newsletter issue opens next, for ${recipientsText(count)}. You check it there, and it is sent when you press Send now.`
          : "It is published only: it is not emailed to subscribers."}
      </p>
    </ConfirmDialog>
  );
}
