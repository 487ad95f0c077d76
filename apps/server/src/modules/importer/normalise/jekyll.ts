// Jekyll markup of Bitcoin Optech pages: Liquid tags and variables, kramdown attribute lists.
import type { NormaliseContext } from "./context.ts";
import { collapseWhitespace } from "./markdown-text.ts";
import type { Vault } from "./vault.ts";

/**
 * Removes Liquid and HTML comments and expands Liquid: `{% comment %}` blocks go, `{% capture %}`
 * and `{% assign %}` set variables and go, `{% raw %}` text is protected in the vault, any other
 * tag goes (with its line when alone on it); `{{ var }}` becomes an assigned value, `page.*`
 * front matter (`ctx.page`), the origin for `site.url`, else nothing (`site.baseurl` included).
 */
export function expandLiquid(md: string, ctx: NormaliseContext, vault: Vault): string {
  const vars = new Map<string, string>();
  return md
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/\{%-?\s*comment\s*-?%\}[\s\S]*?\{%-?\s*endcomment\s*-?%\}/g, "")
    .replace(
      /\{%-?\s*capture\s+(\w+)\s*-?%\}([\s\S]*?)\{%-?\s*endcapture\s*-?%\}/g,
      (_m, name: string, value: string) => {
        vars.set(name, value.trim());
        return "";
      },
    )
    .replace(/\{%-?\s*raw\s*-?%\}([\s\S]*?)\{%-?\s*endraw\s*-?%\}/g, (_m, raw: string) =>
      vault.put("R", raw),
    )
    .replace(
      /[ \t]*\{%-?\s*assign\s+(\w+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^%\s]+))[^%]*-?%\}/g,
      (_m, name: string, dq?: string, sq?: string, bare?: string) => {
        vars.set(name, dq ?? sq ?? bare ?? "");
        return "";
      },
    )
    .replace(/^[ \t]*\{%[\s\S]*?%\}[ \t]*$\n?/gm, "")
    .replace(/[ \t]*\{%[\s\S]*?%\}/g, "")
    .replace(/\{\{-?\s*([\w.]+)\s*(?:\|[^}]*)?-?\}\}/g, (_m, expr: string) =>
      liquidValue(expr, ctx, vars),
    );
}

/** The value of a Liquid `{{ expr }}` (see `expandLiquid`). */
function liquidValue(expr: string, ctx: NormaliseContext, vars: Map<string, string>): string {
  if (expr === "site.baseurl") return "";
  if (expr === "site.url") return ctx.origin;
  if (expr.startsWith("page.")) {
    const v = ctx.page?.[expr.slice(5)];
    return typeof v === "string" || typeof v === "number" ? collapseWhitespace(String(v)) : "";
  }
  return vars.get(expr) ?? "";
}

/** Removes kramdown attribute lists (`{:.class}`, `{:#id}`, alone on a line or inline) and heading ids (`{#id}`). */
export function stripKramdownAttributes(md: string): string {
  return md
    .replace(/^[ \t]*\{:[^}\n]*\}[ \t]*$\n?/gm, "")
    .replace(/[ \t]*\{:[^}\n]*\}/g, "")
    .replace(/[ \t]*\{#[\w:.-]+\}/g, "");
}

/**
 * kramdown's typographic symbol for an em dash: "---" between two words ("questions---or")
 * becomes "—". Addresses ("https://x.example/a---b", a link target) keep theirs; code is in the
 * vault already; a line of dashes (a rule) is not between words.
 */
export function kramdownEmDashes(md: string): string {
  return md.replace(/(?<=[A-Za-z0-9])---(?=[A-Za-z0-9])/g, (dashes, at: number) => {
    const word = /\S*$/.exec(md.slice(0, at))?.[0] ?? "";
    return word.includes("/") ? dashes : "—";
  });
}
