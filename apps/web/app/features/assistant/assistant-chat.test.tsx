// The chat screen driven through its real code (docs/product/max.md#assistant-conversation,
// #assistant-credits, docs/product/messages.md#messages-assistant): fetch answers as the server's
// assistant routes do, with AI SDK UI message streams.
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  credits,
  member,
  refusal,
  renderChat,
  startChatServer,
  streamedAnswer,
} from "./chat-test-kit.tsx";

/**
 * Long enough for a streamed answer to be revealed (one character per 5 ms,
 * docs/product/max.md#message-bubble).
 */
const REVEAL = { timeout: 5000 };

const input = () => screen.getByRole("textbox", { name: "Send a message" });
const sendButton = () => screen.getByRole("button", { name: "Send message" });
const counter = () => screen.queryByTitle("Free messages left; sign in for unlimited use");

/** Types `text` into the chat's input and presses Send once it is enabled (history loaded). */
async function ask(user: ReturnType<typeof userEvent.setup>, text: string) {
  await user.type(await screen.findByRole("textbox", { name: "Send a message" }), text);
  await waitFor(() => expect((sendButton() as HTMLButtonElement).disabled).toBe(false));
  await user.click(sendButton());
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AssistantChat credits", () => {
  it("counts an anonymous visitor's free messages down and asks them to sign in at 0", async () => {
    const server = startChatServer(credits(2), [
      () => streamedAnswer("Solana is at $142.", { credits: credits(1) }),
      () => streamedAnswer("Ethereum is at $3,100.", { credits: credits(0) }),
    ]);
    const user = userEvent.setup();
    renderChat(null);

    await waitFor(() => expect(counter()?.textContent).toBe("Free messages2 / 2"));
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();

    await ask(user, "Price of Solana?");
    expect(await screen.findByText("Solana is at $142.", {}, REVEAL)).toBeTruthy();
    expect(counter()?.textContent).toBe("Free messages1 / 2");
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
    expect((input() as HTMLInputElement).value).toBe("");

    await ask(user, "Price of Ethereum?");
    expect(await screen.findByText("Ethereum is at $3,100.", {}, REVEAL)).toBeTruthy();
    expect(counter()?.textContent).toBe("Free messages0 / 2");
    expect(server.questions().map((q) => q.text)).toEqual([
      "Price of Solana?",
      "Price of Ethereum?",
    ]);

    // Nothing left to send: the box says why, and neither it, Send nor a chip asks again.
    expect((input() as HTMLInputElement).disabled).toBe(true);
    expect(input().getAttribute("placeholder")).toBe("Sign in to keep asking Max");
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    const chip = screen.getByRole("button", { name: "What can you do?" }) as HTMLButtonElement;
    expect(chip.disabled).toBe(true);

    const signIn = screen.getByRole("link", { name: "Sign in" });
    expect(signIn.getAttribute("href")).toBe("/login?next=/assistant");
    expect(signIn.parentElement?.textContent).toBe(
      "Sign in for unlimited questions and a history that follows you.",
    );
    await user.click(signIn);
    expect(await screen.findByText("Sign-in page, then /assistant")).toBeTruthy();
  });

  it("shows a member no credit counter, even when credits come along", async () => {
    // The counter is the anonymous visitor's (docs/product/max.md#assistant-credits): a member
    // never sees it, whatever the data.
    startChatServer(credits(2), [
      () => streamedAnswer("Bitcoin is at $61,920.", { credits: credits(1) }),
    ]);
    const user = userEvent.setup();
    renderChat(member);

    // A member's own control: the member's screen is the one shown.
    expect(await screen.findByRole("button", { name: "Clear chat history" })).toBeTruthy();
    await ask(user, "Price of Bitcoin?");
    expect(await screen.findByText("Bitcoin is at $61,920.", {}, REVEAL)).toBeTruthy();
    expect(counter()).toBeNull();
    expect(screen.queryByText("Free messages")).toBeNull();
    expect(screen.queryByRole("link", { name: "Sign in" })).toBeNull();
  });
});

describe("AssistantChat retry", () => {
  it("shows an answer that ended with a provider fault, with Retry sending the question again", async () => {
    const fault = "Max is unavailable right now. Please try again in a moment.";
    const server = startChatServer(null, [
      () => streamedAnswer(fault, {}, "unavailable"),
      () => streamedAnswer("Bitcoin is at $61,920."),
    ]);
    const user = userEvent.setup();
    renderChat(member);

    await ask(user, "Price of Bitcoin?");
    expect(await screen.findByText(fault, {}, REVEAL)).toBeTruthy();
    const answer = screen.getByText(fault).closest("li")!;
    const retry = await within(answer).findByRole("button", { name: "Retry" }, REVEAL);

    await user.click(retry);
    expect(await screen.findByText("Bitcoin is at $61,920.", {}, REVEAL)).toBeTruthy();
    expect(server.questions().map((q) => q.text)).toEqual([
      "Price of Bitcoin?",
      "Price of Bitcoin?",
    ]);
    expect(screen.queryByText(fault)).toBeNull();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });

  it("shows a refused request's reason, with Retry sending the question again", async () => {
    const server = startChatServer(null, [
      () => refusal(429, { message: "Too many requests", details: { retryAfterSeconds: 40 } }),
      () => streamedAnswer("Bitcoin is at $61,920."),
    ]);
    const user = userEvent.setup();
    renderChat(member);

    await ask(user, "Price of Bitcoin?");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe(
      "You are sending messages faster than Max can answer. Please try again in 40 seconds.",
    );
    await user.click(screen.getByRole("button", { name: "Retry" }));

    expect(await screen.findByText("Bitcoin is at $61,920.", {}, REVEAL)).toBeTruthy();
    expect(server.questions().map((q) => q.text)).toEqual([
      "Price of Bitcoin?",
      "Price of Bitcoin?",
    ]);
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
  });
});
