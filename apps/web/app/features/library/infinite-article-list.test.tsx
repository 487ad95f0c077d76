// Infinite scroll (docs/product/reader.md#infinite-scroll): the next page when the end comes into
// view, repeated ids dropped, the end after a short page, and a failed page with its "Try again".
import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { InfiniteArticleList } from "./infinite-article-list";
import type { CardView } from "./listing";

const card = (id: number): CardView => ({
  id,
  title: `Article ${id}`,
  slug: `article-${id}`,
  publishDate: "2024-03-18T00:00:00.000Z",
  label: "Research",
  readingTimeMinutes: 3,
  thumbnail: null,
});
const cards = (...ids: number[]) => ids.map(card);

const visible = [{ isIntersecting: true } as IntersectionObserverEntry];

/**
 * The observers the list made; `reveal()` tells the newest one its sentinel is on screen. While
 * `sentinelOnScreen.now`, a new observer reports that at once, as a real one does.
 */
const observers: { callback: IntersectionObserverCallback; disconnected: boolean }[] = [];
const sentinelOnScreen = { now: false };
class FakeObserver {
  private readonly entry: (typeof observers)[number];
  constructor(callback: IntersectionObserverCallback) {
    this.entry = { callback, disconnected: false };
    observers.push(this.entry);
  }
  observe() {
    if (sentinelOnScreen.now) this.entry.callback(visible, {} as IntersectionObserver);
  }
  disconnect() {
    this.entry.disconnected = true;
  }
}
async function reveal() {
  const live = observers.filter((o) => !o.disconnected).at(-1);
  await act(async () => live?.callback(visible, {} as IntersectionObserver));
}

function renderList(initial: CardView[], fetchPage: (page: number) => Promise<CardView[]>) {
  renderRoute(<InfiniteArticleList initial={initial} pageSize={2} fetchPage={fetchPage} />);
}

const titles = () => screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent);

describe("InfiniteArticleList", () => {
  beforeEach(() => vi.stubGlobal("IntersectionObserver", FakeObserver));
  afterEach(() => {
    vi.unstubAllGlobals();
    observers.length = 0;
    sentinelOnScreen.now = false;
  });

  it("loads the next pages as the end comes into view, without repeating an article", async () => {
    const fetchPage = vi.fn(async (page: number) => (page === 2 ? cards(2, 3) : cards(4)));
    renderList(cards(1, 2), fetchPage);
    expect(await screen.findByText("Article 1")).toBeTruthy();
    await reveal();
    expect(fetchPage).toHaveBeenLastCalledWith(2, expect.any(AbortSignal));
    expect(titles()).toEqual(["Article 1", "Article 2", "Article 3"]);
    await reveal();
    expect(fetchPage).toHaveBeenLastCalledWith(3, expect.any(AbortSignal));
    expect(titles()).toEqual(["Article 1", "Article 2", "Article 3", "Article 4"]);
    expect(screen.getByText("You have reached the end.")).toBeTruthy();
    await reveal();
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });

  it("keeps loading while the end stays on screen after a page", async () => {
    sentinelOnScreen.now = true;
    const fetchPage = vi.fn(async (page: number) => (page === 2 ? cards(3, 4) : cards(5)));
    renderList(cards(1, 2), fetchPage);
    expect(await screen.findByText("Article 5")).toBeTruthy();
    expect(fetchPage.mock.calls.map(([page]) => page)).toEqual([2, 3]);
  });

  it("asks for nothing more after a short first page", async () => {
    const fetchPage = vi.fn(async () => cards(9));
    renderList(cards(1), fetchPage);
    expect(await screen.findByText("Article 1")).toBeTruthy();
    await reveal();
    expect(fetchPage).not.toHaveBeenCalled();
    expect(screen.queryByText("You have reached the end.")).toBeNull();
  });

  it("offers to try again after a failed page", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const fetchPage = vi
      .fn<(page: number) => Promise<CardView[]>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce(cards(3));
    renderList(cards(1, 2), fetchPage);
    await screen.findByText("Article 1");
    await reveal();
    expect(screen.getByText("Could not load more articles.")).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Try again" })));
    expect(fetchPage).toHaveBeenLastCalledWith(2, expect.any(AbortSignal));
    expect(titles()).toEqual(["Article 1", "Article 2", "Article 3"]);
  });
});
