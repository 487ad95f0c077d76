// The house style of a mail: plain text and a simple HTML twin with the site name; no images,
// no tracking pixels, no rewritten links.

/** The words of a mail, which `composeMail` lays out as plain text and HTML. */
export interface MailContent {
  /** The publication's name (SITE_NAME), shown as the header and in the sign-off. */
  siteName: string;
  /** PUBLIC_URL, shown in the footer. */
  publicUrl: string;
  /** Paragraphs of plain text before the action. */
  intro: string[];
  /** The one thing to do: a button in HTML, a bare link on its own line in text. */
  action?: { label: string; url: string };
  /** Paragraphs after the action (validity, "if this was not you …"). */
  outro?: string[];
  /** Quoted pieces after the intro, each with its link (a notification email's comments). */
  items?: MailItem[];
  /** Links in the footer that stop this kind of mail (RFC 8058's link, also in the headers). */
  unsubscribe?: Array<{ label: string; url: string }>;
}

/** One quoted piece of a mail: a heading, a body and a link to where it is. */
export interface MailItem {
  heading: string;
  /** The body as HTML, already sanitised by its one renderer (text/comment-markdown.ts). */
  html: string;
  /** The body as plain text. */
  text: string;
  link: { label: string; url: string };
}

/** Escapes text for HTML element content and double-quoted attributes (OWASP XSS rule #1/#2). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** One quoted piece: its heading, its sanitised HTML in a quote, its link. */
const item = (i: MailItem) =>
  `<p style="margin:24px 0 8px;font-weight:600">${escapeHtml(i.heading)}</p>` +
  `<blockquote style="margin:0 0 8px;padding:4px 12px;border-left:3px solid #d4d4d0;color:#333">${i.html}</blockquote>` +
  `<p style="margin:0 0 16px"><a href="${escapeHtml(i.link.url)}" style="color:#1d4ed8">${escapeHtml(i.link.label)}</a></p>`;

/** Renders a mail's text and HTML bodies from the same content; every value is escaped in HTML
 * but the items' `html`, which their renderer has sanitised. */
export function composeMail(content: MailContent): { text: string; html: string } {
  const { siteName, publicUrl, intro, action, outro = [], items = [], unsubscribe = [] } = content;
  const text = [
    ...intro,
    ...items.map((i) => `${i.heading}\n\n${i.text}\n\n${i.link.label}:\n${i.link.url}`),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...outro,
    `— ${siteName}\n${publicUrl}`,
    ...unsubscribe.map((u) => `${u.label}:\n${u.url}`),
  ].join("\n\n");

  const p = (s: string) => `<p style="margin:0 0 16px">${escapeHtml(s)}</p>`;
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
      `<p style="margin:0 0 16px;font-size:13px;color:#555">${escapeHtml("If the button does not work, copy this address into your browser:")}<br><span style="word-break:break-all">${escapeHtml(action.url)}</span></p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(siteName)}</title></head>
<body style="margin:0;padding:24px;background:#f6f6f4;font-family:system-ui,-apple-system,Segoe UI,sans-serif;color:#1a1a1a;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:32px;border-radius:8px">
<h1 style="margin:0 0 24px;font-size:20px">${escapeHtml(siteName)}</h1>
${intro.map(p).join("\n")}
${items.map(item).join("\n")}
${button}
${outro.map(p).join("\n")}
<p style="margin:32px 0 0;font-size:13px;color:#555">${escapeHtml(siteName)} · ${escapeHtml(publicUrl)}</p>
${unsubscribe.map((u) => `<p style="margin:8px 0 0;font-size:13px"><a href="${escapeHtml(u.url)}" style="color:#555">${escapeHtml(u.label)}</a></p>`).join("\n")}
</div>
</body></html>
`;
  return { text, html };
}
