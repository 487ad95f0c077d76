// Site header on every page (docs/product/site.md#header): logo, About Us, Partner with us,
// the theme switch, Subscribe, and Login or, for a signed-in reader, the notifications bell and
// their round profile picture linking to /account.
import { NewsletterLink } from "../components/newsletter-link.tsx";
import type { OwnUser } from "@pragmatist/contracts";
import { Link, NavLink } from "react-router";
import { ByViewer } from "../components/by-viewer";
import { buttonClass } from "../components/ui/button";
import { ExternalIcon } from "../components/ui/icons";
import { lazyPart } from "../components/ui/lazy-load";
import { isStaff, useViewer } from "../lib/viewer";
import { Logo } from "../components/logo";
import { MobileMenu } from "./mobile-menu";
import { StaticPart } from "../components/ui/static-part";

/** The bell: signed-in readers only, so its code loads when one is shown; its place is kept. */
const NotificationsBell = lazyPart(
  () => import("./notifications-bell").then((m) => m.NotificationsBell),
  () => <span className="block size-9 shrink-0" />,
);

/** The blank circle that holds the place of a member's picture. */
const blankPicture = <span className="block size-[35px] rounded-full bg-line" />;

/** A member's picture: signed-in readers only, so its code loads when one is shown. */
const Avatar = lazyPart(
  () => import("../components/ui/avatar").then((m) => m.Avatar),
  () => blankPicture,
);

/**
 * The theme switch: the page keeps the server's HTML (a static part the head script works), so
 * its code loads only where the header first renders in the browser (an error screen's frame).
 */
const ThemeSwitch = lazyPart(() => import("./theme-switch").then((m) => m.ThemeSwitch));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2.5 py-1.5 text-sm font-medium transition-colors hover:text-ink ${
    isActive ? "text-ink" : "text-muted"
  }`;

/**
 * The 35 px picture (initials when none) that opens the account page (docs/product/site.md#header);
 * a blank circle of the same size until GET /api/viewer names the reader.
 */
function AccountLink({ viewer, className = "" }: { viewer: OwnUser | null; className?: string }) {
  return (
    <Link
      to="/account"
      // A flex box: the picture sits on no text line, so the blank circle and the picture that
      // replaces it are the same 35 px high (CLS 0).
      className={`flex rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ${className}`}
      aria-label={viewer ? `Your account (${viewer.username})` : "Your account"}
      title="Your account"
    >
      {viewer ? (
        <Avatar name={viewer.username} url={viewer.profilePicture?.url} size={35} />
      ) : (
        blankPicture
      )}
    </Link>
  );
}

/**
 * The sticky header: the logo (home), then from `md` up About Us, Partner with us, Studio (staff),
 * the theme switch (the server's HTML, which the head script works: no code hydrates it),
 * Subscribe (the external newsletter) and Login or the reader's picture, then a member's
 * notifications bell; below `md` the bell, the picture and the slide-out menu. The page is the same for every reader: the reader comes from GET
 * /api/viewer after hydration, and until then the member hint picks Login or a blank picture.
 */
export function SiteHeader({
  siteName,
  newsletterUrl,
}: {
  siteName: string;
  newsletterUrl: string;
}) {
  const viewer = useViewer();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/90 backdrop-blur supports-[backdrop-filter]:bg-surface/80">
      <div className="mx-auto flex h-16 max-w-[100rem] items-center gap-4 px-4 sm:px-6">
        <Link
          to="/"
          className="rounded-md focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
          aria-label={`${siteName} home`}
        >
          <Logo name={siteName} />
        </Link>
        <nav aria-label="Main" className="ml-auto hidden items-center gap-1 md:flex">
          <NavLink to="/about" className={navLinkClass}>
            About Us
          </NavLink>
          <NavLink to="/services" className={navLinkClass}>
            Partner with us
          </NavLink>
          {isStaff(viewer?.role) && (
            <NavLink to="/studio" className={navLinkClass}>
              Studio
            </NavLink>
          )}
          <StaticPart deps={[]} className="ml-2">
            <ThemeSwitch name="theme" />
          </StaticPart>
          <NewsletterLink
            invites
            href={newsletterUrl}
            className={buttonClass("secondary", "sm", "ml-3")}
            external={<ExternalIcon size={15} className="-mr-0.5 text-muted" />}
          >
            Subscribe
          </NewsletterLink>
          <ByViewer
            member={<AccountLink viewer={viewer} className="ml-3" />}
            anonymous={
              <Link to="/login" className={buttonClass("primary", "sm", "ml-2")}>
                Login
              </Link>
            }
          />
        </nav>
        <div className="ml-auto flex items-center gap-3 md:ml-2">
          <ByViewer member={<NotificationsBell />} anonymous={null} />
          <ByViewer
            member={<AccountLink viewer={viewer} className="md:hidden" />}
            anonymous={null}
          />
          <MobileMenu siteName={siteName} newsletterUrl={newsletterUrl} viewer={viewer} />
        </div>
      </div>
    </header>
  );
}
