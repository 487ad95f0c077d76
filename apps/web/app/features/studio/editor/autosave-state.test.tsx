// The editor's autosave as an editor sees it (docs/product/studio.md#studio): the status line and
// the conflict alert over the real save hook, with `fetch` answering like the server and fake
// timers for the 2-second wait after typing.
import type { StudioArticle } from "@pragmatist/contracts";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ArticleEditor } from "../article-editor";
import { EditorNotices } from "./editor-notices";
import { bindTextFields } from "./field-binding";
import { SaveStatus } from "./save-status";
import { TitleFields } from "./title-fields";
import { useArticleSaving } from "./use-article-saving";

const OPENED_VERSION = "2026-05-01T11:00:00.000Z";

function draft(changes: Partial<StudioArticle["attributes"]> = {}): StudioArticle {
  return {
    id: 7,
    attributes: {
      title: "Staking yields",
      subTitle: "",
      slug: "staking-yields",
      status: "draft",
      state: "draft",
      publishDate: "2026-05-01T10:00:00.000Z",
      types: ["Research"],
      categories: [],
      tags: [],
      ecosystems: [],
      thumbnail: null,
      author: { id: 3, username: "ada" },
      readingTimeMinutes: 1,
      excerpt: "",
      createdAt: "2026-05-01T10:00:00.000Z",
      updatedAt: OPENED_VERSION,
      content: "",
      seo: { metaTitle: null, metaDescription: null, canonicalUrl: null, socialImage: null },
      ...changes,
    },
  };
}

/** The editor's title fields, save status line and notices over `useArticleSaving`. */
function AutosaveHarness() {
  const saving = useArticleSaving({ article: draft(), role: "author", editorKey: "7" });
  const field = bindTextFields(saving.form, saving.fieldErrors, saving.edit);
  return (
    <>
      <TitleFields form={saving.form} field={field} edit={saving.edit} />
      <SaveStatus save={saving.save} />
      <EditorNotices
        conflict={saving.save.conflict}
        notice={null}
        readOnly={false}
        state={saving.access.state}
        onReload={() => void saving.reload()}
      />
    </>
  );
}

type Answer = { status: number; body: unknown };
const stored = (article: StudioArticle): Answer => ({
  status: 200,
  body: { data: article, meta: {} },
});
const refused = (status: number, name: string, message: string): Answer => ({
  status,
  body: { data: null, error: { status, name, message, details: {} } },
});

/** The side panels' loads (revisions, stats, terms), answered at once; the article's calls wait. */
function panelAnswer(url: string): Answer | undefined {
  if (url.endsWith("/api/studio/terms")) {
    return { status: 200, body: { data: { categories: [], tags: [], ecosystems: [] } } };
  }
  if (url.endsWith("/revisions")) return { status: 200, body: { data: [] } };
  if (!url.endsWith("/stats")) return undefined;
  const day = "2026-05-01";
  const stats = { from: day, to: day, views: 0, visitors: 0, likes: 0, bookmarks: 0, comments: 0 };
  return { status: 200, body: { data: { ...stats, daily: [] } } };
}

const asResponse = ({ status, body }: Answer) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** `fetch` as a server whose every answer the test gives, in order, when it chooses. */
function fakeServer() {
  const waiting: ((answer: Answer) => void)[] = [];
  const fetch = vi.fn((url: string, _init?: RequestInit) => {
    const now = panelAnswer(url);
    if (now) return Promise.resolve(asResponse(now));
    return new Promise<Response>((resolve) => {
      waiting.push((answer) => resolve(asResponse(answer)));
    });
  });
  vi.stubGlobal("fetch", fetch);
  const request = (n: number) => {
    const [url, init] = fetch.mock.calls.filter(([url]) => !panelAnswer(url))[n]!;
    return { url, method: init?.method, body: JSON.parse(String(init?.body ?? "null")) };
  };
  /** Answers the oldest open request and lets the page take the answer in. */
  const answer = (reply: Answer) =>
    act(async () => {
      waiting.shift()!(reply);
      await vi.advanceTimersByTimeAsync(0);
    });
  return { fetch, request, answer };
}

