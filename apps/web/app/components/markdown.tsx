// Markdown renderer of article bodies (docs/product/reader.md#article-body) and Max's answers
// (docs/product/max.md#message-bubble): GFM, raw HTML shown as text, safe URLs.
import type { ComponentPropsWithoutRef, ElementType, JSX } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";
import { safeUrl } from "../lib/safe-url.ts";
import {
  ARTICLE_COLUMN_SIZES,
  articleImageSize,
  thumbnailSources,
} from "../lib/thumbnail-sources.ts";

/**
 * The safe-address rule (lib/safe-url.ts, docs/product/reader.md#safe-urls), re-exported for the
 * Markdown renderer's users.
 */
export { safeUrl };

interface MdNode {
  type: string;
  value?: string;
  title?: string | null;
  children?: MdNode[];
  data?: { hName?: string };
}

/** Containers whose children are blocks: a raw HTML block there becomes its own paragraph. */
const BLOCK_PARENTS = new Set(["root", "blockquote", "listItem", "footnoteDefinition"]);

/**
 * Remark plugin: every raw HTML node (`<script>…</script>`, `<div>`, JSX leftovers) becomes a
 * text node, so it is shown literally and never parsed as markup
 * (docs/product/reader.md#article-body; OWASP XSS prevention). react-markdown 10 also turns raw
 * nodes into text, but doing it here makes the rule explicit and keeps block HTML inside a
 * paragraph.
 */
export function remarkHtmlAsText() {
  return (tree: MdNode) => {
    const walk = (parent: MdNode) => {
      const children = parent.children;
      if (!children) return;
      for (let i = 0; i < children.length; i++) {
        const child = children[i]!;
        if (child.type === "html") {
          const text: MdNode = { type: "text", value: child.value ?? "" };
          children[i] = BLOCK_PARENTS.has(parent.type)
            ? { type: "paragraph", children: [text] }
            : text;
        } else {
          walk(child);
        }
      }
    };
    walk(tree);
  };
}

/**
 * Remark plugin: an image alone in its paragraph with a title (`![A chart](/uploads/… "Fees in
 * 2025")`) is a figure, its title the caption below it (`<figure><img><figcaption>`), as Ghost's
 * image cards show a caption; the title stays off the image, whose alt text still describes it.
 * Any other image stays where it is.
 */
export function remarkFigures() {
  return (tree: MdNode) => {
    const walk = (node: MdNode) => {
      for (const child of node.children ?? []) {
        const only = child.children?.filter((c) => c.type !== "text" || c.value?.trim());
        const image = only?.length === 1 ? only[0] : undefined;
        if (child.type === "paragraph" && image?.type === "image" && image.title?.trim()) {
          const caption: MdNode = {
            type: "paragraph",
            data: { hName: "figcaption" },
            children: [{ type: "text", value: image.title.trim() }],
          };
          image.title = null;
          child.data = { hName: "figure" };
          child.children = [image, caption];
        } else {
          walk(child);
        }
      }
    };
    walk(tree);
  };
}

/** An absolute web address (or protocol-relative one): opened in a new tab. */
function isExternal(href: string): boolean {
  return /^(https?:)?\/\//i.test(href);
}

function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}

type Tag = keyof JSX.IntrinsicElements;
type Props<T extends Tag> = ComponentPropsWithoutRef<T> & { node?: unknown };

/** A renderer for one element with our classes merged before the ones Markdown gave it. */
function styled<T extends Tag>(tag: T, classes: string) {
  const Element = tag as ElementType;
  function Styled({ node: _node, className, ...rest }: Props<T>) {
    return <Element className={cx(classes, className as string | undefined)} {...rest} />;
  }
  Styled.displayName = `Markdown.${tag}`;
  return Styled;
}

/**
 * Element renderers: a prose style built from the design tokens (bg-surface, text-ink, text-muted,
 * border-line, text-accent), so light and dark follow the system. `node` never reaches the DOM.
 */
