// Keeps snippets (code, raw Liquid) out of the normaliser's reach behind placeholders.

const PH = "\u0000";

/** Indices of protected snippets are kept in placeholders no Markdown rule can touch. */
export class Vault {
  private items: string[] = [];

  /** Stores `text` and returns its placeholder: NUL, `kind` (one capital letter), index, NUL. */
  put(kind: string, text: string): string {
    this.items.push(text);
    return `${PH}${kind}${this.items.length - 1}${PH}`;
  }

  /** Puts the stored snippets back in place of their placeholders (unknown ones become ""). */
  restore(text: string): string {
    let out = text;
    // Placeholders can nest (a code span inside a restored block), so restore until stable.
    for (let i = 0; i < 3 && out.includes(PH); i++) {
      out = out.replace(new RegExp(`${PH}[A-Z](\\d+)${PH}`, "g"), (_m, n: string) => {
        return this.items[Number(n)] ?? "";
      });
    }
    return out;
  }
}

/**
 * Protects fenced code blocks, then code spans, in the vault: what a page shows as code stays as
 * written whatever the later rules do.
 */
export function protectCode(md: string, vault: Vault): string {
  return md
    .replace(/^([ \t]*)(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\2[ \t]*$/gm, (m) => vault.put("F", m))
    .replace(/(`+)(?!`)([^\n]*?(?:\n(?!\s*\n)[^\n]*?)*?[^`])\1(?!`)/g, (m) => vault.put("C", m));
}
