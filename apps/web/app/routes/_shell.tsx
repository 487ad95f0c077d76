// Shared layout of home, ecosystems and market reports (docs/product/site.md#shared-layout): the
// newsletter banner, then the left sidebar (wide screens) beside the page.
import { Outlet } from "react-router";
import { NewsletterBanner } from "../features/newsletter/newsletter-banner";
import { Sidebar } from "../shell/sidebar";
import { useSite } from "../lib/site-data";

/** The layout route: the newsletter banner above the sidebar and the page's `<main id="main">`. */
export default function Shell() {
  const site = useSite();
  return (
    <>
      <NewsletterBanner newsletterUrl={site.newsletterUrl} />
      <div className="mx-auto flex max-w-[100rem] gap-8 px-4 pt-6 sm:px-6 lg:gap-10 lg:pt-8">
        <Sidebar newsletterUrl={site.newsletterUrl} />
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
    </>
  );
}
