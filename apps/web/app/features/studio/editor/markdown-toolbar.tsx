// The body's formatting toolbar (docs/product/studio.md#studio-toolbar): GitHub's
// markdown-toolbar-element does the editing (selection-aware bold, italic, heading, link, quote,
// code, lists, through the browser's undo history) and the toolbar's arrow-key focus (WAI-ARIA
// toolbar pattern); the image button picks files for the body's uploads. Markdown stays the
// stored format.
import { type KeyboardEvent, useEffect, useRef } from "react";
import { strokeIcon } from "../../../components/ui/icons";

declare module "react" {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace JSX {
    /** GitHub's toolbar elements, as React 19 passes their props (attributes; className as class). */
    interface IntrinsicElements {
      "markdown-toolbar": import("react").HTMLAttributes<HTMLElement> & { for: string };
      "md-header": import("react").HTMLAttributes<HTMLElement> & { level?: string };
      "md-bold": import("react").HTMLAttributes<HTMLElement>;
      "md-italic": import("react").HTMLAttributes<HTMLElement>;
      "md-quote": import("react").HTMLAttributes<HTMLElement>;
      "md-code": import("react").HTMLAttributes<HTMLElement>;
      "md-link": import("react").HTMLAttributes<HTMLElement>;
      "md-unordered-list": import("react").HTMLAttributes<HTMLElement>;
      "md-ordered-list": import("react").HTMLAttributes<HTMLElement>;
    }
  }
}

const LinkIcon = strokeIcon(
  "M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1",
  "M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1",
);
const QuoteIcon = strokeIcon(
  "M6 17h4v-5H6.5C6.5 9 8 7.5 10 7",
  "M14 17h4v-5h-3.5c0-3 1.5-4.5 3.5-5",
);
const CodeIcon = strokeIcon("M9 8l-4 4 4 4M15 8l4 4-4 4");
const ListIcon = strokeIcon("M9 7h11M9 12h11M9 17h11", "M4.5 7h.01M4.5 12h.01M4.5 17h.01");
const NumberedIcon = strokeIcon("M10 7h10M10 12h10M10 17h10", "M4 6l1.5-1v4M4 14h2.5L4 17h2.5");
const ImageIcon = strokeIcon(
  <rect key="frame" x="3.5" y="5" width="17" height="14" rx="2" />,
  <circle key="sun" cx="9" cy="10" r="1.5" />,
  "M20.5 16l-5-5-8 8",
);

const buttonClass =
  "inline-grid h-8 min-w-8 cursor-pointer place-items-center rounded-md px-1.5 text-sm text-muted hover:bg-page hover:text-ink focus-visible:outline-2 focus-visible:outline-accent";

/**
 * A toolbar button's attributes: its role (the library leaves it to the page), name, tooltip and
 * look; the toolbar gives it its place in the tab order (one tab stop, arrow keys between).
 */
const button = (label: string, title: string) => ({
  role: "button",
  "aria-label": label,
  title,
  className: buttonClass,
});

/** "Ctrl+B", or "⌘B" on Apple systems, for the buttons' titles. */
function shortcut(key: string): string {
  const apple = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  return apple ? `⌘${key}` : `Ctrl+${key}`;
}

/**
 * A keydown handler for the textarea: Ctrl/Cmd+B, I and K press its toolbar's bold, italic and
 * link buttons; other keys are the textarea's.
 */
export function formattingKeys(event: KeyboardEvent<HTMLTextAreaElement>) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
  const tag = { b: "md-bold", i: "md-italic", k: "md-link" }[event.key.toLowerCase()];
  const toolbar = document.querySelector(
    `markdown-toolbar[for="${CSS.escape(event.currentTarget.id)}"]`,
  );
  const button = tag ? toolbar?.querySelector<HTMLElement>(tag) : null;
  if (!button) return;
  event.preventDefault();
  button.click();
}

/**
 * The toolbar over the textarea `textareaId`; `onImages` gets the files picked with the image
 * button.
 */
export function MarkdownToolbar({
  textareaId,
  onImages,
  disabled,
}: {
  textareaId: string;
  onImages: (files: File[]) => void;
  disabled: boolean;
}) {
  const picker = useRef<HTMLInputElement>(null);
  // The custom elements are defined in the browser only (they extend HTMLElement): until then
  // they are inert markup, as on the server.
  useEffect(() => {
    void import("@github/markdown-toolbar-element");
  }, []);
  return (
    <div>
      <markdown-toolbar
        for={textareaId}
        aria-label="Formatting"
        className={`flex flex-wrap items-center gap-0.5 border-b border-line pb-2 ${disabled ? "pointer-events-none opacity-50" : ""}`}
      >
        <md-header level="2" {...button("Heading", "Heading")}>
          <span className="font-semibold">H</span>
        </md-header>
        <md-bold {...button("Bold", `Bold (${shortcut("B")})`)}>
          <span className="font-bold">B</span>
        </md-bold>
        <md-italic {...button("Italic", `Italic (${shortcut("I")})`)}>
          <span className="font-serif italic">I</span>
        </md-italic>
        <md-link {...button("Link", `Link (${shortcut("K")})`)}>
          <LinkIcon size={18} />
        </md-link>
        <md-quote {...button("Quote", "Quote")}>
          <QuoteIcon size={18} />
        </md-quote>
        <md-code {...button("Code", "Code")}>
          <CodeIcon size={18} />
        </md-code>
        <md-unordered-list {...button("Bulleted list", "Bulleted list")}>
          <ListIcon size={18} />
        </md-unordered-list>
        <md-ordered-list {...button("Numbered list", "Numbered list")}>
          <NumberedIcon size={18} />
        </md-ordered-list>
        <button
          type="button"
          data-md-button
          aria-label="Image"
          title="Image (or paste or drop one into the text)"
          className={buttonClass}
          onClick={() => picker.current?.click()}
        >
          <ImageIcon size={18} />
        </button>
      </markdown-toolbar>
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        hidden
        aria-label="Images to insert"
        onChange={(event) => {
          onImages(Array.from(event.currentTarget.files ?? []));
          event.currentTarget.value = "";
        }}
      />
    </div>
  );
}
