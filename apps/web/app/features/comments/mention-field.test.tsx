// The composer's mention suggestions (docs/product/reader.md#mentions): the list after `@` and
// letters, the keys (arrows, Enter, Tab, Escape), a click, the name put in at the caret with the
// rest of the text kept, the combobox ARIA only while open, and stale requests aborted.
import type { MentionSuggestion } from "@pragmatist/contracts";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRef, useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { commentsApi } from "./comments-api.ts";
import { CommentEditForm } from "./comment-controls.tsx";
import { Composer } from "./composer.tsx";
import type { CommentItemState } from "./use-comment-item.ts";

const ANA: MentionSuggestion = { id: 1, username: "Ana Lima", avatar: null };
const ANDRE: MentionSuggestion = { id: 2, username: "André", avatar: "/uploads/andre.webp" };

/** The composer over a text of its own, as the panel holds it, for a member under an article. */
function Host() {
  const [text, setText] = useState("");
  const preview = { showing: false, html: null, error: null, onWrite() {}, onPreview() {} };
  return (
    <Composer
      text={text}
      onText={setText}
      replyTo={null}
      onCancelReply={() => {}}
      onSend={() => {}}
      preview={preview}
      sending={false}
      error={null}
      fieldRef={createRef()}
      mentionsIn="an-article"
    />
  );
}

/** The composer's box, focused, once its suggestions' chunk has come (loaded on that focus). */
async function focusedBox(): Promise<HTMLTextAreaElement> {
  render(<Host />);
  const box = screen.getByRole("textbox", { name: "Write a comment" }) as HTMLTextAreaElement;
  await act(async () => {
    box.focus();
    await import("./mention-field.tsx");
  });
  return box;
}

/** Types `text` into the box with the caret at `caret` (its end by default). */
function type(box: HTMLTextAreaElement, text: string, caret = text.length) {
  fireEvent.change(box, { target: { value: text, selectionStart: caret, selectionEnd: caret } });
}

let asked: { q: string; signal: AbortSignal }[] = [];

beforeEach(() => {
  asked = [];
  vi.spyOn(commentsApi, "mentions").mockImplementation(async (_slug, q, signal) => {
    asked.push({ q, signal });
    return q.toLowerCase().startsWith("an") ? [ANA, ANDRE] : [];
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe("MentionField", () => {
  it("is a plain box until @ and letters find members, then a combobox whose arrows move", async () => {
    const box = await focusedBox();
    type(box, "Hello an");
    expect(box.getAttribute("role")).toBeNull();
    type(box, "Hello @an");
    const list = await screen.findByRole("listbox");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "ALAna Lima",
      "André",
    ]);
    expect(box.getAttribute("role")).toBe("combobox");
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(box.getAttribute("aria-controls")).toBe(list.id);
    const options = screen.getAllByRole("option");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1]?.id);
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0]?.id);
    expect(asked.map((a) => a.q)).toEqual(["an"]);
  });

  it("puts @Username and a space in place of the letters on Enter, keeping the rest and the caret", async () => {
    const box = await focusedBox();
    type(box, "Hi @an, what do you think?", "Hi @an".length);
    await screen.findByRole("listbox");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Hi @André , what do you think?");
    expect(box.selectionStart).toBe("Hi @André ".length);
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box.getAttribute("role")).toBeNull();
    expect(document.activeElement).toBe(box);
  });

  it("puts the name in on Tab and on a click, the focus staying in the box", async () => {
    const box = await focusedBox();
    type(box, "@An");
    await screen.findByRole("listbox");
    fireEvent.keyDown(box, { key: "Tab" });
    expect(box.value).toBe("@Ana Lima ");
    type(box, "@Ana Lima and @an");
    const andre = await screen.findByRole("option", { name: /André/ });
    fireEvent.mouseDown(andre);
    fireEvent.click(andre);
    expect(box.value).toBe("@Ana Lima and @André ");
    expect(document.activeElement).toBe(box);
  });

  it("closes on Escape leaving the text as it is, until another @ is typed", async () => {
    const box = await focusedBox();
    type(box, "Hi @an");
    await screen.findByRole("listbox");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(screen.queryByRole("listbox")).toBeNull();
    expect(box.value).toBe("Hi @an");
    // More letters of the same mention do not reopen it; Enter is the box's again.
    type(box, "Hi @and");
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    expect(screen.queryByRole("listbox")).toBeNull();
    type(box, "Hi @and @an");
    expect(await screen.findByRole("listbox")).toBeTruthy();
  });

  it("asks after the typing pauses, once per letters, aborting a request typed over", async () => {
    const box = await focusedBox();
    type(box, "@a");
    type(box, "@an");
    type(box, "@zq");
    await waitFor(() => expect(asked.map((a) => a.q)).toEqual(["zq"]));
    expect(await screen.findByText("No member by that name here")).toBeTruthy();
    type(box, "@an");
    await screen.findByRole("option", { name: /Ana Lima/ });
    type(box, "@ana");
    type(box, "@an");
    await act(() => new Promise((resolve) => setTimeout(resolve, 400)));
    // "ana", typed over before the pause, was never asked; "an" was answered already.
    expect(asked.map((a) => a.q)).toEqual(["zq", "an"]);
    // A request still running when the letters change is aborted.
    vi.mocked(commentsApi.mentions).mockImplementationOnce((_slug, q, signal) => {
      asked.push({ q, signal });
      return new Promise(() => {});
    });
    type(box, "@slow");
    await waitFor(() => expect(asked.at(-1)?.q).toBe("slow"));
    type(box, "@sl");
    expect(asked.at(-1)?.signal.aborted).toBe(true);
  });

  it("suggests in the edit form's box too, under the comment's article", async () => {
    function EditHost() {
      const [draft, setDraft] = useState("Fixed ");
      const item = { draft, setDraft, busy: false, saveEdit() {}, cancelEdit() {} };
      return <CommentEditForm item={item as unknown as CommentItemState} mentionsIn="an-article" />;
    }
    render(<EditHost />);
    const box = screen.getByRole("textbox", { name: "Edit your comment" }) as HTMLTextAreaElement;
    await act(async () => {
      box.focus();
      await import("./mention-field.tsx");
    });
    type(box, "Fixed @an");
    await screen.findByRole("option", { name: /Ana Lima/ });
    expect(vi.mocked(commentsApi.mentions).mock.calls[0]?.[0]).toBe("an-article");
    fireEvent.keyDown(box, { key: "Enter" });
    expect(box.value).toBe("Fixed @Ana Lima ");
    expect(screen.queryByRole("listbox")).toBeNull();
  });
});
