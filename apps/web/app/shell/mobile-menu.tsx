// Slide-out menu for narrow screens (docs/product/site.md#mobile-menu): the menu button, and the
// drawer it opens (mobile-menu-drawer.tsx), whose code loads when a reader reaches for the button.
import type { OwnUser } from "@pragmatist/contracts";
import { useEffect, useId, useState } from "react";
import { useLocation } from "react-router";
import { lazyDialog } from "../components/ui/lazy-load";
import { MenuIcon } from "../components/ui/icons";

const drawer = lazyDialog(() => import("./mobile-menu-drawer.tsx"));

/** Whether the menu is open; any navigation (a link in the menu, back/forward) closes it. */
function useMenuOpen() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => {
    setOpen(false);
  }, [location.key]);
  return [open, setOpen] as const;
}

/**
 * The menu button (hidden from `lg` up, where the header shows its links) and the drawer it
 * opens (MobileMenuDrawer). The drawer's code is fetched when the pointer reaches the button or
 * it takes focus, so it is there by the click.
 */
export function MobileMenu({
  siteName,
  newsletterUrl,
  viewer = null,
}: {
  siteName: string;
  newsletterUrl: string;
  /** The signed-in reader, or null (then the menu ends with Login). */
  viewer?: OwnUser | null;
}) {
  const [open, setOpen] = useMenuOpen();
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className="-mr-2 rounded-lg p-2 text-ink hover:bg-line/60 focus-visible:outline-2 focus-visible:outline-accent lg:hidden"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        // The drawer is in the page from its first opening on; named while it is open.
        aria-controls={open ? panelId : undefined}
        onPointerEnter={drawer.preload}
        onFocus={drawer.preload}
        onClick={() => setOpen(true)}
      >
        <MenuIcon size={22} />
      </button>
      <drawer.Component
        id={panelId}
        open={open}
        onClose={() => setOpen(false)}
        siteName={siteName}
        newsletterUrl={newsletterUrl}
        viewer={viewer}
      />
    </>
  );
}
