// A comment box with mention suggestions after `@` (docs/product/reader.md#mentions): the
// composer's and the edit form's textarea stay their own elements; the suggestions'
// code (mention-field.tsx, with downshift) is fetched on the box's first focus, so it is in no
// page's initial JavaScript.
import {
  type ChangeEvent,
  type ComponentType,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useRef,
  useState,
} from "react";
import type { MentionFieldProps, MentionHandlers } from "./mention-field.tsx";

/** What a box with suggestions spreads on its textarea. */
export interface MentionBoxEvents {
  onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void;
  onFocus: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  onBlur: () => void;
}

/**
 * The suggestions for a textarea holding `value` (changed through `onText`) under the article
 * `slug` (null: none, for visitors). `events` go on the textarea (each change and caret move is
 * handed on to the suggestions once loaded); `list` renders the suggestions' list beside it
 * (null until its code has come), given the box's `fieldRef`, its id and its label's id.
 */
export function useMentionBox(
  slug: string | null,
  value: string,
  onText: (text: string) => void,
): {
  events: MentionBoxEvents;
  list: (field: {
    fieldRef: RefObject<HTMLTextAreaElement | null>;
    inputId: string;
    labelId: string;
  }) => ReactNode;
} {
  const [Part, setPart] = useState<ComponentType<MentionFieldProps> | null>(null);
  const asked = useRef(false);
  const handlers = useRef<MentionHandlers | null>(null);
  const events: MentionBoxEvents = {
    onChange: (event) => {
      onText(event.target.value);
      handlers.current?.track(event.target);
    },
    onFocus: () => {
      if (slug === null || asked.current) return;
      asked.current = true;
      void import("./mention-field.tsx").then((module) => setPart(() => module.default));
    },
    onKeyDown: (event) => handlers.current?.onKeyDown(event),
    onSelect: (event) => handlers.current?.track(event.currentTarget),
    onBlur: () => handlers.current?.onBlur(),
  };
  const list = (field: {
    fieldRef: RefObject<HTMLTextAreaElement | null>;
    inputId: string;
    labelId: string;
  }) =>
    Part && slug !== null ? (
      <Part {...field} handlers={handlers} value={value} onText={onText} slug={slug} />
    ) : null;
  return { events, list };
}
