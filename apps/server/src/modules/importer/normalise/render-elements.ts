// Walks Markdown text and replaces every HTML/JSX element in it by Markdown, innermost first.
import { decodeHTML } from "entities";
import type { RenderContext } from "./context.ts";
import { findClose, type ParsedTag, parseOpenTag, VOID_ELEMENTS } from "./html-tags.ts";
import { renderElement } from "./render-element.ts";

/** How far one step of the walk got: the Markdown it produced and where the walk goes on. */
interface Step {
  out: string;
  next: number;
}

/**
 * Replaces every HTML/JSX element in `text` by Markdown, innermost first (see `renderElement`).
 * Stray closing tags are dropped, `<style>` and `<script>` go with their content, an element
 * without its closing tag loses its opening tag, and a "<" that opens no tag stays as text.
 */
export function renderElements(text: string, ctx: RenderContext): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    if (lt < 0) {
      out += text.slice(i);
      break;
    }
    out += text.slice(i, lt);
    const step = text[lt + 1] === "/" ? closingTagStep(text, lt) : elementStep(text, lt, ctx);
    out += step.out;
    i = step.next;
  }
  return out;
}

/** A stray closing tag (its opening tag was not recognised) is dropped; a lone "</" stays. */
function closingTagStep(text: string, lt: number): Step {
  const stray = /^<\/[A-Za-z][A-Za-z0-9.]*\s*>/.exec(text.slice(lt, lt + 80));
  return stray ? { out: "", next: lt + stray[0].length } : { out: "<", next: lt + 1 };
}

/** The element opening at `lt`, rendered with its content, or the "<" kept as text. */
function elementStep(text: string, lt: number, ctx: RenderContext): Step {
  const tag = parseOpenTag(text, lt);
  if (!tag) return { out: "<", next: lt + 1 };
  const lower = tag.name.toLowerCase();
  const isHtml = tag.name === lower;
  if (tag.selfClosing || (isHtml && VOID_ELEMENTS.has(lower))) {
    return { out: renderElement(tag, null, ctx), next: tag.end };
  }
  const close = findClose(text, tag.name, tag.end);
  if (isHtml && (lower === "style" || lower === "script")) {
    return { out: "", next: close ? close[1] : tag.end };
  }
  if (!close) {
    // No closing tag: drop the opening tag and keep going with what follows.
    return { out: renderElement(tag, null, ctx), next: tag.end };
  }
  const rawInner = text.slice(tag.end, close[0]);
  return { out: renderWithContent(tag, lower, rawInner, ctx), next: close[1] };
}

/**
 * An element with content: code kept verbatim (tags stripped, every HTML entity decoded, as
 * Markdown shows code as written: the entities package, HTML's named references and numeric
 * ones), anything else rendered inside out.
 */
function renderWithContent(
  tag: ParsedTag,
  lower: string,
  rawInner: string,
  ctx: RenderContext,
): string {
  if (lower === "code" || lower === "pre") {
    return renderElement(tag, decodeHTML(rawInner.replace(/<[^>]+>/g, "")), ctx);
  }
  const childCtx: RenderContext =
    lower === "ul" || lower === "ol"
      ? { ...ctx, list: { ordered: lower === "ol", n: 0 } }
      : { ...ctx, list: lower === "li" ? undefined : ctx.list };
  return renderElement(tag, renderElements(rawInner, childCtx), ctx);
}