/** Lets `ms` of the clock pass, running the timers due. */
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** "Saved 12:03 UTC" for the clock now, 24-hour, in UTC (the studio's one date format). */
function savedNow(): string {
  return `Saved ${new Date().toISOString().slice(11, 16)} UTC`;
}

function renderEditor(Component = AutosaveHarness) {
  const Stub = createRoutesStub([{ path: "/studio/articles/:id", Component }]);
  render(<Stub initialEntries={["/studio/articles/7"]} />);
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { user, title: screen.getByLabelText("Title"), status: () => screen.getByRole("status") };
}

describe("the editor's autosave state", () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(new Date("2026-05-01T12:03:09Z"));
    // Testing Library drains its async work with a 0 ms timeout, and advances fake timers past it
    // only where it finds Jest's API: give it Vitest's.
    vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    server = fakeServer();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("says nothing and sends nothing until there is a change, then saves 2 s after typing stops", async () => {
    const { user, title, status } = renderEditor();
    expect(status().textContent).toBe("");
    await wait(10_000);
    expect(server.fetch).not.toHaveBeenCalled();

    await user.type(title, ", revised");
    expect(status().textContent).toBe("Unsaved changes");
    await wait(1_999);
    expect(server.fetch).not.toHaveBeenCalled();
    await wait(1);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    const sent = server.request(0);
    expect(sent.method).toBe("PUT");
    expect(sent.url).toBe("/api/articles/7");
    expect(sent.body.data).toMatchObject({
      title: "Staking yields, revised",
      updatedAt: OPENED_VERSION,
    });
    expect(status().textContent).toBe("Saving…");

    const version = "2026-05-01T12:03:11.000Z";
    await server.answer(stored(draft({ title: "Staking yields, revised", updatedAt: version })));
    expect(status().textContent).toBe(savedNow());
    expect(status().textContent).toMatch(/^Saved \d\d:\d\d UTC$/);
    await wait(10_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);

    // The next save sends the version the last one stored.
    await user.type(title, "!");
    await wait(2_000);
    expect(server.request(1).body.data.updatedAt).toBe(version);
  });

  it("says why a save failed, does not retry in a loop, and saves again after the next edit", async () => {
    const { user, title, status } = renderEditor();
    await user.type(title, ", revised");
    await wait(2_000);
    await server.answer(refused(500, "ApplicationError", "Internal Server Error"));
    expect(status().textContent).toBe("Not saved: Internal Server Error");
    expect(status().className).toContain("text-red-700");
    await wait(10_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);

    await user.type(title, "!");
    expect(status().textContent).toBe("Unsaved changes");
    expect(status().className).not.toContain("text-red-700");
    await wait(2_000);
    expect(server.fetch).toHaveBeenCalledTimes(2);
    expect(server.request(1).body.data).toMatchObject({
      title: "Staking yields, revised!",
      updatedAt: OPENED_VERSION,
    });
    expect(status().textContent).toBe("Saving…");
    await server.answer(stored(draft({ title: "Staking yields, revised!" })));
    expect(status().textContent).toBe(savedNow());
  });

  it("on a conflict (409) says the article changed elsewhere, stops saving, and reloads", async () => {
    const { user, title, status } = renderEditor();
    expect(screen.queryByRole("alert")).toBeNull();
    await user.type(title, ", revised");
    await wait(2_000);
    await server.answer(
      refused(
        409,
        "ApplicationError",
        "The article was changed since you opened it: reload it first",
      ),
    );
    expect(status().textContent).toBe("Not saved: the article was changed elsewhere");
    expect(screen.getByRole("alert").textContent).toContain(
      "This article was changed elsewhere (another tab or another person) since you opened it",
    );

    // Typing on saves nothing while the conflict waits for a reload, and the message stays.
    await user.type(title, "!");
    await wait(10_000);
    expect(server.fetch).toHaveBeenCalledTimes(1);
    expect(status().textContent).toBe("Not saved: the article was changed elsewhere");

    await user.click(screen.getByRole("button", { name: "Reload the article" }));
    expect(server.request(1)).toMatchObject({ url: "/api/studio/articles/7", method: "GET" });
    await server.answer(stored(draft({ title: "Staking yields (edited in another tab)" })));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(status().textContent).toBe("");
    expect(screen.getByLabelText<HTMLInputElement>("Title").value).toBe(
      "Staking yields (edited in another tab)",
    );
  });

  it("shows the same states in the editor's header", async () => {
    const { user, title, status } = renderEditor(() => (
      <ArticleEditor article={draft()} role="author" editorKey="7" />
    ));
    expect(status().textContent).toBe("");
    await user.type(title, ", revised");
    expect(status().textContent).toBe("Unsaved changes");
    await wait(2_000);
    expect(server.request(0)).toMatchObject({ url: "/api/articles/7", method: "PUT" });
    expect(status().textContent).toBe("Saving…");
    await server.answer(stored(draft({ title: "Staking yields, revised" })));
    expect(status().textContent).toBe(savedNow());
  });
});