export const markdownComponents: Components = {
  // The page title is the only h1; a heading-1 in the text is a section heading. Each level is a
  // clear step above the next, down to h4 at the size of the text (17 px, 18 px from sm).
  h1: styled(
    "h2",
    "mt-10 mb-4 text-[1.625rem] leading-tight font-semibold tracking-tight sm:text-[1.875rem]",
  ),
  h2: styled(
    "h2",
    "mt-10 mb-4 text-[1.5rem] leading-snug font-semibold tracking-tight sm:text-[1.75rem]",
  ),
  h3: styled("h3", "mt-8 mb-3 text-[1.25rem] leading-snug font-semibold sm:text-[1.375rem]"),
  h4: styled("h4", "mt-6 mb-2 text-[1.0625rem] font-semibold sm:text-[1.125rem]"),
  h5: styled("h5", "mt-6 mb-2 text-[1.0625rem] font-semibold text-muted sm:text-[1.125rem]"),
  h6: styled("h6", "mt-6 mb-2 text-sm font-semibold tracking-wide text-muted uppercase"),
  p: styled("p", "my-5"),
  a: ({ node: _node, href, children, className, ...rest }: Props<"a">) => {
    // An unsafe address was emptied by the URL rule: keep the words, drop the link.
    if (!href) return <span className={className}>{children}</span>;
    const external = isExternal(href);
    return (
      <a
        href={href}
        className={cx(
          "font-medium text-accent underline decoration-accent/40 underline-offset-2 hover:decoration-accent",
          className,
        )}
        {...rest}
        {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
      >
        {children}
      </a>
    );
  },
  ul: ({ node: _node, className, ...rest }: Props<"ul">) => (
    <ul
      className={cx(
        "my-5 space-y-2",
        className?.includes("contains-task-list")
          ? "list-none pl-1"
          : "list-disc pl-6 marker:text-muted",
        className,
      )}
      {...rest}
    />
  ),
  ol: styled("ol", "my-5 list-decimal space-y-2 pl-6 marker:text-muted"),
  li: styled("li", "pl-1 [&>ol]:my-2 [&>p]:my-2 [&>ul]:my-2 [&>input]:mr-2"),
  blockquote: styled("blockquote", "my-6 border-l-4 border-accent/60 pl-4 text-muted [&>p]:my-3"),
  hr: styled("hr", "my-10 border-line"),
  pre: styled(
    "pre",
    "my-6 overflow-x-auto rounded-lg border border-line bg-surface p-4 text-[0.85rem] leading-relaxed [&>code]:border-0 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[1em] [&>code]:leading-[inherit] [&>code]:break-normal",
  ),
  code: styled(
    "code",
    "rounded border border-line bg-surface px-1 py-0.5 font-mono text-[0.875em] leading-none break-words",
  ),
  table: ({ node: _node, className, ...rest }: Props<"table">) => (
    // Wide GFM tables scroll sideways on a phone instead of widening the page.
    <div
      className="my-6 overflow-x-auto rounded-lg border border-line"
      tabIndex={0}
      role="region"
      aria-label="Table"
    >
      <table
        className={cx("w-full border-collapse text-left text-[0.9rem] tabular", className)}
        {...rest}
      />
    </div>
  ),
  thead: styled("thead", "bg-surface"),
  th: styled("th", "border-b border-line px-3 py-2 align-bottom font-semibold whitespace-nowrap"),
  // Right-aligned GFM columns hold numbers: keep "0.25 s" on one line, let the table scroll.
  td: ({ node: _node, className, style, ...rest }: Props<"td">) => (
    <td
      className={cx(
        "border-t border-line px-3 py-2 align-top",
        style?.textAlign === "right" && "whitespace-nowrap",
        className,
      )}
      style={style}
      {...rest}
    />
  ),
  img: ({ node: _node, src, alt, className, ...rest }: Props<"img">) => {
    // No address (an image the importer could not bring, or an unsafe address emptied): a framed
    // placeholder with the description where the image would be, instead of a broken image.
    if (!src) {
      return alt ? (
        <span className="my-2 block rounded-lg border border-dashed border-muted/50 bg-surface px-4 py-3">
          <span className="block text-xs font-semibold tracking-wide text-muted uppercase">
            Image not included
          </span>
          <span className="block">{alt}</span>
        </span>
      ) : null;
    }
    // An image the studio stored: its box reserved from the size in its name, and the smaller
    // copies offered for the column's width (docs/product/studio.md#studio-images).
    const size = typeof src === "string" ? articleImageSize(src) : null;
    return (
      <img
        {...(size
          ? thumbnailSources({ url: src, width: size.width }, ARTICLE_COLUMN_SIZES)
          : { src })}
        {...size}
        alt={alt ?? ""}
        loading="lazy"
        decoding="async"
        className={cx("my-2 inline-block h-auto max-w-full rounded-lg", className)}
        {...rest}
      />
    );
  },
  figure: styled("figure", "my-8 [&_img]:mx-auto [&_img]:my-0 [&_img]:block"),
  figcaption: styled("figcaption", "mt-2 text-center text-sm text-muted"),
  del: styled("del", "text-muted"),
  sup: styled("sup", "text-[0.75em]"),
  // GFM footnotes arrive as <section data-footnotes class="footnotes">.
  section: styled("section", "mt-12 border-t border-line pt-4 text-sm text-muted"),
};

/** Props of {@link Markdown}: the source, the wrapper's class and per-element overrides. */
export interface MarkdownProps {
  /** Markdown source (CommonMark + GFM). */
  children: string;
  className?: string;
  /** Overrides for single elements (e.g. the assistant's compact paragraphs). */
  components?: Components;
}

/**
 * Renders Markdown as React elements (no `dangerouslySetInnerHTML`): GFM tables, task lists,
 * strikethrough, autolinks and footnotes; raw HTML as visible text; unsafe URLs emptied; external
 * links in a new tab with rel="noopener noreferrer nofollow". No wrapper element.
 */
export function MarkdownContent({ children, components }: Omit<MarkdownProps, "className">) {
  return (
    <ReactMarkdown
      remarkPlugins={[remarkGfm, remarkHtmlAsText, remarkFigures]}
      urlTransform={safeUrl}
      components={components ? { ...markdownComponents, ...components } : markdownComponents}
    >
      {children}
    </ReactMarkdown>
  );
}

/** {@link MarkdownContent} inside a `div` with the given class. */
export function Markdown({ children, className, components }: MarkdownProps) {
  return (
    <div className={className}>
      <MarkdownContent components={components}>{children}</MarkdownContent>
    </div>
  );
}

/**
 * Text without Markdown (body flag off, docs/product/reader.md#article-body): blank lines separate
 * paragraphs.
 */
export function PlainText({ children }: { children: string }) {
  const paragraphs = children
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i} className="my-5 whitespace-pre-line">
          {p}
        </p>
      ))}
    </>
  );
}

/** Props of {@link ArticleText}. */
export interface ArticleTextProps {
  content: string;
  /** The article's body flag: Markdown when set, else plain text. */
  markdown: boolean;
  /** Overrides for single elements (the article page's highlighted code). */
  components?: Components;
}

/**
 * An article's text per its body flag (docs/product/reader.md#article-body): Markdown when set,
 * else plain paragraphs. No wrapper: the article page renders this to HTML on the server
 * (article-html.server.tsx).
 */
export function ArticleText({ content, markdown, components }: ArticleTextProps) {
  return markdown ? (
    <MarkdownContent components={components}>{content}</MarkdownContent>
  ) : (
    <PlainText>{content}</PlainText>
  );
}
