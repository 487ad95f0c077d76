// The slide-out menu (docs/product/site.md#mobile-menu): its links, Login or the reader's account,
// Studio for staff, and closing on a link click and on the close button.
import type { OwnUser } from "@pragmatist/contracts";
import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import { MobileMenu } from "./mobile-menu";

/** Renders the menu and opens it; the drawer's code loads on demand, so its dialog is awaited. */
async function renderMenu(viewer: OwnUser | null) {
  renderRoute(
    <MobileMenu
      siteName="Crypto Pragmatist"
      newsletterUrl="https://news.example"
      viewer={viewer}
    />,
    { path: "*", at: "/" },
  );
  const open = screen.getByRole("button", { name: "Open menu" });
  // The drawer is not part of the page until the menu is opened.
  expect(screen.queryByRole("dialog", { hidden: true })).toBeNull();
  fireEvent.click(open);
  const dialog = (await screen.findByRole("dialog", { hidden: true })) as HTMLDialogElement;
  return { open, dialog, menu: within(dialog) };
}

const reader = (role: OwnUser["role"]) =>
  ({ id: 1, username: "Maya Okafor", role, profilePicture: null }) as unknown as OwnUser;

describe("MobileMenu", () => {
  it("lists the sections, marks the current page and ends with Login when signed out", async () => {
    const { open, dialog, menu } = await renderMenu(null);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    expect(dialog.open).toBe(true);
    // The labels in order are the browser test's (e2e/library.test.ts): here, the ends.
    const links = menu.getAllByRole("link", { hidden: true }).map((a) => a.textContent);
    expect(links).toHaveLength(10);
    expect([links[0], links.at(-1)]).toEqual(["Crypto Pragmatist", "Login"]);
    const research = menu.getByRole("link", { name: "Research", hidden: true });
    expect(research.getAttribute("aria-current")).toBe("page");
    // The research home's chips are never the current page.
    const categories = menu.getByRole("link", { name: "Categories", hidden: true });
    expect(categories.getAttribute("aria-current")).toBeNull();
    const subscribe = menu.getByRole("link", { name: /Subscribe/, hidden: true });
    expect(subscribe.getAttribute("href")).toBe("https://news.example");
    expect(subscribe.getAttribute("target")).toBe("_blank");
  });

  it("gives a signed-in reader their account, and staff the studio", async () => {
    const { menu } = await renderMenu(reader("editor"));
    expect(menu.queryByRole("link", { name: "Login", hidden: true })).toBeNull();
    const account = menu.getByRole("link", { name: /Your account/, hidden: true });
    expect(account.getAttribute("href")).toBe("/account");
    expect(account.textContent).toBe("MOMaya OkaforYour account");
    expect(menu.getByRole("link", { name: "Studio", hidden: true }).getAttribute("href")).toBe(
      "/studio",
    );
  });

  it("shows no studio to a member", async () => {
    const { menu } = await renderMenu(reader("member"));
    expect(menu.queryByRole("link", { name: "Studio", hidden: true })).toBeNull();
  });

  it("closes on a link click and on the close button", async () => {
    const { open, dialog, menu } = await renderMenu(null);
    fireEvent.click(menu.getByRole("link", { name: "Categories", hidden: true }));
    expect(open.getAttribute("aria-expanded")).toBe("false");
    expect(dialog.open).toBe(false);
    fireEvent.click(open);
    expect(open.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(menu.getByRole("button", { name: "Close menu", hidden: true }));
    expect(open.getAttribute("aria-expanded")).toBe("false");
  });
});
