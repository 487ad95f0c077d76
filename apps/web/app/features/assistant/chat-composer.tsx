// The chat's input row (80 px, docs/product/max.md#assistant-screen, #assistant-conversation) and
// the sign-in invitation shown once a visitor's free messages are used
// (docs/product/max.md#assistant-credits).
import { Link } from "react-router";
import { SendIcon } from "../../components/ui/action-icons.tsx";
import {
  BUSY_ALERT,
  canSend,
  creditsSpent,
  PATIENCE_NOTE,
  QUESTION_MAX_LENGTH,
} from "./chat-rules.ts";
import type { AssistantChatState } from "./use-assistant-chat.ts";

/**
 * The question box and Send (enabled for 2+ characters, `canSend`, once the history is in), the
 * busy alert above them and the patience note below (docs/product/max.md#assistant-screen). Both
 * rest once a visitor's free messages are used, the box saying why.
 */
export function ChatComposer({ chat }: { chat: AssistantChatState }) {
  const { input, busyAlert } = chat;
  const { loading } = chat.restore;
  const spent = creditsSpent(chat.signedIn, chat.credits);
  return (
    <form
      onSubmit={chat.onSubmit}
      className="relative flex h-[80px] shrink-0 flex-col justify-center gap-1.5 border-t border-line bg-surface px-3 sm:px-5"
    >
      {busyAlert && (
        <p
          role="alert"
          className="absolute inset-x-3 bottom-full mb-2 rounded-lg border border-line bg-surface px-3 py-2 text-center text-sm shadow-md"
        >
          {BUSY_ALERT}
        </p>
      )}
      <div className="flex items-center gap-2">
        <input
          type="text"
          name="question"
          value={input}
          onChange={(e) => chat.setInput(e.target.value)}
          placeholder={spent ? "Sign in to keep asking Max" : "Send a message"}
          aria-label="Send a message"
          disabled={spent}
          maxLength={QUESTION_MAX_LENGTH}
          autoComplete="off"
          enterKeyHint="send"
          className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-page px-3 text-[0.9375rem] placeholder:text-muted focus:border-accent focus:outline-none disabled:cursor-not-allowed disabled:opacity-60"
        />
        <button
          type="submit"
          aria-label="Send message"
          title="Send message"
          disabled={!canSend(input) || loading || spent}
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-ink transition-colors hover:bg-accent/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-not-allowed disabled:opacity-40"
        >
          <SendIcon size={18} />
        </button>
      </div>
      <p className="text-center text-xs text-muted">{PATIENCE_NOTE}</p>
    </form>
  );
}

/**
 * A visitor with no free messages left is asked to sign in, back to /assistant after
 * (docs/product/max.md#assistant-credits).
 */
export function SignInNote() {
  return (
    <p className="mt-3 text-sm text-muted">
      <Link to="/login?next=/assistant" className="font-medium text-accent hover:underline">
        Sign in
      </Link>{" "}
      for unlimited questions and a history that follows you.
    </p>
  );
}
