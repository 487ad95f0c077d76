// The theme (docs/product/reader.md#theme): the head script of every page applies the remembered
// choice to <html> before the first paint, "System" following the media query, and makes the
// switches' radios apply, remember and show the choice (each test runs it in a page of its own);
// the switch is a named radio group.
import { render, screen, within } from "@testing-library/react";
import { renderToStaticMarkup } from "react-dom/server";
import { Window } from "happy-dom";
import { afterEach, describe, expect, it } from "vitest";
import { THEME_COLORS, THEME_SCRIPT, THEME_STORAGE_KEY } from "../lib/theme";
import { ThemeSwitch } from "./theme-switch";

/** A `prefers-color-scheme: dark` query whose answer the test flips. */
function systemScheme(dark: boolean) {
  const listeners = new Set<() => void>();
  return {
    matches: dark,
    addEventListener: (_: string, listener: () => void) => listeners.add(listener),
    flip(next: boolean) {
      this.matches = next;
      for (const listener of listeners) listener();
    },
  };
}

/**
 * A fresh page with `stored` as the remembered choice (none when undefined), the system in dark
 * mode when `dark`, the body `html`, and the head script run in it.
 */
function pageWithScript({
  stored,
  dark = false,
  html = "",
}: {
  stored?: string;
  dark?: boolean;
  html?: string;
}) {
  const window = new Window({ url: "https://pragmatist.test/" });
  if (stored !== undefined) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
  window.document.body.innerHTML = html;
  const scheme = systemScheme(dark);
  const run = new Function(
    "document",
    "localStorage",
    "matchMedia",
    "addEventListener",
    THEME_SCRIPT,
  );
  run(window.document, window.localStorage, () => scheme, window.addEventListener.bind(window));
  // happy-dom's own types, as the page's: the test reads it as a browser's document.
  const document = window.document as unknown as Document;
  return { window, scheme, root: document.documentElement, document };
}

const twoSwitches =
  renderToStaticMarkup(<ThemeSwitch name="theme" />) +
  renderToStaticMarkup(<ThemeSwitch name="theme-menu" labels />);

describe("the theme's head script", () => {
  it("follows the system when nothing is remembered", () => {
    expect(pageWithScript({ dark: false }).root.dataset).toMatchObject({
      theme: "light",
      themeChoice: "system",
    });
    expect(pageWithScript({ dark: true }).root.dataset).toMatchObject({
      theme: "dark",
      themeChoice: "system",
    });
  });

  it("applies a remembered Light or Dark whatever the system says", () => {
    expect(pageWithScript({ stored: "dark", dark: false }).root.dataset.theme).toBe("dark");
    expect(pageWithScript({ stored: "light", dark: true }).root.dataset.theme).toBe("light");
  });

  it("takes an unknown remembered value for System", () => {
    const { root } = pageWithScript({ stored: "sepia", dark: true });
    expect(root.dataset).toMatchObject({ theme: "dark", themeChoice: "system" });
  });

  it("follows the system's setting as it changes on System only", () => {
    const system = pageWithScript({ dark: false });
    system.scheme.flip(true);
    expect(system.root.dataset.theme).toBe("dark");
    const light = pageWithScript({ stored: "light", dark: false });
    light.scheme.flip(true);
    expect(light.root.dataset.theme).toBe("light");
  });

  it("checks the current choice in every switch once the page is parsed", () => {
    const { document, window } = pageWithScript({ stored: "dark", html: twoSwitches });
    // The server's HTML checks none: the choice is the browser's.
    expect(document.querySelectorAll("input:checked")).toHaveLength(0);
    document.dispatchEvent(new window.Event("readystatechange") as unknown as Event);
    const checked = [...document.querySelectorAll<HTMLInputElement>("input:checked")];
    expect(checked.map((radio) => `${radio.name}=${radio.value}`)).toEqual([
      "theme=dark",
      "theme-menu=dark",
    ]);
  });

  it("applies and remembers a radio picked, and shows it in the other switch", () => {
    const { document, root, window } = pageWithScript({ html: twoSwitches });
    const radio = document.querySelector<HTMLInputElement>(
      'input[name="theme-menu"][value="dark"]',
    )!;
    radio.click();
    expect(root.dataset).toMatchObject({ theme: "dark", themeChoice: "dark" });
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    const header = document.querySelector<HTMLInputElement>('input[name="theme"]:checked');
    expect(header?.value).toBe("dark");
  });

  it("gives the browser's toolbar the chosen theme's colour once the page is parsed", () => {
    const metas =
      `<meta name="theme-color" media="(prefers-color-scheme: light)" content="${THEME_COLORS.light}">` +
      `<meta name="theme-color" media="(prefers-color-scheme: dark)" content="${THEME_COLORS.dark}">`;
    const { document, window } = pageWithScript({ stored: "dark", dark: false, html: metas });
    const colours = () =>
      [...document.querySelectorAll<HTMLMetaElement>("meta[name=theme-color]")].map(
        (meta) => meta.content,
      );
    document.dispatchEvent(new window.Event("readystatechange") as unknown as Event);
    expect(colours()).toEqual([THEME_COLORS.dark, THEME_COLORS.dark]);
    window.dispatchEvent(
      new window.StorageEvent("storage", { key: THEME_STORAGE_KEY, newValue: "light" }),
    );
    expect(colours()).toEqual([THEME_COLORS.light, THEME_COLORS.light]);
  });

  it("follows a choice made in another tab", () => {
    const { window, root } = pageWithScript({ stored: "light", dark: false });
    window.dispatchEvent(
      new window.StorageEvent("storage", { key: THEME_STORAGE_KEY, newValue: "dark" }),
    );
    expect(root.dataset.theme).toBe("dark");
  });
});

describe("ThemeSwitch", () => {
  afterEach(() => delete document.documentElement.dataset.themeChoice);

  it("is a radio group named Theme with Light, Dark and System", () => {
    render(<ThemeSwitch name="theme" />);
    const group = within(screen.getByRole("group", { name: "Theme" }));
    expect(group.getAllByRole("radio").map((radio) => radio.getAttribute("value"))).toEqual([
      "light",
      "dark",
      "system",
    ]);
    for (const name of ["Light", "Dark", "System"]) group.getByRole("radio", { name });
  });

  it("starts from the page's choice when first rendered in the browser (the mobile menu)", () => {
    document.documentElement.dataset.themeChoice = "dark";
    render(<ThemeSwitch name="theme-menu" labels />);
    const checked = screen.getAllByRole("radio", { checked: true });
    expect(checked.map((radio) => radio.getAttribute("value"))).toEqual(["dark"]);
  });
});
