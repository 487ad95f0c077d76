// A newsletter issue as a mail: responsive HTML laid out with MJML and its plain-text twin, made
// once per issue with a placeholder where each recipient's unsubscribe link goes.
import { markdownToPlainText } from "../../text/plain-text.ts";
import { escapeHtml as e } from "../mail/compose.ts";
import {
  absoluteUrl,
  type MailLinks,
  markdownToMailHtml,
  markdownToMailText,
} from "./issue-markdown.ts";
import { renderMjml } from "./mjml-render.ts";

/** Where a recipient's own unsubscribe link goes in a rendered issue (`personalize`). */
export const UNSUBSCRIBE_PLACEHOLDER = "https://unsubscribe.invalid/newsletter-placeholder";

/** An article as an issue carries it. */
export interface MailArticle {
  title: string;
  subTitle: string;
  /** Its page (`{PUBLIC_URL}/p/{slug}`) when published, else null. */
  url: string | null;
  /** Markdown when `body`, else plain paragraphs. */
  content: string;
  body: boolean;
  excerpt: string;
  thumbnail: { url: string; width: number | null; height: number | null } | null;
}

/** What an issue says. */
export interface MailIssue {
  kind: "post" | "digest";
  subject: string;
  /** The editor's intro, Markdown ("" for none). */
  intro: string;
  /** The web version, `{PUBLIC_URL}/newsletter/{slug}`. */
  webUrl: string;
  articles: MailArticle[];
}

/** The publication as the footer names it. */
export interface MailSite {
  siteName: string;
  publicUrl: string;
  /** NEWSLETTER_POSTAL_ADDRESS; left out when unset. */
  postalAddress: string | undefined;
}

/** A rendered issue: HTML and text, each with UNSUBSCRIBE_PLACEHOLDER. */
export interface RenderedIssue {
  html: string;
  text: string;
}

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
/**
 * Inlined by MJML (juice) into the elements of Markdown, which sit in `<div class="prose">`: what
 * mail clients keep of CSS. Scoped, so MJML's own layout tables keep their look.
 */
const INLINE_CSS = `
.prose p { margin: 0 0 16px; }
.prose h1, .prose h2, .prose h3, .prose h4, .prose h5, .prose h6 { margin: 24px 0 12px; line-height: 1.3; }
.prose h1 { font-size: 24px; } .prose h2 { font-size: 21px; } .prose h3 { font-size: 18px; }
.prose h4, .prose h5, .prose h6 { font-size: 16px; }
.prose a { color: #1d4ed8; }
.prose img { max-width: 100%; height: auto; border-radius: 6px; }
.prose blockquote { margin: 16px 0; padding: 0 0 0 14px; border-left: 4px solid #c7d2fe; color: #4b5563; }
.prose pre { margin: 16px 0; padding: 12px; background: #f3f4f6; border-radius: 6px; white-space: pre-wrap; word-break: break-word; font-size: 13px; }
.prose code { font-family: Menlo, Consolas, monospace; font-size: 0.9em; }
.prose table { border-collapse: collapse; width: 100%; margin: 16px 0; font-size: 14px; }
.prose th, .prose td { border: 1px solid #e5e7eb; padding: 6px 8px; text-align: left; }
.prose ul, .prose ol { margin: 0 0 16px; padding-left: 24px; }
.prose li { margin: 0 0 6px; }
.prose hr { border: 0; border-top: 1px solid #e5e7eb; margin: 24px 0; }
.prose .sr-only { display: none; }
`;

/** Markdown's HTML in the block the article styles apply to. */
const prose = (html: string) => `<div class="prose">${html}</div>`;

/** The `<mj-head>`: title, preview text, type and the inlined article styles. */
function head(issue: MailIssue, preview: string): string {
  return `<mj-head>
<mj-title>${e(issue.subject)}</mj-title>
<mj-preview>${e(preview)}</mj-preview>
<mj-attributes>
<mj-all font-family="${FONT}" />
<mj-text font-size="16px" line-height="1.6" color="#1a1a1a" padding="0 24px" />
<mj-section background-color="#ffffff" padding="0" />
</mj-attributes>
<mj-style inline="inline">${INLINE_CSS}</mj-style>
</mj-head>`;
}

