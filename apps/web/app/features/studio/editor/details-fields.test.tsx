// The editor's side fields as an editor sees them (docs/product/studio.md#studio-editor): the
// publish date as ISO 8601 date and 24-hour time in UTC as text, whatever the browser's locale,
// with a plain message for a date that is not one; and the term fields, which offer the terms in
// use and take a new one only on purpose (docs/product/studio.md#studio-terms); and the search and
// social fields with the card a shared link makes (docs/product/studio.md#studio-seo).
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../../../test/route-test-kit";
import { type ArticleForm, TERMS_MAX, formOf } from "../article-form";
import { DetailsFields } from "./details-fields";
import { bindTextFields } from "./field-binding";

/**
 * The side fields over a form dated `publishDate` (ISO 8601) with the fields of `initial`, as the
 * editor binds them.
 */
function Harness({
  publishDate,
  initial = {},
}: {
  publishDate: string;
  initial?: Partial<ArticleForm>;
}) {
  const [form, setForm] = useState<ArticleForm>(() => ({
    ...formOf(null, new Date(publishDate)),
    ...initial,
  }));
  const edit = (patch: Partial<ArticleForm>) => setForm((f) => ({ ...f, ...patch }));
  return (
    <>
      <DetailsFields
        form={form}
        field={bindTextFields(form, {}, edit)}
        edit={edit}
        fieldErrors={{}}
        editor
        canEdit
      />
      <output aria-label="Stored categories">{form.categories}</output>
    </>
  );
}

/** `GET /api/studio/terms` as the server answers it: the terms in use, most used first. */
const termsInUse = {
  categories: [
    { name: "DeFi", slug: "defi", articleCount: 12 },
    { name: "Security", slug: "security", articleCount: 7 },
    { name: "Decentralised identity", slug: "decentralised-identity", articleCount: 1 },
  ],
  tags: [],
  ecosystems: [],
};

/** Where `POST /api/studio/images` stores the picture uploaded in these tests. */
const STORED = "/uploads/articles/images/1200x630-cccccccccccccccc.webp";

