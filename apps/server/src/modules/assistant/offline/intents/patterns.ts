// The offline model's intent patterns, tested on the folded question (coin names masked out).
import { fold } from "../../assistant.prompt.ts";

/** What can you do?, who are you?, help: asks for Max's capabilities. */
export const CAPABILITIES =
  /\bwhat\s+(?:can|could)\s+you\s+(?:do|help)|\bwhat\s+do\s+you\s+do\b|\bhow\s+(?:can|could)\s+you\s+help\b|\bwhat\s+(?:can|should)\s+i\s+ask\b|\bwho\s+are\s+you\b|\bwhat\s+are\s+you\b|\byour\s+(?:capabilities|features|skills)\b|\bwhat\s+(?:kind\s+of\s+|sort\s+of\s+)?(?:questions|things)\s+can\b|^\s*(?:help|commands|menu)\s*[?!.]*\s*$/;
/** A greeting and nothing else ("hi", "good morning Max"). */
export const GREETING =
  /^\s*(?:hi|hello|hey|hiya|yo|gm|good\s+(?:morning|afternoon|evening))(?:\s+(?:there|max))?\s*[!.?]*\s*$/;
/** Thanks or an acknowledgement and nothing else ("thanks a lot", "ok, got it"). */
export const THANKS =
  /^\s*(?:(?:great|cool|nice|perfect|awesome|ok|okay|got\s+it)[\s,!.]*)?(?:thanks|thank\s+you|thx|ty|cheers|great|cool|nice|perfect|awesome|ok|okay|got\s+it)(?:\s+(?:a\s+lot|so\s+much|very\s+much|max))?[\s!.]*$/;
/**
 * Buy/sell advice or a price prediction: answered with the facts and the risks the data shows,
 * never a recommendation (issue #12 class 5).
 */
