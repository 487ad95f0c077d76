// The root loader's data (site settings + the footer's latest News), read by the shared layout.
import type { SiteSettings } from "@pragmatist/contracts";
import { useRouteLoaderData } from "react-router";

/** One "Latest News" footer entry (docs/product/site.md#footer: the 3 latest News articles). */
export interface PopularItem {
  id: number;
  title: string;
  slug: string;
  publishDate: string;
}

/** What `app/root.tsx`'s loader returns. */
export interface SiteData {
  site: SiteSettings;
  popular: PopularItem[];
}

/** Fallback settings for screens rendered without the root loader's data (its error boundary). */
export const defaultSite: SiteSettings = {
  name: "Crypto Pragmatist",
  publicUrl: "",
  newsletterUrl: "/newsletter",
  partnerFormUrl: null,
};

/** The root loader's data, or undefined when the root loader failed. */
export function useSiteData(): SiteData | undefined {
  return useRouteLoaderData("root") as SiteData | undefined;
}

/** Site settings from the root loader, or `defaultSite`. */
export function useSite(): SiteSettings {
  return useSiteData()?.site ?? defaultSite;
}
