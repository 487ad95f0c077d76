// Subscribe's link (docs/product/newsletter.md#newsletter): an invitation to visitors and to
// members who do not get the newsletter; "Subscribed" to a member who does, still leading to the
// page where they can stop it.
import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../test/route-test-kit.tsx";
import { NewsletterLink } from "./newsletter-link.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const link = (href: string) => (
  <NewsletterLink invites href={href}>
    Subscribe free
  </NewsletterLink>
);

describe("NewsletterLink", () => {
  it("invites a visitor and a member who does not get the newsletter", async () => {
    renderRoute(link("/newsletter"));
    expect((await screen.findByRole("link", { name: "Subscribe free" })).getAttribute("href")).toBe(
      "/newsletter",
    );
    cleanup();
    renderRoute(link("/newsletter"), { viewer: { id: 3 }, subscribed: false });
    expect(await screen.findByRole("link", { name: "Subscribe free" })).toBeTruthy();
  });

  it("says Subscribed to a member who gets it, leading to the newsletter page", async () => {
    renderRoute(link("/newsletter"), { viewer: { id: 3 }, subscribed: true });
    const subscribed = await screen.findByRole("link", { name: "Subscribed" });
    expect(subscribed.getAttribute("href")).toBe("/newsletter");
    expect(screen.queryByText("Subscribe free")).toBeNull();
  });

  it("leaves a link that only names the newsletter alone (the sidebar's Newsletter)", async () => {
    const nav = <NewsletterLink href="/newsletter">Newsletter</NewsletterLink>;
    renderRoute(nav, { viewer: { id: 3 }, subscribed: true });
    expect(await screen.findByRole("link", { name: "Newsletter" })).toBeTruthy();
  });

  it("leaves an external newsletter's invitation alone: our list does not know it", async () => {
    renderRoute(link("https://example.com/brief"), { viewer: { id: 3 }, subscribed: true });
    expect((await screen.findByRole("link", { name: /Subscribe free/ })).getAttribute("href")).toBe(
      "https://example.com/brief",
    );
  });
});
