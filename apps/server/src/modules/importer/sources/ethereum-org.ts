// ethereum.org explainers (MDX, MIT): which files they are, their credit, page URL and date,
// summary points, subtitle, category and tags.
import path from "node:path";
import { firstParagraph, firstSentences, truncateText } from "../../../text/excerpts.ts";
import { markdownToPlainText } from "../../../text/plain-text.ts";
import {
  type ArticleDraft,
  type DraftError,
  listField,
  parsePublishDate,
  slugify,
  textField,
} from "../article-draft.ts";
import { collapseWhitespace as collapse } from "../normalise/markdown-text.ts";
import { normaliseMarkdown } from "../normalise/normalise-markdown.ts";
import { type KeywordRule, type SourceFile, tagsFrom } from "./source-file.ts";
import { withoutPageHeading, withoutStandfirst } from "./standfirst.ts";

/**
 * ethereum.org pages among the shared data folder's articles (`testing/shared-data.ts`; its
 * SOURCES.md, "ethereum.org file map"), by file name (the page's path under
 * https://ethereum.org/en/ with "--" for "/"): the day each last changed upstream, used as the
 * publish date since the pages carry no date.
 */
const ETHEREUM_ORG_LAST_CHANGED: Record<string, string> = {
  bridges: "2024-04-22",
  "consensus-mechanisms--pos": "2024-03-29",
  dao: "2024-06-17",
  dapps: "2024-04-23",
  "decentralized-identity": "2024-06-21",
  defi: "2024-06-13",
  desci: "2024-06-18",
  "energy-consumption": "2023-10-24",
  gas: "2024-03-19",
  governance: "2024-04-17",
  "guides--how-to-id-scam-tokens": "2023-08-15",
  "guides--how-to-revoke-token-access": "2024-02-27",
  "guides--how-to-use-a-bridge": "2023-12-08",
  "guides--how-to-use-a-wallet": "2023-09-08",
  history: "2024-03-14",
  "intro-to-ether": "2024-05-16",
  "intro-to-ethereum": "2023-08-15",
  mev: "2024-02-07",
  nft: "2024-06-13",
  oracles: "2024-06-14",
  refi: "2024-06-13",
  "roadmap--account-abstraction": "2024-03-29",
  "roadmap--beacon-chain": "2024-06-13",
  "roadmap--danksharding": "2024-03-20",
  "roadmap--dencun": "2024-03-13",
  "roadmap--merge--issuance": "2023-12-08",
  "roadmap--merge": "2024-06-13",
  "roadmap--pbs": "2024-02-13",
  "roadmap--scaling": "2024-06-13",
  "roadmap--single-slot-finality": "2024-05-03",
  "roadmap--statelessness": "2024-04-02",
  roadmap: "2024-06-13",
  "scaling--optimistic-rollups": "2024-05-07",
  "scaling--zk-rollups": "2024-06-11",
  scaling: "2024-05-07",
  security: "2024-04-08",
  "smart-contracts": "2024-03-07",
  "social-networks": "2024-06-13",
  "staking--dvt": "2023-08-15",
  "staking--pools": "2024-06-13",
  "staking--saas": "2024-06-13",
  "staking--solo": "2024-06-13",
  "staking--withdrawals": "2024-06-13",
  "standards--tokens--erc-20": "2024-06-11",
  "web2-vs-web3": "2023-08-15",
  web3: "2024-03-01",
  whitepaper: "2024-03-14",
  "wrapped-eth": "2024-04-02",
  "zero-knowledge-proofs": "2024-05-15",
};
/** The pages above from ethereum.org's developer docs, whose path is under /en/developers/docs/. */
const DEVELOPER_DOCS = new Set([
  "consensus-mechanisms--pos",
  "dapps",
  "gas",
  "intro-to-ether",
  "intro-to-ethereum",
  "mev",
  "oracles",
  "scaling--optimistic-rollups",
  "scaling--zk-rollups",
  "scaling",
  "standards--tokens--erc-20",
  "web2-vs-web3",
]);
/** The snapshot's date (SOURCES.md: upstream commit df0644c2c1 of 2024-06-21) for other pages. */
const ETHEREUM_ORG_SNAPSHOT_DATE = "2024-06-21";

/** The credit, source author and licence of ethereum.org explainers. */
export const ETHEREUM_ORG_CREDIT = {
  name: "ethereum.org",
  author: "ethereum.org contributors",
  licence: "MIT (ethereum.org contributors)",
} as const;

/** Category of an ethereum.org page by topic, first match wins (default "Infrastructure"). */
const ETHEREUM_CATEGORY_RULES: KeywordRule[] = [
  [/scaling|rollup|danksharding|dencun|layer-2/, "Layer 2"],
  [/security|scam|revoke/, "Security"],
  [/(^|\/)(dao|governance)(\/|$)/, "Governance"],
  [/(^|\/)(defi|refi|wrapped-eth)(\/|$)/, "DeFi"],
  [/(^|\/)nft(\/|$)/, "NFTs & Gaming"],
  [/(^|\/)mev(\/|$)|pbs/, "Market Structure"],
  [/staking|consensus-mechanisms|beacon-chain|merge|single-slot-finality/, "Staking"],
  [/desci|social-networks|decentralized-identity|(^|\/)web3(\/|$)/, "Web3"],
];

