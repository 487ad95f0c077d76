// The article bar's share links (docs/product/reader.md#article-bar): the networks' share pages,
// "Copy link" with its announced confirmation or fallback, and "Share…" where the browser has a
// share sheet.
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ShareLinks } from "./share-links";

const URL_ = "https://example.com/p/eth-staking";
const TITLE = "Ether staking";

/** What puts back the navigator's properties a test replaced. */
const afterEachRestore: (() => void)[] = [];

/** Replaces `navigator[name]` for one test (happy-dom's own is put back after it). */
function stubNavigator(name: "clipboard" | "share", value: unknown) {
  const had = Object.getOwnPropertyDescriptor(navigator, name);
  Object.defineProperty(navigator, name, { value, configurable: true });
  afterEachRestore.push(() => {
    if (had) Object.defineProperty(navigator, name, had);
    else delete (navigator as unknown as Record<string, unknown>)[name];
  });
}
afterEach(() => {
  for (const restore of afterEachRestore.splice(0)) restore();
  vi.useRealTimers();
});

describe("ShareLinks", () => {
  it("links each network's share page with the canonical address", () => {
    render(<ShareLinks url={URL_} title={TITLE} />);
    const href = (name: string) => screen.getByRole("link", { name }).getAttribute("href");
    expect(href("Share on X")).toBe(
      `https://x.com/intent/tweet?url=${encodeURIComponent(URL_)}&text=Ether%20staking`,
    );
    expect(href("Share on LinkedIn")).toContain(encodeURIComponent(URL_));
  });

  it("copies the address and says so in a status line, then clears it", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(async () => {});
    stubNavigator("clipboard", { writeText });
    render(<ShareLinks url={URL_} title={TITLE} />);
    const status = screen.getByRole("status");
    expect(status.textContent).toBe("");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy link" })));
    expect(writeText).toHaveBeenCalledWith(URL_);
    expect(status.textContent).toBe("Link copied");
    act(() => vi.advanceTimersByTime(4000));
    expect(status.textContent).toBe("");
  });

  it("says where to copy from when the browser refuses the clipboard", async () => {
    stubNavigator("clipboard", {
      writeText: vi.fn(async () => Promise.reject(new Error("denied"))),
    });
    render(<ShareLinks url={URL_} title={TITLE} />);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Copy link" })));
    expect(screen.getByRole("status").textContent).toBe("Could not copy: use the address bar");
  });

  it("offers the share sheet with the title and address only where the browser has one", async () => {
    const first = render(<ShareLinks url={URL_} title={TITLE} />);
    expect(screen.queryByRole("button", { name: "Share…" })).toBeNull();
    first.unmount();
    const share = vi.fn(async () => {});
    stubNavigator("share", share);
    render(<ShareLinks url={URL_} title={TITLE} />);
    fireEvent.click(await screen.findByRole("button", { name: "Share…" }));
    expect(share).toHaveBeenCalledWith({ title: TITLE, url: URL_ });
  });
});
