// The comment composer on its own (docs/product/reader.md#comment-composer): what it hands its
// panel.
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { type CommentPreview, Composer, type ComposerProps } from "./composer.tsx";

/** A preview that is not showing, its handlers vi.fn; `over` changes any of it. */
const previewOf = (over: Partial<CommentPreview> = {}): CommentPreview => ({
  ...{ showing: false, html: null, error: null, onWrite: vi.fn(), onPreview: vi.fn() },
  ...over,
});

/** Renders the composer with `props` over quiet defaults; the handlers are vi.fn. */
function renderComposer(props: Partial<ComposerProps> = {}) {
  const handlers = { onText: vi.fn(), onSend: vi.fn(), onCancelReply: vi.fn() };
  render(
    <Composer
      text=""
      replyTo={null}
      preview={previewOf()}
      sending={false}
      error={null}
      fieldRef={createRef()}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe("Composer", () => {
  it("hands every keystroke and the submit to the panel", () => {
    const { onText, onSend } = renderComposer({ text: "Hello" });
    const field = screen.getByRole("textbox", { name: "Write a comment" });
    fireEvent.change(field, { target: { value: "Hello there" } });
    expect(onText).toHaveBeenCalledWith("Hello there");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it("disables Send while sending", () => {
    const { onSend } = renderComposer({ text: "Hello", sending: true });
    const send = screen.getByRole("button", { name: "Send" }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(send);
    expect(onSend).not.toHaveBeenCalled();
  });

  it("shows a long parent's text on one line, cut at a word, with the cancel cross", () => {
    const text = `${"word ".repeat(30)}end`;
    const { onCancelReply } = renderComposer({ replyTo: { id: 4, author: "Ana", text } });
    const note = screen.getByText(/^Replying to/);
    expect(note.textContent).toBe(`Replying to Ana: “${"word ".repeat(24).trim()}…”`);
    fireEvent.click(screen.getByRole("button", { name: "Cancel reply" }));
    expect(onCancelReply).toHaveBeenCalledTimes(1);
  });

  it("says which formatting a comment takes, under the box", () => {
    renderComposer();
    const field = screen.getByRole("textbox", { name: "Write a comment" });
    const hint = document.getElementById(field.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe(
      "Formatting: **bold**, *italic*, `code`, > quote, - list, links",
    );
  });

  it("switches between Write and Preview, the box hidden while the preview shows", () => {
    const writing = previewOf();
    renderComposer({ text: "**Hi**", preview: writing });
    expect(screen.getByRole("button", { name: "Write" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(writing.onPreview).toHaveBeenCalledTimes(1);
    cleanup();

    const showing = previewOf({ showing: true, html: "<p><strong>Hi</strong></p>" });
    const { onSend } = renderComposer({ text: "**Hi**", preview: showing });
    const preview = screen.getByRole("region", { name: "Preview" });
    expect(preview.querySelector("[data-comment-text]")?.innerHTML).toBe(
      "<p><strong>Hi</strong></p>",
    );
    expect(screen.queryByRole("textbox")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Write" }));
    expect(showing.onWrite).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ html: null }, "Loading preview…"],
    [{ html: "" }, "Nothing to preview"],
    [{ error: "Too many requests" }, "Too many requests"],
  ])("shows a preview %j as %j", (over, sentence) => {
    renderComposer({ text: "x", preview: previewOf({ showing: true, ...over }) });
    expect(screen.getByRole("region", { name: "Preview" }).textContent).toBe(sentence);
  });
});