/** Tags from keywords in a title, description and path (ethereum.org). */
const ETHEREUM_TAG_RULES: KeywordRule[] = [
  [/proof-of-stake|\bpos\b|consensus/i, "proof-of-stake"],
  [/staking|validator/i, "staking"],
  [/rollup/i, "rollups"],
  [/zk|zero-knowledge/i, "zero-knowledge"],
  [/scaling|danksharding|dencun/i, "scaling"],
  [/\bgas\b|fees?\b/i, "gas"],
  [/wallet/i, "wallets"],
  [/bridge/i, "bridges"],
  [/scam|phishing/i, "scams"],
  [/token|erc-20/i, "tokens"],
  [/smart contract/i, "smart-contracts"],
  [/\bmev\b|maximal extractable/i, "mev"],
  [/\bdao\b|governance/i, "governance"],
  [/roadmap|merge|upgrade/i, "roadmap"],
  [/identity/i, "identity"],
  [/oracle/i, "oracles"],
  [/\bnft/i, "nfts"],
  [/defi|decentralized finance/i, "defi"],
  [/account abstraction/i, "account-abstraction"],
  [/whitepaper|history/i, "history"],
  [/dapp/i, "dapps"],
  [/energy|sustainab/i, "sustainability"],
  [/desci|decentralized science/i, "desci"],
  [/refi|regenerative/i, "refi"],
  [/social network/i, "social"],
  [/web3/i, "web3"],
  [/wrapped/i, "weth"],
  [/\bether\b/i, "ether"],
  [/intro|beginner|guide/i, "basics"],
];

/**
 * Whether a file is an ethereum.org page: in a folder named "ethereum-org", or with both `lang`
 * and `description` in its front matter.
 */
export function isEthereumOrgPage(file: string, data: Record<string, unknown>): boolean {
  return (
    path.basename(path.dirname(file)) === "ethereum-org" ||
    (data.lang !== undefined && data.description !== undefined)
  );
}

/**
 * The page's summary points (`summaryPoints`, then `summaryPoint1`, `summaryPoint2`… in key
 * order), each normalised to one line of Markdown.
 */
function summaryPoints(data: Record<string, unknown>, pageUrl: string): string[] {
  return [
    ...listField(data.summaryPoints),
    ...Object.keys(data)
      .filter((k) => /^summaryPoint\d+$/.test(k))
      .sort()
      .map((k) => textField(data[k]))
      .filter(Boolean),
  ].map((p) =>
    collapse(
      normaliseMarkdown(p, { pageUrl, origin: "https://ethereum.org", localePrefix: "/en" }),
    ),
  );
}

/**
 * An ethereum.org explainer as a Research draft: URL and date from the file map (file names
 * encode the path with "--"; unknown pages get the snapshot date), summary points as a list at
 * the top, the subtitle from `description` (else the first paragraph), category and tags by
 * keyword, credited to the page on ethereum.org. The body leaves out what the article page's
 * header shows (docs/product/reader.md#imported-articles): the page's own title heading (a leading
 * `# …`) and the subtitle's sentences when the text starts with them.
 * @returns an error when the date does not parse.
 */
export function ethereumOrgDraft(src: SourceFile): ArticleDraft | DraftError {
  const { file, base, title, data } = src;
  const filePath = base.split("--").join("/");
  const pagePath = DEVELOPER_DOCS.has(base) ? `developers/docs/${filePath}` : filePath;
  const publishDate = parsePublishDate(
    ETHEREUM_ORG_LAST_CHANGED[base] ?? ETHEREUM_ORG_SNAPSHOT_DATE,
  );
  if (!publishDate) return { file, reason: "bad date" };
  const pageUrl = `https://ethereum.org/en/${pagePath}/`;
  const text = withoutPageHeading(
    normaliseMarkdown(src.body, {
      pageUrl,
      origin: "https://ethereum.org",
      localePrefix: "/en",
      page: data,
    }),
  );
  const description = collapse(textField(data.description));
  const subTitle = description
    ? truncateText(markdownToPlainText(description), 300)
    : firstSentences(firstParagraph(text));
  const points = summaryPoints(data, pageUrl).map((p) => `- ${p}`);
  const body = [points.join("\n"), withoutStandfirst(text, subTitle)].filter(Boolean).join("\n\n");
  const topic = pagePath.replace(/^developers\/docs\//, "");
  const { name, author, licence } = ETHEREUM_ORG_CREDIT;
  return {
    file,
    source: "ethereum-org",
    slug: slugify(base),
    title,
    subTitle,
    publishDate,
    type: "Research",
    authorUsername: null,
    sourceAuthor: author,
    categories: [ETHEREUM_CATEGORY_RULES.find(([re]) => re.test(topic))?.[1] ?? "Infrastructure"],
    tags: tagsFrom(`${topic.replace(/[-/]/g, " ")} ${title} ${description}`, ETHEREUM_TAG_RULES, 5),
    ecosystems: ["Ethereum"],
    content: body,
    thumbnail: { kind: "generated", sourceName: name },
    credit: { name, url: pageUrl, licence },
  };
}