/** "View in your browser", the masthead, and the editor's intro. */
function top(issue: MailIssue, site: MailSite, links: MailLinks): string {
  const intro = issue.intro.trim()
    ? `<mj-section padding="0 0 8px"><mj-column><mj-text>${prose(markdownToMailHtml(issue.intro, links))}</mj-text></mj-column></mj-section>`
    : "";
  return `<mj-section background-color="transparent" padding="16px 0 8px"><mj-column>
<mj-text align="center" font-size="12px" color="#6b7280" padding="0"><a href="${e(issue.webUrl)}" style="color:#6b7280">View in your browser</a></mj-text>
</mj-column></mj-section>
<mj-section padding="24px 0 8px" border-radius="8px 8px 0 0"><mj-column>
<mj-text font-size="14px" font-weight="700" color="#1d4ed8" padding="0 24px 8px"><a href="${e(links.link(`${site.publicUrl}/`))}" style="color:#1d4ed8;text-decoration:none">${e(site.siteName)}</a></mj-text>
<mj-divider border-width="1px" border-color="#e5e7eb" padding="0 24px 16px" />
</mj-column></mj-section>
${intro}`;
}

/** The thumbnail of an article, linked to `href`, as an `<mj-image>`. */
function image(article: MailArticle, href: string, links: MailLinks, padding: string): string {
  const src = article.thumbnail ? absoluteUrl(article.thumbnail.url, links.base) : "";
  if (!src) return "";
  return `<mj-image src="${e(src)}" href="${e(href)}" alt="${e(article.title)}" border-radius="6px" fluid-on-mobile="true" padding="${padding}" />`;
}

/** A post: the article's picture, title, subtitle and whole text, then a link to its page. */
function post(issue: MailIssue, links: MailLinks): string {
  const article = issue.articles[0];
  if (!article) return "";
  const page = article.url ? links.link(article.url) : issue.webUrl;
  const body = article.body
    ? markdownToMailHtml(article.content, links)
    : article.content
        .split(/\n\s*\n/)
        .filter((p) => p.trim())
        .map((p) => `<p>${e(p.trim())}</p>`)
        .join("\n");
  const button = article.url
    ? `<mj-button href="${e(page)}" background-color="#1d4ed8" border-radius="6px" align="left" padding="8px 24px 24px">Read it on the site</mj-button>`
    : "";
  return `<mj-section padding="0"><mj-column>
${image(article, page, links, "0 24px 16px")}
<mj-text><h1 style="margin:0 0 8px;font-size:26px;line-height:1.25"><a href="${e(page)}" style="color:#111827;text-decoration:none">${e(article.title)}</a></h1>
${article.subTitle ? `<p style="margin:0 0 16px;font-size:18px;color:#4b5563">${e(article.subTitle)}</p>` : ""}</mj-text>
<mj-text>${prose(body)}</mj-text>
${button}
</mj-column></mj-section>`;
}

/** A digest: one card per article (thumbnail, title, subtitle, "Read"), stacked on phones. */
function digest(issue: MailIssue, links: MailLinks): string {
  return issue.articles
    .map((article) => {
      const href = article.url ? links.link(article.url) : issue.webUrl;
      const picture = image(article, href, links, "0 0 12px");
      const words = `<mj-text padding="0"><h2 style="margin:0 0 6px;font-size:18px;line-height:1.3"><a href="${e(href)}" style="color:#111827;text-decoration:none">${e(article.title)}</a></h2>
<p style="margin:0 0 8px;color:#4b5563;font-size:15px">${e(article.subTitle || article.excerpt)}</p>
<p style="margin:0"><a href="${e(href)}" style="color:#1d4ed8">Read →</a></p></mj-text>`;
      const columns = picture
        ? `<mj-column width="34%" padding="0 16px 0 0">${picture}</mj-column><mj-column width="66%">${words}</mj-column>`
        : `<mj-column>${words}</mj-column>`;
      return `<mj-section padding="12px 24px 20px">${columns}</mj-section>`;
    })
    .join("\n");
}

