// Max's chat panel (docs/product/max.md#assistant-screen, #assistant-thread, #assistant-credits,
// docs/product/messages.md#messages-assistant): the history restored from the server, answers
// streamed over POST /api/assistant/chat (AI SDK UI message stream), suggestion chips, credits for
// visitors, PDF export and clear history.
// The route loads this module through React.lazy: it is the root of the chat's chunk.
import { AssistantFrame, chatPanelClass } from "./assistant-frame.tsx";
import { ArticleNote, ChatToolbar } from "./chat-header.tsx";
import { ChatComposer, SignInNote } from "./chat-composer.tsx";
import { creditsSpent } from "./chat-rules.ts";
import { ChatNotes, ChatScrollArea, MessageList, SuggestionChips } from "./chat-messages.tsx";
import { type AssistantChatProps, useAssistantChat } from "./use-assistant-chat.ts";

/**
 * The chat screen inside the shared frame: header actions, the article note, the messages area
 * with its suggestions, the input row, and the sign-in invitation once a visitor's free messages
 * are used (docs/product/max.md#assistant-credits). Needs the router (links, the root loader's
 * viewer).
 */
export function AssistantChat({ siteName, article, question }: AssistantChatProps) {
  const chat = useAssistantChat({ siteName, article, question });
  const { restore } = chat;
  const spent = creditsSpent(chat.signedIn, chat.credits);
  return (
    <AssistantFrame actions={<ChatToolbar chat={chat} />}>
      {article && <ArticleNote article={article} />}

      <div className={chatPanelClass}>
        <ChatScrollArea scrollRef={chat.scrollRef} contentRef={chat.contentRef}>
          <MessageList chat={chat} />
          <ChatNotes failed={restore.history.status === "failed"} notice={chat.notice} />
          <SuggestionChips
            chips={chat.chips}
            disabled={restore.loading || spent}
            onPick={chat.send}
          />
        </ChatScrollArea>

        <ChatComposer chat={chat} />
      </div>
      {spent && <SignInNote />}
    </AssistantFrame>
  );
}
