// The search box's combobox behaviour (docs/product/reader.md#listing-search): suggestions after
// typing, arrow keys, Enter on an option or on the box, Escape, and a click that clears.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../lib/api-client";
import { articleCard as card } from "../../../test/article-cards.ts";
import { renderRoute } from "../../../test/route-test-kit.tsx";
import { SearchCombobox } from "./search-combobox";

/** Shows where the router is, so a test can read the address a navigation went to. */
function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderBox(initialQuery = "") {
  renderRoute(
    <>
      <SearchCombobox action="/" count={42} initialQuery={initialQuery} />
      <Where />
    </>,
    { path: "*", at: "/" },
  );
  return screen.getByRole("combobox");
}

describe("SearchCombobox", () => {
  beforeEach(() => {
    vi.spyOn(api, "fuzzySearch").mockResolvedValue({
      articles: [
        { id: 1, title: "One", slug: "article-1" },
        { id: 2, title: "Two", slug: "article-2" },
      ],
    });
    vi.spyOn(api, "populateFuzzy").mockResolvedValue({
      data: [card(1, "Bitcoin flows"), card(2, "Ether staking")],
      meta: { pagination: { page: 1, pageSize: 20, pageCount: 1, total: 2 } },
    });
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows the count in the placeholder and no listbox before typing", () => {
    const box = renderBox();
    expect(box.getAttribute("placeholder")).toBe("Search our database of 42 articles");
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect(screen.getByRole("listbox", { hidden: true }).hidden).toBe(true);
  });

  it("asks for suggestions after typing and lists them with their count", async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: "  bit " } });
    expect(await screen.findByText("Bitcoin flows")).toBeTruthy();
    expect(api.fuzzySearch).toHaveBeenCalledWith("bit", expect.any(AbortSignal));
    expect(api.populateFuzzy).toHaveBeenCalledWith(
      { ids: [1, 2], page: 1, pageSize: 20 },
      expect.any(AbortSignal),
    );
    expect(box.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("option")).toHaveLength(2);
    expect(screen.getByRole("status").textContent).toBe(
      "2 suggestions; use the up and down arrows to choose.",
    );
  });

  it("moves the highlight with the arrows, wrapping, and opens the highlighted article on Enter", async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: "bit" } });
    await screen.findByText("Bitcoin flows");
    const options = screen.getAllByRole("option");
    fireEvent.keyDown(box, { key: "ArrowUp" });
    expect(options[1]!.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(options[0]!.getAttribute("aria-selected")).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[0]!.id);
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/p/article-1"));
    expect((box as HTMLInputElement).value).toBe("Bitcoin flows");
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("closes on Escape and opens an option on click", async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: "eth" } });
    await screen.findByText("Ether staking");
    fireEvent.keyDown(box, { key: "Escape" });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(screen.getByText("Ether staking"));
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/p/article-2"));
  });

  it("submits the trimmed query to the listing, and an empty box to the bare listing", async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: " defi yields " } });
    fireEvent.submit(box.closest("form")!);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/?q=defi%20yields"));
    fireEvent.change(box, { target: { value: "  " } });
    fireEvent.submit(box.closest("form")!);
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/"));
  });

  it("submits the typed search on Enter while the list is open with nothing highlighted", async () => {
    const user = userEvent.setup();
    const box = renderBox();
    await user.click(box);
    await user.type(box, "bit");
    await screen.findByText("Bitcoin flows");
    expect(box.getAttribute("aria-expanded")).toBe("true");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(screen.getByTestId("where").textContent).toBe("/?q=bit"));
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("leaves Home and End to the caret, and the arrows to it while nothing is suggested", async () => {
    const box = renderBox();
    fireEvent.keyDown(box, { key: "ArrowDown" });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    fireEvent.change(box, { target: { value: "bit" } });
    await screen.findByText("Bitcoin flows");
    const highlighted = () =>
      screen.getAllByRole("option").map((option) => option.getAttribute("aria-selected"));
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "End" });
    expect(highlighted()).toEqual(["true", "false"]);
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.keyDown(box, { key: "Home" });
    expect(highlighted()).toEqual(["false", "true"]);
  });

  it("highlights the option under the pointer", async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: "bit" } });
    await screen.findByText("Bitcoin flows");
    fireEvent.mouseMove(screen.getByText("Ether staking"));
    const options = screen.getAllByRole("option");
    expect(options[1]!.getAttribute("aria-selected")).toBe("true");
    expect(box.getAttribute("aria-activedescendant")).toBe(options[1]!.id);
  });

  it("closes on Tab without opening the highlighted article", async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: "bit" } });
    await screen.findByText("Bitcoin flows");
    fireEvent.keyDown(box, { key: "ArrowDown" });
    fireEvent.blur(box, { relatedTarget: screen.getByTestId("where") });
    expect(box.getAttribute("aria-expanded")).toBe("false");
    expect((box as HTMLInputElement).value).toBe("bit");
    expect(screen.getByTestId("where").textContent).toBe("/");
  });

  it("closes on a pointer press outside it", async () => {
    const box = renderBox();
    fireEvent.change(box, { target: { value: "bit" } });
    await screen.findByText("Bitcoin flows");
    // A whole press, as a pointer makes it: pointerdown, mousedown, pointerup, mouseup, click.
    await userEvent.pointer({ keys: "[MouseLeft]", target: screen.getByTestId("where") });
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });

  it("clears the query when the box is clicked into, not when a click moves its caret", () => {
    const box = renderBox("bitcoin");
    expect((box as HTMLInputElement).value).toBe("bitcoin");
    fireEvent.pointerDown(box);
    box.focus();
    fireEvent.click(box);
    expect((box as HTMLInputElement).value).toBe("");
    fireEvent.change(box, { target: { value: "bitcoin etf" } });
    // Already focused: the click places the caret inside the words.
    fireEvent.pointerDown(box);
    fireEvent.click(box);
    expect((box as HTMLInputElement).value).toBe("bitcoin etf");
  });

  it("keeps working without suggestions when the search fails", async () => {
    vi.mocked(api.fuzzySearch).mockRejectedValue(new Error("down"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const box = renderBox();
    fireEvent.change(box, { target: { value: "bit" } });
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith("Fuzzy search failed", expect.any(Error)),
    );
    expect(box.getAttribute("aria-expanded")).toBe("false");
  });
});