beforeEach(() => {
  vi.stubGlobal("fetch", async (url: string) => {
    if (url === "/api/studio/terms") return Response.json({ data: termsInUse });
    if (url === "/api/studio/images")
      return Response.json([{ id: 41, url: STORED }], { status: 201 });
    return Response.json({ data: null }, { status: 404 });
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const dateField = () => screen.getByLabelText("Publish date (UTC)") as HTMLInputElement;

describe("the publish date field", () => {
  it("shows the date as YYYY-MM-DD HH:MM, 24-hour, in a text field", () => {
    renderRoute(<Harness publishDate="2026-11-24T14:05:00.000Z" />);
    // Not a datetime-local input: the browser would show it in its locale (11/24/2026, 02:05 PM).
    expect(dateField().type).toBe("text");
    expect(dateField().value).toBe("2026-11-24 14:05");
    expect(dateField().getAttribute("aria-invalid")).toBeNull();
  });

  it("says how to write a date it cannot read, until it can", () => {
    renderRoute(<Harness publishDate="2026-11-24T14:05:00.000Z" />);
    fireEvent.change(dateField(), { target: { value: "11/24/2026 2:05 PM" } });
    expect(dateField().getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Write the date as YYYY-MM-DD HH:MM (24-hour, UTC)")).toBeTruthy();
    fireEvent.change(dateField(), { target: { value: "2026-11-24 14:05" } });
    expect(dateField().getAttribute("aria-invalid")).toBeNull();
    expect(screen.queryByText(/Write the date as/)).toBeNull();
  });
});

describe("the term fields", () => {
  const box = () => screen.getByRole("combobox", { name: "Categories" });
  const stored = () => screen.getByRole("status", { name: "Stored categories" }).textContent;
  const type = (text: string) => fireEvent.change(box(), { target: { value: text } });
  /** Renders the fields and lets the terms in use arrive. */
  const open = async () => {
    renderRoute(<Harness publishDate="2026-11-24T14:05:00.000Z" />);
    await act(async () => {});
  };

  it("offers the terms in use that hold what is typed, most used first, and adds the chosen one", async () => {
    await open();
    type("de");
    const options = screen.getAllByRole("option").map((o) => o.textContent);
    expect(options).toEqual([
      "DeFi12 articles",
      "Decentralised identity1 article",
      "Add new category “de”",
    ]);
    fireEvent.keyDown(box(), { key: "Enter" });
    // The term as it is spelled in use, not as typed.
    expect(stored()).toBe("DeFi");
    expect(box()).toHaveProperty("value", "");
    const chosen = screen.getByRole("list", { name: "Categories chosen" });
    expect(within(chosen).getByText("DeFi")).toBeTruthy();
  });

  it("takes a new term only through its own option, and removes a chip", async () => {
    await open();
    type("defi");
    // Typed in another case, the term in use is the only option: no second "DeFi".
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual(["DeFi12 articles"]);
    type("Restaking");
    expect(screen.getAllByRole("option").map((o) => o.textContent)).toEqual([
      "Add new category “Restaking”",
    ]);
    fireEvent.keyDown(box(), { key: "Enter" });
    type("sec");
    fireEvent.click(screen.getByRole("option", { name: /Security/ }));
    expect(stored()).toBe("Restaking, Security");
    fireEvent.click(screen.getByRole("button", { name: "Remove category Restaking" }));
    expect(stored()).toBe("Security");
    // Leaving the box chooses nothing.
    type("Typo");
    fireEvent.blur(box());
    expect(stored()).toBe("Security");
  });

  it(`stops at ${TERMS_MAX} terms and says why, so none is dropped when the form is sent`, async () => {
    await open();
    for (let i = 1; i <= TERMS_MAX; i++) {
      type(`Topic ${i}`);
      fireEvent.keyDown(box(), { key: "Enter" });
    }
    expect(stored()?.split(", ")).toHaveLength(TERMS_MAX);
    type("One more");
    expect(screen.queryAllByRole("option")).toEqual([]);
    fireEvent.keyDown(box(), { key: "Enter" });
    expect(stored()?.split(", ")).toHaveLength(TERMS_MAX);
    expect(screen.getByText(`An article takes ${TERMS_MAX} at most.`)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Remove category Topic 1" }));
    expect(screen.queryByText(`An article takes ${TERMS_MAX} at most.`)).toBeNull();
  });
});

describe("the search and social fields", () => {
  it("count against what a search result shows, and the card shows what a shared link will", async () => {
    renderRoute(<Harness publishDate="2026-11-24T14:05:00.000Z" />);
    await act(async () => {});
    const card = () => screen.getByRole("figure", { name: "Shared link" }).textContent;
    expect(screen.getByText("Empty: the title.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Meta title"), {
      target: { value: "Staking, plainly: what a validator earns and what it risks, in one page" },
    });
    expect(screen.getByText("71 / 60 characters: search results cut what is past 60")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Meta description"), {
      target: { value: "Rewards, penalties and the exit queue." },
    });
    expect(screen.getByText("38 / 155 characters")).toBeTruthy();
    expect(card()).toContain("Staking, plainly: what a validator earns");
    expect(card()).toContain("Rewards, penalties and the exit queue.");
    expect(card()).toContain("No picture: set a thumbnail");
  });

  it("show the social image on the card, else the thumbnail, and remove it", async () => {
    const thumbnail = { id: 7, url: "/uploads/articles/images/1600x900-thumb.webp" };
    renderRoute(<Harness publishDate="2026-11-24T14:05:00.000Z" initial={{ thumbnail }} />);
    await act(async () => {});
    const picture = () =>
      screen.getByRole("figure", { name: "Shared link" }).querySelector("img")?.getAttribute("src");
    expect(picture()).toBe(thumbnail.url);
    expect(screen.getByText("Empty: the thumbnail. 1200 × 630 works everywhere.")).toBeTruthy();
    const png = new File([new Uint8Array([137, 80, 78, 71])], "card.png", { type: "image/png" });
    await act(async () => {
      fireEvent.change(screen.getByLabelText("Social image"), { target: { files: [png] } });
    });
    await waitFor(() => expect(picture()).toBe(STORED));
    fireEvent.click(screen.getByRole("button", { name: "Remove social image" }));
    expect(picture()).toBe(thumbnail.url);
    expect(screen.queryByRole("button", { name: "Remove social image" })).toBeNull();
  });
});
