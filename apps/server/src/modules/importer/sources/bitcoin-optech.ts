// Bitcoin Optech newsletters (Jekyll, MIT): which files they are, their credit, date, subtitle,
// tags and the site-wide link labels they use.
import path from "node:path";
import { firstParagraph, firstSentences } from "../../../text/excerpts.ts";
import {
  type ArticleDraft,
  type DraftError,
  parsePublishDate,
  textField,
} from "../article-draft.ts";
import { normaliseMarkdown } from "../normalise/normalise-markdown.ts";
import { type KeywordRule, type SourceFile, tagsFrom } from "./source-file.ts";
import { withoutStandfirst } from "./standfirst.ts";

/** The credit, source author and licence of Bitcoin Optech newsletters. */
export const BITCOIN_OPTECH_CREDIT = {
  name: "Bitcoin Optech",
  author: "Bitcoin Optech",
  licence: "MIT (Bitcoin Optech contributors)",
} as const;

const OPTECH_FILE_RE = /^(\d{4})-(\d{2})-(\d{2})-newsletter\.mdx?$/;

/** Tags of an Optech newsletter from keywords of its headings and news item titles. */
const OPTECH_TAG_RULES: KeywordRule[] = [
  [/lightning|\bLN\b|\bLDK\b|\bLND\b|eclair|BOLTs?\b|channel/i, "lightning"],
  [/mempool|relay|package|feerate|fee rate/i, "mempool"],
  [/soft fork|covenant|OP_CAT|CTV|consensus|script restoration/i, "soft-forks"],
  [/quantum/i, "quantum"],
  [/taproot|tapscript|musig|frost|schnorr/i, "taproot"],
  [/silent payment/i, "silent-payments"],
  [/privacy|coinjoin|payjoin|fingerprint/i, "privacy"],
  [/mining|miners?\b|stratum|block template/i, "mining"],
  [/vulnerab|disclos|denial of service|\bDoS\b|crash|CVE/i, "security"],
  [/\bBIP\s?-?\d+|\bBIPs?\b/i, "bips"],
  [/wallet|descriptor|PSBT/i, "wallets"],
  [/P2P|peer|eclipse|\bnode\b/i, "p2p"],
  [/Bitcoin Core/i, "bitcoin-core"],
  [/release/i, "releases"],
];

/** Projects whose issue/PR labels ("Bitcoin Core #33908") and repo labels Optech defines site-wide. */
const OPTECH_REPOS: Record<string, string> = {
  "bitcoin core": "https://github.com/bitcoin/bitcoin",
  "bitcoin core gui": "https://github.com/bitcoin-core/gui",
  "core lightning": "https://github.com/ElementsProject/lightning",
  "c-lightning": "https://github.com/ElementsProject/lightning",
  eclair: "https://github.com/ACINQ/eclair",
  ldk: "https://github.com/lightningdevkit/rust-lightning",
  "rust-lightning": "https://github.com/lightningdevkit/rust-lightning",
  lnd: "https://github.com/lightningnetwork/lnd",
  libsecp256k1: "https://github.com/bitcoin-core/secp256k1",
  hwi: "https://github.com/bitcoin-core/HWI",
  "hardware wallet interface (hwi)": "https://github.com/bitcoin-core/HWI",
  "rust bitcoin": "https://github.com/rust-bitcoin/rust-bitcoin",
  "btcpay server": "https://github.com/btcpayserver/btcpayserver",
  bdk: "https://github.com/bitcoindevkit/bdk",
  bips: "https://github.com/bitcoin/bips",
  bolts: "https://github.com/lightning/bolts",
  blips: "https://github.com/lightning/blips",
  "bitcoin inquisition": "https://github.com/bitcoin-inquisition/bitcoin",
  binana: "https://github.com/bitcoin-inquisition/binana",
  binanas: "https://github.com/bitcoin-inquisition/binana",
};

/**
 * Resolves labels Optech defines site-wide (its `linkers/issues.md` and `references.md`):
 * "<project> #<n>" -> the GitHub issue/PR, "<project> repo" -> the repository, "bip<n>" -> the
 * BIP text. Other site-wide labels (topics, people) are not guessed: they become plain text.
 */