/** The footer: the publication, its postal address, why this came, unsubscribe. */
function footer(issue: MailIssue, site: MailSite): string {
  const address = site.postalAddress ? `<br>${e(site.postalAddress)}` : "";
  return `<mj-section padding="0 0 8px" border-radius="0 0 8px 8px"><mj-column><mj-divider border-width="1px" border-color="#e5e7eb" padding="8px 24px 16px" /></mj-column></mj-section>
<mj-section background-color="transparent" padding="8px 0 24px"><mj-column>
<mj-text align="center" font-size="12px" line-height="1.6" color="#6b7280">${e(site.siteName)}${address}<br>
You receive this because you subscribed to the ${e(site.siteName)} newsletter.<br>
<a href="${UNSUBSCRIBE_PLACEHOLDER}" style="color:#6b7280">Unsubscribe</a> · <a href="${e(issue.webUrl)}" style="color:#6b7280">View in your browser</a></mj-text>
</mj-column></mj-section>`;
}

/** The plain-text part: the same content, links numbered per block of Markdown. */
function textPart(issue: MailIssue, site: MailSite, links: MailLinks): string {
  const parts = [`${site.siteName}: ${issue.subject}`, `View in your browser: ${issue.webUrl}`];
  if (issue.intro.trim()) parts.push(markdownToMailText(issue.intro, links));
  for (const article of issue.articles) {
    const page = article.url ? links.link(article.url) : null;
    const lead = [article.title.toUpperCase(), article.subTitle, page].filter(Boolean).join("\n");
    parts.push(lead);
    if (issue.kind === "post") {
      parts.push(
        article.body ? markdownToMailText(article.content, links) : article.content.trim(),
      );
    } else if (!article.subTitle && article.excerpt) {
      parts.push(article.excerpt);
    }
  }
  const address = site.postalAddress ? `\n${site.postalAddress}` : "";
  parts.push(
    `--\n${site.siteName}${address}\nYou receive this because you subscribed to the ${site.siteName} newsletter.\nUnsubscribe: ${UNSUBSCRIBE_PLACEHOLDER}`,
  );
  return `${parts.join("\n\n")}\n`;
}

/**
 * Renders `issue` as a mail: HTML laid out with MJML (one 600 px column that narrows on phones;
 * a digest's cards stack), styles inlined, every address absolute and links through
 * `links.link`, and the plain-text twin. Both carry UNSUBSCRIBE_PLACEHOLDER for `personalize`.
 * MJML runs in a worker thread (mjml-render.ts), so the calling process does not keep it.
 * Every value from the issue is escaped (OWASP XSS rule #1/#2).
 * @throws Error when MJML reports an invalid document (a bug here, not the editor's input).
 */
export async function renderIssue(
  issue: MailIssue,
  site: MailSite,
  links: MailLinks,
): Promise<RenderedIssue> {
  const first = issue.articles[0];
  const preview = markdownToPlainText(issue.intro) || first?.subTitle || first?.excerpt || "";
  const body = issue.kind === "post" ? post(issue, links) : digest(issue, links);
  const document = `<mjml lang="en">${head(issue, preview.slice(0, 140))}
<mj-body background-color="#f3f4f6" width="600px">
${top(issue, site, links)}
${body}
${footer(issue, site)}
</mj-body></mjml>`;
  // In a thread of its own, ended once idle: MJML's code and its render's heap are not kept.
  const html = await renderMjml(document);
  return { html, text: textPart(issue, site, links) };
}

/** `rendered` for one recipient: their unsubscribe link in place of the placeholder. */
export function personalize(rendered: RenderedIssue, unsubscribeUrl: string): RenderedIssue {
  return {
    html: rendered.html.replaceAll(UNSUBSCRIBE_PLACEHOLDER, e(unsubscribeUrl)),
    text: rendered.text.replaceAll(UNSUBSCRIBE_PLACEHOLDER, unsubscribeUrl),
  };
}
