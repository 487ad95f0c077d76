// The comment composer on its own (docs/product/reader.md#comment-composer): what it hands its
// panel.
import { fireEvent, render, screen } from "@testing-library/react";
import { createRef } from "react";
import { describe, expect, it, vi } from "vitest";
import { Composer, type ComposerProps } from "./composer.tsx";

/** Renders the composer with `props` over quiet defaults; the handlers are vi.fn. */
function renderComposer(props: Partial<ComposerProps> = {}) {
  const handlers = { onText: vi.fn(), onSend: vi.fn(), onCancelReply: vi.fn() };
  render(
    <Composer
      text=""
      replyTo={null}
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
});