export function resolveOptechLabel(label: string): string | null {
  const issue = /^(.+?) #(\d+)$/.exec(label);
  if (issue?.[1] && issue[2]) {
    if (issue[1] === "review club") return `https://bitcoincore.reviews/${issue[2]}`;
    const repo = OPTECH_REPOS[issue[1]];
    return repo ? `${repo}/issues/${issue[2]}` : null;
  }
  const repo = /^(.+?) repo$/.exec(label);
  if (repo?.[1]) return OPTECH_REPOS[repo[1]] ?? null;
  const bip = /^bip ?(\d{1,4})$/.exec(label);
  if (bip?.[1]) {
    return `https://github.com/bitcoin/bips/blob/master/bip-${bip[1].padStart(4, "0")}.mediawiki`;
  }
  return null;
}

/**
 * Whether a file is an Optech newsletter: named "YYYY-MM-DD-newsletter.md" or with a permalink
 * "/en/newsletters/YYYY/MM/DD/".
 */
export function isOptechNewsletter(file: string, data: Record<string, unknown>): boolean {
  return (
    OPTECH_FILE_RE.test(path.basename(file)) ||
    /^\/en\/newsletters\/\d{4}\/\d{2}\/\d{2}\/?$/.test(textField(data.permalink))
  );
}

/** The newsletter's day "YYYY-MM-DD", from the file name, else the permalink; "" when neither. */
function newsletterDay(src: SourceFile): string {
  const m = OPTECH_FILE_RE.exec(path.basename(src.file));
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  const fromPermalink = /\/(\d{4})\/(\d{2})\/(\d{2})\/?$/.exec(textField(src.data.permalink));
  return fromPermalink ? fromPermalink.slice(1).join("-") : "";
}

/**
 * A Bitcoin Optech newsletter as a News draft: dated from the file name (or permalink), credited
 * to its page on bitcoinops.org, the subtitle from the first sentence(s) of the introduction
 * (which the body then leaves out, as the article page shows them just above it:
 * docs/product/reader.md#imported-articles), tags from the section headings and the bold titles of
 * news items.
 * @returns an error when the day is not a real date.
 */
export function optechNewsletterDraft(src: SourceFile): ArticleDraft | DraftError {
  const { file, data } = src;
  const day = newsletterDay(src);
  const publishDate = parsePublishDate(day);
  if (!publishDate)
    return { file, reason: `bad date "${day}" (expected YYYY-MM-DD-newsletter.md)` };
  const pageUrl = `https://bitcoinops.org/en/newsletters/${day.replace(/-/g, "/")}/`;
  const text = normaliseMarkdown(src.body, {
    pageUrl,
    origin: "https://bitcoinops.org",
    page: data,
    resolveLabel: resolveOptechLabel,
    kramdown: true,
  });
  const intro = text.split(/^#{1,6}\s/m)[0] ?? "";
  const subTitle = firstSentences(firstParagraph(intro || text));
  const content = withoutStandfirst(text, subTitle);
  // Topics come from section headings and the bold titles of news items, not from the
  // weekly list of merged PRs (every issue mentions Lightning and BIPs there).
  const newsTitles = [...content.matchAll(/^\s*[-*] \*\*(.+?)\*\*/gm)].map((x) => x[1]).join(" ");
  const headings = [...content.matchAll(/^#{2,3} (.+)$/gm)].map((x) => x[1]).join(" ");
  const { name, author, licence } = BITCOIN_OPTECH_CREDIT;
  return {
    file,
    source: "bitcoin-optech",
    slug: `bitcoin-optech-newsletter-${day}`,
    title: src.title,
    subTitle,
    publishDate,
    // A developers' newsletter, not a market report (docs/product/reader.md#article-card).
    type: "Newsletter",
    authorUsername: null,
    sourceAuthor: author,
    categories: ["Bitcoin"],
    tags: tagsFrom(`${headings} ${newsTitles}`, OPTECH_TAG_RULES, 6),
    ecosystems: ["Bitcoin"],
    content,
    thumbnail: { kind: "generated", sourceName: name },
    credit: { name, url: pageUrl, licence },
  };
}