export const ADVICE =
  /\bshould\s+(?:i|we)\s+(?:buy|sell|invest|hold|short|long|ape|dump|get\s+into|get\s+in|put|move|stake|bet)|\b(?:is|are)\s+(?:it|\S+)\s+(?:a\s+)?(?:good|safe|smart|wise|bad|solid)\s+(?:buy|investment|time|bet|idea|moment|entry)|\bgood\s+(?:time|moment|entry)\s+to\s+(?:buy|sell|invest|get\s+in|get\s+into|enter)|\btoo\s+late\s+to\s+(?:buy|sell|invest|get\s+in|get\s+into)|\bworth\s+(?:buying|investing|it)\b|\b(?:financial|investment)\s+advice\b|\bwhat\s+(?:should|to)\s+(?:i\s+)?(?:buy|invest)|\bbest\s+(?:coin|token|crypto|investment)s?\b|\b(?:buy|hold|sell)\s+or\s+(?:sell|dump|hold|buy)\b|\bwill\s+(?:\S+\s+){0,3}?(?:go\s+up|go\s+down|rise|fall|drop|crash|moon|pump|dump|reach|hit|recover|explode|\d+x)\b|\bpredict|\bprediction|\bforecast|\bprice\s+target|\btarget\s+price|\bwhere\s+will\b|\bwhat\s+will\s+\S+(?:\s+\S+)?\s+(?:be\s+worth|cost|trade|be)\b|\bhow\s+much\s+will\b.{0,40}\b(?:be\s+worth|cost|be)\b|\bgoing\s+to\s+(?:go\s+up|go\s+down|rise|fall|crash|moon|pump|dump)|\bto\s+the\s+moon\b|\b(?:next|tomorrow'?s?)\s+(?:week|month|year)?'?s?\s*price\b/;
/** Subjects outside crypto (weather, jokes, stocks…), refused when no coin is named. */
export const OFF_TOPIC =
  /\bweather\b|\bjokes?\b|\bfunny\b|\bpoem\b|\bsong\b|\blyrics\b|\brecipe|\bcook|\bfootball\b|\bsoccer\b|\bmovie|\bfilm\b|\bhoroscope|\bcapital\s+of\b|\btranslate\b|\bwrite\s+(?:me\s+)?(?:an?\s+)?(?:essay|story|code|email|letter|program)|\bstocks?\b|\bshares?\s+of\b|\bsports?\b|\bdating\b|\bhomework\b/;
/** Newly listed tokens (getNewTokens), asked the many ways readers ask (issue #12 class 3). */
export const NEW_TOKENS =
  /\bnew(?:ly)?\s+(?:\w+\s+)?(?:tokens?|coins?|listings?|cryptos?|cryptocurrencies|projects|launches|arrivals|additions)\b|\brecent(?:ly)?\s+(?:been\s+)?(?:listed|added|launched)|\b(?:latest|newest|fresh|freshest|recent|brand[\s-]new)\s+(?:\w+\s+)?(?:tokens?|coins?|listings?|launches|additions|cryptos?|cryptocurrencies|projects)\b|\bjust\s+(?:been\s+|got\s+|gotten\s+)?(?:listed|launched|added|came\s+out)\b|\bnew\s+on\s+coingecko\b|\bwhat'?s\s+new\s+(?:on|at)\s+coingecko\b|\b(?:listed|added|launched)\s+(?:most\s+)?(?:recently|today|this\s+week|lately)\b|\b(?:tokens?|coins?|cryptos?|projects)\s+(?:have\s+|has\s+|were\s+|got\s+)?(?:just\s+)?(?:been\s+)?(?:launched|listed|added)\s+(?:recently|lately|today|this\s+week)\b|\bdebut(?:s|ed)?\b/;
/** Trending or most searched tokens (getTrendingTokens). */
export const TRENDING =
  /\btrending\b|\bhot\s+(?:right\s+now|today|at\s+the\s+moment|coins?|tokens?)\b|\bwhat'?s\s+hot\b|\bmost[\s-](?:searched|popular|talked|attention)\b|\bpopular\s+(?:coins?|tokens?|right\s+now|today|at\s+the\s+moment)\b|\b(?:coins?|tokens?|cryptos?)\s+(?:are\s+)?popular\b|\b(?:everyone|people)\s+(?:is\s+|are\s+)?(?:talking|searching)\b|\bbuzz(?:ing)?\b|\bthe\s+most\s+attention\b/;
/** Words of price history: charts, candles, performance, "over the last …" (getOhlc). */
export const HISTORY =
  /\b(?:chart|charts|graph|graphs|plot|history|historical|ohlc|candles?|candlesticks?|performance|performed|perform|trajectory|price\s+action|evolution|trend)\b|\bhow\s+(?:did|has|have|was|were)\b.{0,40}\b(?:do|done|doing|perform|performed|move|moved|moving|go|gone|going|trade|traded|trading|fare|fared|been)\b|\b(?:over|during|in|across)\s+the\s+(?:last|past|previous)\b|\bsince\b/;
/**
 * Words only a price history answers: charts, candles, highs and lows over a period (the time
 * words of a change, "this week", are answered from current data unless one of these is named).
 */
export const CHART =
  /\b(?:chart|charts|graph|graphs|plot|history|historical|ohlc|candles?|candlesticks?|trajectory|price\s+action|highest|lowest)\b/;
/** Words of a coin's current figures: price, market cap, volume, supply (getTokenData). */
export const TOKEN_DATA =
  /\b(?:price|prices|cost|worth|value|trading\s+at|market\s*cap|mcap|capitali[sz]ation|volume|stats|statistics|data|details|info|information|overview|supply|ath|all[\s-]time\s+high|rank|ranking|fdv|how\s+much|quote|figures|numbers|metrics|fundamentals)\b|\bhow\s+is\b.{0,30}\bdoing\b/;
/** A request for an explanation ("what is", "explain", "tell me about"). */
export const EXPLAIN =
  /\b(?:what\s+is|what\s+are|what's|whats|what\s+does|what\s+do|explain|how\s+does|how\s+do|how\s+is|how\s+are|how\s+can|how\s+to|why\s+does|why\s+do|why\s+is|why\s+are|why\s+did|tell\s+me\s+(?:more\s+)?about|describe|define|definition\s+of|meaning\s+of|difference\s+between|learn\s+about|read\s+about|teach\s+me|research\s+(?:on|about)|articles?\s+(?:on|about)|guide\s+to|introduction\s+to|who\s+(?:created|invented|founded|made|designed|runs|controls))\b/;
/** Explanations that are about how a thing works rather than what a coin is worth. */
export const EXPLAIN_HOW =
  /\b(?:how\s+does|how\s+do|how\s+is|how\s+are|how\s+can|how\s+to|why\s+does|why\s+do|why\s+is|why\s+are|why\s+did|explain|describe|teach\s+me|difference\s+between|research\s+(?:on|about)|articles?\s+(?:on|about)|who\s+(?:created|invented|founded|made|designed|runs|controls))\b/;
/** Crypto topics our research library covers; a question naming one is a research question. */
export const TOPIC =
  /\b(?:rollups?|layer\s*2s?|l2s?|staking|stake|stakers?|validators?|the\s+merge|merge|mev|taproot|lightning|gas|fees?|sharding|danksharding|blobs?|eip-?\d+|bip-?\d+|zk|zero[\s-]knowledge|optimistic|proof[\s-]of[\s-](?:stake|work)|consensus|smart\s+contracts?|defi|nfts?|daos?|bridges?|bridging|oracles?|wallets?|account\s+abstraction|mining|miners?|halving|mempool|scaling|scalability|beacon\s+chain|withdrawals?|erc-?20|token\s+standards?|stablecoins?|decentrali[sz]ed\s+identity|web3|dapps?|scams?|security|governance|restaking|segwit|schnorr|covenants?|ordinals|inscriptions|silent\s+payments|evm|sidechains?|dex|amm|liquidity|slashing|finality|statelessness|pbs|issuance|whitepaper|channels?|payjoin|coinjoin|multisig|self[\s-]custody|custody|energy|desci|refi|wrapped|dencun|shapella|cancun|pectra|fusaka|rbf|cpfp|utxos?|nodes?|forks?|upgrades?|roadmap|bitcoin\s+core|optech|etfs?|mica|regulations?|depin|royalt(?:y|ies)|analytics|unlocks?|tokenomics|ibc|interoperability|regenerative\s+finance|state\s+expiry|peg)\b/;
/** The publication's own series and articles: newsletters, market wraps and reports (research). */
export const PUBLICATION =
  /\b(?:newsletters?|market\s+wraps?|market\s+reports?|year\s+in\s+review|optech|(?:our|your)\s+(?:research|articles?|coverage)|articles?|weekly\s+(?:wraps?|reports?)|daily\s+(?:wraps?|reports?))\b/;
/** Words only a market lookup answers, which keep a question on a topic with the market tools. */
export const MARKET_WORDS =
  /\b(?:price|prices|cost|costs|worth|trading\s+at|market\s*cap|mcap|capitali[sz]ation|volume|chart|charts|candles?|ohlc|ath|all[\s-]time\s+high|rank|ranking)\b/;
/** Words that put a question in crypto's field: without one (or a coin), it is off-topic. */
export const CRYPTO_WORDS =
  /\b(?:crypto\w*|blockchains?|chains?|on-?chain|tokens?|coins?|wallets?|defi|finance|web[23]|protocols?|networks?|ledgers?|satoshi|nakamoto|vitalik|decentrali[sz]\w*|dapps?|nfts?|daos?|mining|miners?|bitcoin|ethereum|ether|altcoins?|memecoins?|airdrops?|seed\s+phrases?|private\s+keys?|transactions?|hash\w*|rwa|tokeni[sz]ation|yield|stablecoins?|smart\s+contracts?)\b/;
/** A comparison ("compare", "versus", "relative to"). */
export const COMPARE = /\b(?:compare|compared|comparison|versus|vs|against|relative\s+to)\b/;
/** A question about the article in context ("summarise this article", "key points"). */
const ARTICLE_QUESTION =
  /\b(?:this|the)\s+(?:article|post|piece|report|paper|newsletter|page)\b|\bsummar(?:y|i[sz]e)\b|\btl;?dr\b|\bwhat\s+is\s+(?:this|it)\s+about\b|\bkey\s+(?:points|takeaways|ideas)\b|\bmain\s+(?:points|ideas|takeaways|argument)\b|\bexplain\s+(?:this|it)\b/;

/** True when, with an article as context, the question is about that article. */
export function isArticleQuestion(question: string): boolean {
  return ARTICLE_QUESTION.test(fold(question));
}
