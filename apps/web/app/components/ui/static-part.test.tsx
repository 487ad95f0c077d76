// A static part (docs/decisions/026-static-parts-not-hydrated.md): hydrated as the server's markup
// without running what is inside, rendered as usual in the browser and when its data changes, and
// its links followed in the app for plain clicks only.
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { Link, MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { StaticPart } from "./static-part.tsx";

/** How many times the part's content rendered, where. */
let renders = 0;

/** The part's content: a router link, a plain link, and the row it was given. */
function Content({ row }: { row: string }) {
  renders += 1;
  return (
    <ul>
      <li>
        <Link to="/there">There</Link>
      </li>
      <li>
        <a href="/there?from=plain">Plain</a>
      </li>
      <li>
        <a href="/there" target="_blank" rel="noreferrer">
          New tab
        </a>
      </li>
      <li>
        <a href="/file.pdf" download>
          Download
        </a>
      </li>
      <li>{row}</li>
    </ul>
  );
}

/** The page: a static part over `row`, with a button that hands it another row. */
function Page({ initial }: { initial: string }) {
  const [row, setRow] = useState(initial);
  return (
    <>
      <button type="button" onClick={() => setRow("Row two")}>
        Next row
      </button>
      <StaticPart as="section" aria-label="Part" className="part" deps={[row]}>
        <Content row={row} />
      </StaticPart>
    </>
  );
}

/** The page at /here of a memory router, with /there beside it. */
function App() {
  return (
    <MemoryRouter initialEntries={["/here"]}>
      <Routes>
        <Route path="/here" element={<Page initial="Row one" />} />
        <Route path="/there" element={<p>There page</p>} />
      </Routes>
    </MemoryRouter>
  );
}

let root: Root | null = null;

/**
 * Clicks `link` with `init` and says whether the page took the click over (prevented its default)
 * by the time it reached the window; the browser's own navigation is then stopped either way
 * (happy-dom would fetch the address).
 */
function takenOver(link: HTMLElement, init: MouseEventInit = {}): boolean {
  let taken = false;
  const onClick = (event: Event) => {
    taken = event.defaultPrevented;
    event.preventDefault();
  };
  window.addEventListener("click", onClick);
  act(() => void fireEvent.click(link, init));
  window.removeEventListener("click", onClick);
  return taken;
}

/** The server's HTML of App in a container, then hydrated; renders counts from hydration on. */
async function hydrated(): Promise<HTMLElement> {
  const container = document.createElement("div");
  container.innerHTML = renderToString(<App />);
  document.body.append(container);
  renders = 0;
  await act(async () => {
    root = hydrateRoot(container, <App />);
  });
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = "";
  cleanup();
});

describe("StaticPart", () => {
  it("renders its children on the server, in an element marked as a static part", () => {
    renders = 0;
    const html = renderToString(<App />);
    expect(renders).toBe(1);
    expect(html).toMatch(/<section aria-label="Part" class="part" data-static-part="[^"]+"><ul>/);
    expect(html).toContain('<a href="/there" data-discover="true">There</a>');
  });

  it("hydrates without rendering or walking what is inside, the server's markup unchanged", async () => {
    const served = renderToString(<App />);
    const container = await hydrated();
    expect(renders).toBe(0);
    expect(container.innerHTML).toBe(served);
    const part = screen.getByRole("region", { name: "Part" });
    const walked = [...part.querySelectorAll("*")].filter((e) =>
      Object.keys(e).some((key) => key.startsWith("__reactFiber$")),
    );
    expect(walked).toEqual([]);
  });

  it("follows a plain click on a link of the site in the app, router link or plain", async () => {
    await hydrated();
    expect(takenOver(screen.getByRole("link", { name: "Plain" }))).toBe(true);
    expect(await screen.findByText("There page")).toBeTruthy();
  });

  it("leaves modified clicks, other buttons, new tabs and downloads to the browser", async () => {
    await hydrated();
    const link = screen.getByRole("link", { name: "There" });
    expect(takenOver(link, { ctrlKey: true })).toBe(false);
    expect(takenOver(link, { metaKey: true })).toBe(false);
    expect(takenOver(link, { shiftKey: true })).toBe(false);
    expect(takenOver(link, { button: 1 })).toBe(false);
    expect(takenOver(screen.getByRole("link", { name: "New tab" }))).toBe(false);
    expect(takenOver(screen.getByRole("link", { name: "Download" }))).toBe(false);
    expect(screen.queryByText("There page")).toBeNull();
  });

  it("renders its children once its data changes after hydration", async () => {
    await hydrated();
    act(() => fireEvent.click(screen.getByRole("button", { name: "Next row" })));
    expect(renders).toBe(1);
    expect(screen.getByText("Row two")).toBeTruthy();
    expect(screen.queryByText("Row one")).toBeNull();
    // Rendered by React now: its router link takes the click itself.
    expect(takenOver(screen.getByRole("link", { name: "There" }))).toBe(true);
    expect(await screen.findByText("There page")).toBeTruthy();
  });

  it("renders its children when it first renders in the browser (a client-side navigation)", () => {
    renders = 0;
    render(<App />);
    expect(renders).toBe(1);
    expect(screen.getByText("Row one")).toBeTruthy();
  });
});
