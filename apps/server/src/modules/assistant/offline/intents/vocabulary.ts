// Word lists for the offline model's coin recognition: ordinary words, abbreviations not tickers.

/**
 * Words that are never a coin by themselves: English function words, the words of the questions
 * Max serves, and coin names or tickers that are also ordinary words ("near", "flow", "link",
 * "dot"), which count as coins only when written as one (`NEAR`, `$LINK`, "Flow" mid-sentence).
 */
export const VOCABULARY: ReadonlySet<string> = new Set(
  (
    "a about above after again against all also am an and any are as at be because been before " +
    "being below between both but by can cannot could did do does doing done down during each " +
    "either else ever every few for from further get gets got had has have having he her here " +
    "hers him his how i if in into is it its itself just let lets like me mine more most much my " +
    "no nor not now of off on once one only or other our ours out over own per same she should so " +
    "some such than that the their theirs them then there these they this those through to too " +
    "under until up upon very was we were what whats when where which while who whom why will " +
    "with would yet you your yours yourself ok okay yes sure please thanks thank hi hello hey " +
    "tell show give find list fetch look lookup check display provide want need know see say " +
    "said compare comparison versus vs against max pragmatist coingecko ask answer question " +
    "message reply response last latest previous next current currently recent recently new " +
    "newly listed listing listings launched launch price prices pricing cost costs worth value " +
    "valued trading trade traded trades market markets cap caps mcap marketcap capitalization " +
    "capitalisation volume volumes stats stat statistics data details detail info information " +
    "overview summary summarise summarize supply circulating total ath atl high low highs lows " +
    "range rank ranking ranked fdv change changes changed percent percentage today yesterday " +
    "tomorrow token tokens coin coins crypto cryptos cryptocurrency cryptocurrencies currency " +
    "currencies asset assets chart charts graph graphs plot history historical ohlc candle " +
    "candles candlestick candlesticks performance perform performed performing trend trends " +
    "trending hot popular top day days daily week weeks weekly month months monthly year years " +
    "yearly hour hours time period past since ago analysis analyze analyse analysing analyzing " +
    "insights insight valuable research article articles report reports explain explanation usd " +
    "dollar dollars euro eur key quick brief short long full detailed many couple go going gone " +
    "move moved moving movement doing been right way well good bad better best buy sell hold " +
    "invest investing investment advice should predict prediction forecast go up down rise fall " +
    "near flow dash maker quant gate link dot bit ton cake atom stacks gas ape leo rune ens gt ht " +
    "ar etc vet sand apt stellar key keys main point points work works mean means matter thing things kind sort stuff " +
    "everything anything something nothing lot lots bit little big small other another same " +
    "guide learn read about also really actually exactly maybe perhaps think interesting " +
    "january february march april may june july august september october november december jan " +
    "feb mar apr jun jul aug sep sept oct nov dec two three four five six seven eight nine ten " +
    "eleven twelve first second third staking stake rollup rollups merge mining lightning wallet " +
    "wallets bridge bridges security scam scams fees fee layer network networks protocol chain " +
    "chains blockchain blockchains amp apes arc aster ban blur canton comedian deep dog dusk edge " +
    "esports flare hash humanity hunt hype lab mantle meta metal midnight move movement nano night " +
    "oasis plume prime puff pump rail rain render rose siren sky soon stable sun super sushi " +
    "temple trump virtual"
  ).split(" "),
);

/** Upper-case abbreviations that are not tickers (nor read as one, unless written `$NFT`). */
export const NOT_TICKERS: ReadonlySet<string> = new Set(
  (
    "usd eur gbp utc gmt ohlc ath atl nft nfts dao daos mev tvl etf etfs ai api l1 l2 faq pdf ok " +
    "dex cex kyc roi apy apr dca fomo fud hodl ytd tldr pm am uk us eu ceo evm pos pow zk eip bip " +
    "erc dapp dapps defi rwa"
  ).split(" "),
);
