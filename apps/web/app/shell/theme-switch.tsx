// The theme switch (docs/product/reader.md#theme): three radios, Light, Dark and System, in the
// header and the mobile menu. The head script (lib/theme.ts) applies, remembers and checks them,
// so the switch has no code of its own in the browser.
import type { ComponentType } from "react";
import { type IconProps, strokeIcon } from "../components/ui/icons";
import {
  THEME_CHOICES,
  THEME_SWITCH_ATTRIBUTE,
  type ThemeChoice,
  themeChoiceNow,
} from "../lib/theme";

/** A sun: the light theme. */
const SunIcon = strokeIcon(
  <circle cx="12" cy="12" r="4" />,
  "M12 2.5v2M12 19.5v2M2.5 12h2M19.5 12h2M5.3 5.3l1.4 1.4M17.3 17.3l1.4 1.4M5.3 18.7l1.4-1.4M17.3 6.7l1.4-1.4",
);

/** A crescent moon: the dark theme. */
const MoonIcon = strokeIcon("M20 14.5A8 8 0 1 1 9.5 4a6.5 6.5 0 0 0 10.5 10.5z");

/** A screen: the system's setting. */
const MonitorIcon = strokeIcon(
  <rect x="3.5" y="4.5" width="17" height="12" rx="1.5" />,
  "M9 20h6M12 16.5V20",
);

const icons: Record<ThemeChoice, ComponentType<IconProps>> = {
  light: SunIcon,
  dark: MoonIcon,
  system: MonitorIcon,
};

/**
 * A radio group named "Theme" (a fieldset and its legend; arrow keys move between the choices, as
 * in any radio group, WAI-ARIA APG "Radio Group"): each choice an icon with its name, shown beside
 * it when `labels` (the mobile menu) and as the icon's tooltip otherwise. `name` keeps each
 * switch's radios a group of their own. No radio is checked in the server's HTML (the choice is
 * the browser's); the head script checks the current one once the page is parsed, and a switch
 * first rendered in the browser starts from the page's current choice. Hidden when scripts do
 * not run (app.css), where it could not work.
 */
export function ThemeSwitch({ name, labels = false }: { name: string; labels?: boolean }) {
  const current = themeChoiceNow();
  return (
    <fieldset
      {...{ [THEME_SWITCH_ATTRIBUTE]: "" }}
      className="theme-switch flex items-center gap-0.5 rounded-full border border-line p-0.5"
    >
      <legend className="sr-only">Theme</legend>
      {THEME_CHOICES.map(({ value, label }) => {
        const ChoiceIcon = icons[value];
        return (
          <label
            key={value}
            title={labels ? undefined : label}
            className="flex flex-1 items-center justify-center gap-1.5 rounded-full px-2 py-1.5 text-sm text-muted hover:text-ink has-checked:bg-line has-checked:text-ink has-focus-visible:outline-2 has-focus-visible:outline-accent"
          >
            <input
              type="radio"
              name={name}
              value={value}
              defaultChecked={current === value}
              className="sr-only"
            />
            <ChoiceIcon size={16} />
            <span className={labels ? "" : "sr-only"}>{label}</span>
          </label>
        );
      })}
    </fieldset>
  );
}
