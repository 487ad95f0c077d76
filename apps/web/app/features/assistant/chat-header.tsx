// The chat screen's header row and article note (docs/product/max.md#assistant-screen,
// #assistant-credits): the free messages left, Export as PDF, Clear history, and the "About:"
// article the chat is given.
import type { AssistantCredits } from "@pragmatist/contracts";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { FileDownloadIcon, Spinner, TrashIcon } from "../../components/ui/action-icons.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { creditsLabel } from "./chat-rules.ts";
import type { ArticleContext, AssistantChatState } from "./use-assistant-chat.ts";

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-line/60 hover:text-ink focus-visible:outline-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-50";

/**
 * The anonymous visitor's free messages, shown as "n / 2" (docs/product/max.md#assistant-credits).
 */
export function CreditsBadge({ credits }: { credits: AssistantCredits }) {
  return (
    <p
      className="mr-2 flex items-baseline gap-1.5 text-sm text-muted"
      title="Free messages left; sign in for unlimited use"
    >
      <span>Free messages</span>
      <span className="tabular rounded-md border border-line bg-surface px-1.5 py-0.5 font-semibold text-ink">
        {creditsLabel(credits)}
      </span>
    </p>
  );
}

/** A header icon button named by `label`; a spinner replaces `icon` while `busy`. */
function IconAction(props: {
  label: string;
  icon: ReactNode;
  busy: boolean;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={iconButton}
      onClick={props.onClick}
      disabled={props.disabled}
      aria-label={props.label}
      title={props.label}
    >
      {props.busy ? <Spinner size={18} /> : props.icon}
    </button>
  );
}

/**
 * The header's actions: the visitor's credits, Export as PDF once there are messages, and Clear
 * chat history for members (disabled while the history loads or is being cleared), which asks
 * first: the history cannot be brought back (eval class R8, docs/product/max.md#eval-classes).
 */
export function ChatToolbar({ chat }: { chat: AssistantChatState }) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      {chat.credits && <CreditsBadge credits={chat.credits} />}
      {chat.session.messages.length > 0 && (
        <IconAction
          label="Export chat as PDF"
          icon={<FileDownloadIcon />}
          busy={chat.exporting}
          disabled={chat.exporting}
          onClick={() => void chat.exportPdf()}
        />
      )}
      {chat.signedIn && (
        <IconAction
          label="Clear chat history"
          icon={<TrashIcon />}
          busy={chat.clearing}
          disabled={chat.clearing || chat.restore.loading}
          onClick={() => setConfirming(true)}
        />
      )}
      <ConfirmDialog
        open={confirming}
        title="Clear your chat history?"
        confirmLabel="Clear history"
        busy={chat.clearing}
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          void chat.clearHistory();
        }}
      >
        Every message of your conversation with Max is deleted, here and on every device. This
        cannot be undone.
      </ConfirmDialog>
    </>
  );
}

/** "About: {title}" linking to the article, and Remove, which opens the chat without it. */
export function ArticleNote({ article }: { article: ArticleContext }) {
  return (
    <p className="mt-3 flex items-baseline gap-2 rounded-lg border border-line bg-surface px-3 py-2 text-sm">
      <span className="shrink-0 font-medium text-muted">About:</span>
      <Link
        to={`/p/${encodeURIComponent(article.slug)}`}
        className="min-w-0 truncate font-medium hover:underline"
      >
        {article.title}
      </Link>
      <Link
        to="/assistant"
        className="ml-auto shrink-0 text-xs text-muted hover:text-ink"
        aria-label="Remove the article from the chat"
      >
        Remove
      </Link>
    </p>
  );
}
