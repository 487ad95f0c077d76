// The partner call-to-action (docs/product/site.md#about, #services): its button opens the
// configured form in a new tab, and there is no button while no form is configured.
//
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { PartnerCta } from "./partner-cta";

describe("PartnerCta", () => {
  it("opens the configured form in a new tab", () => {
    render(<PartnerCta formUrl="https://forms.example.com/partners" />);
    const link = screen.getByRole("link", { name: /Start an enquiry/ });
    expect(link.getAttribute("href")).toBe("https://forms.example.com/partners");
    expect(link.getAttribute("target")).toBe("_blank");
    expect(link.getAttribute("rel")).toBe("noopener noreferrer");
  });

  it("shows no button while no form is configured", () => {
    render(<PartnerCta formUrl={null} />);
    expect(screen.getByRole("heading", { name: "Partner with us" })).toBeTruthy();
    expect(screen.queryByRole("link")).toBeNull();
  });
});
