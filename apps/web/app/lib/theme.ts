// The reader's colour theme (docs/product/reader.md#theme): light, dark or the system's, applied by
// a script in the head of every page before the first paint, so no page ever flashes the other
// theme and no JavaScript chunk is needed to switch it.

/** A reader's choice: a theme, or the system's setting (the default). */
export type ThemeChoice = "light" | "dark" | "system";

/** The choices in the order the switch shows them, with their names. */
export const THEME_CHOICES: readonly { value: ThemeChoice; label: string }[] = [
  { value: "light", label: "Light" },
  { value: "dark", label: "Dark" },
  { value: "system", label: "System" },
];

/** The localStorage key the choice is remembered under (this browser only, no cookie). */
export const THEME_STORAGE_KEY = "pragmatist-theme";

/**
 * The browser's toolbar colour (`<meta name="theme-color">`) in each theme: the header's surface
 * (app.css `--color-surface`).
 */
export const THEME_COLORS = { light: "#ffffff", dark: "#151b23" } as const;

/** The attribute a theme switch's element carries: the head script handles its radios. */
export const THEME_SWITCH_ATTRIBUTE = "data-theme-switch";

/**
 * The head script of every page (inline, with the page's CSP nonce, root.tsx). On `<html>` it
 * sets `data-theme-choice` (the remembered choice: "light", "dark", else "system") and
 * `data-theme` ("light" or "dark": the choice, or for "system" the `prefers-color-scheme` media
 * query, followed as it changes), which app.css's tokens and `color-scheme` follow. It handles the
 * radios of every theme switch (`[data-theme-switch] input`, wherever they render) by one
 * delegated `change` listener: applied at once, remembered in localStorage, every switch's
 * radios checked to match (also once the page is parsed, and when another tab changes the
 * choice). The toolbar colours (`meta[name=theme-color]`, THEME_COLORS) follow the theme once
 * the page is parsed. Without storage (private modes, blocked) the choice lasts for the page.
 */
export const THEME_SCRIPT = `(()=>{
const d=document,r=d.documentElement,m=matchMedia("(prefers-color-scheme: dark)"),k="${THEME_STORAGE_KEY}";
const paint=()=>{for(const t of d.querySelectorAll("meta[name=theme-color]"))t.content=r.dataset.theme=="dark"?"${THEME_COLORS.dark}":"${THEME_COLORS.light}"};
const apply=()=>{const c=r.dataset.themeChoice;r.dataset.theme=c=="system"?(m.matches?"dark":"light"):c;paint()};
const choose=v=>{r.dataset.themeChoice=v=="light"||v=="dark"?v:"system";apply()};
const sync=()=>{for(const i of d.querySelectorAll("[${THEME_SWITCH_ATTRIBUTE}] input"))i.checked=i.value==r.dataset.themeChoice};
try{choose(localStorage.getItem(k))}catch{choose()}
m.addEventListener("change",apply);
d.addEventListener("readystatechange",()=>{sync();paint()});
d.addEventListener("change",e=>{const i=e.target;if(!i.closest("[${THEME_SWITCH_ATTRIBUTE}]"))return;choose(i.value);try{localStorage.setItem(k,i.value)}catch{}sync()});
addEventListener("storage",e=>{if(e.key==k){choose(e.newValue);sync()}});
})()`.replace(/\n/g, "");

/**
 * The choice the head script applied to this page (`<html data-theme-choice>`), for a switch
 * rendered in the browser; null on the server, where the page is the same for every reader and
 * the script checks the server's radios once they are parsed.
 */
export function themeChoiceNow(): ThemeChoice | null {
  if (typeof document === "undefined") return null;
  return (document.documentElement.dataset.themeChoice as ThemeChoice | undefined) ?? null;
}
