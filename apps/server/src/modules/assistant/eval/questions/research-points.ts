// Research questions as readers phrase them, each with the point a right answer says (eval class
// R2, docs/product/max.md#eval-classes): paraphrases without the article's words, long and short,
// with typos; written by a helper from the articles alone (the demo library, ethereum.org and
// Bitcoin Optech), without the code or the held-out set.
import type { EvalCase } from "../cases.ts";
import { point } from "./build.ts";
import { ANSWER_KIND_QUESTIONS } from "./research-kinds.ts";

/** Questions whose answers must say the point, not only cite the article. */
export const RESEARCH_POINT_QUESTIONS: EvalCase[] = [
  point(
    "can i keep my old metamask address and still get the smart wallet stuff like batching and having an app pay my gas? or do i have to move everything to a brand new address",
    ["account-abstraction-in-practice"],
    [["7702"], ["same address", "keeping its history"]],
  ),
  point(
    "a dapp is asking me to sign a 'delegation' to upgrade my wallet into a smart account. is that safe to just sign?",
    ["account-abstraction-in-practice", "weekly-newsletter-217-reader-mailbag"],
    [["powerful signature", "drainer", "full control"]],
  ),
  point(
    "if the bitcoin etfs pull in billions of inflows does that mean big money is betting on btc going up?",
    ["bitcoin-etf-flows-explained", "weekly-market-report-unlocks-and-flows"],
    [["basis trade", "basis positions"], ["market-neutral"]],
  ),
  point(
    "why was my btc fee higher than my friend's when i was sending way less bitcoin than him??",
    ["bitcoin-fees-and-the-mempool"],
    [["block space", "virtual bytes"], ["inputs"]],
  ),
  point(
    "Why do cross-chain bridges keep getting hacked? Ronin, Wormhole, Nomad... what actually goes wrong",
    ["bridge-security-models"],
    [["key management", "verification bugs", "upgrade mistakes", "weakest signer"]],
  ),
  point(
    "sent tokens from cosmos hub to another chain and they never showed up... are they gone forever?",
    ["cosmos-ibc-explained"],
    [
      ["timeout", "timed out"],
      ["refunded", "refund"],
    ],
  ),
  point(
    "why did fees on arbitrum and optimism suddenly get so much cheaper in march 2024",
    ["daily-market-wrap-dencun-blobs", "roadmap-dencun", "roadmap-danksharding"],
    [["blob"], ["calldata", "EIP-4844"]],
  ),
  point(
    "what made BlackRock's spot bitcoin ETF application different from all the ones the SEC had already turned down?",
    ["daily-market-wrap-etf-filings-return"],
    [["manipulation"], ["surveillance-sharing", "surveillance"]],
  ),
  point(
    "why do borrowing rates on defi lending markets jump like crazy once a pool is almost fully borrowed",
    ["daily-market-wrap-fees-and-funding"],
    [["kink"]],
  ),
  point(
    "one avalanche subnet shows 10x more transactions than another one. does that mean people use it way more?",
    ["daily-market-wrap-thin-liquidity"],
    [["not comparable", "near-zero fees"]],
  ),
  point(
    "how can i tell if a depin network like helium actually has paying customers or if it's just handing out tokens to people who plug in hotspots",
    ["depin-incentive-design", "weekly-newsletter-217-reader-mailbag"],
    [["revenue"], ["emissions"]],
  ),
  point(
    "why does unstaking eth sometimes take a few minutes and other times weeks?",
    [
      "ethereum-staking-withdrawals-explained",
      "weekly-newsletter-217-reader-mailbag",
      "roadmap-merge-issuance",
    ],
    [
      ["queue", "exit"],
      ["churn limit", "per epoch", "per-epoch"],
    ],
  ),
  point(
    "my stETH balance goes up a tiny bit every day but my rETH just sits at the same number. is one of them broken",
    ["liquid-staking-tokens-on-ethereum"],
    [["rebasing"], ["exchange rate"]],
  ),
  point(
    "back in 2022 staked eth was trading below eth - was that a depeg, like was something wrong with it?",
    ["weekly-newsletter-22-liquidity-stress", "liquid-staking-tokens-on-ethereum"],
    [["withdrawn"], ["liquidity"]],
  ),
  point(
    "someone keeps front running my uniswap swaps and i end up with a worse price. whats going on and how do i avoid it",
    ["mev-transaction-ordering", "mev"],
    [["sandwich"], ["slippage"]],
  ),
  point(
    "can a stablecoin thats legal in the EU pay me yield just for holding it?",
    ["mica-stablecoin-rules", "weekly-newsletter-130-mica-and-etfs"],
    [["may not pay interest", "cannot pay interest", "interest is off the table"]],
  ),
  point(
    "i thought nft royalties were coded into the token itself, so why did artists suddenly stop getting paid on resales?",
    ["nft-royalties-after-optional-enforcement"],
    [
      ["marketplaces chose", "voluntary"],
      ["cannot distinguish a sale", "price it cannot observe"],
    ],
  ),
  point(
    "how do chain analysis firms figure out which bitcoin addresses belong to the same person",
    ["onchain-analytics-primer"],
    [["common-input-ownership", "clustering"]],
  ),
  point(
    "why do i have to wait like a week to withdraw from arbitrum back to mainnet when zk rollups are way faster?",
    ["optimistic-and-zk-rollups-compared", "scaling-optimistic-rollups", "scaling-zk-rollups"],
    [["challenge"], ["fraud proof", "validity proof"]],
  ),
  point(
    "keep getting random 0 value transfers from addresses that look almost exactly like mine?? what is this",
    ["practical-wallet-security"],
    [["address poisoning"], ["full address"]],
  ),
  point(
    "the protocol says its audited so my money is safe in there right?",
    ["reading-smart-contract-risk"],
    [
      ["time-limited review", "specific version"],
      ["upgrade", "who can change"],
    ],
  ),
  point(
    "is restaking on eigenlayer basically free extra yield on top of my staked eth or whats the catch",
    ["restaking-risk-layers"],
    [
      ["slashing", "slashed"],
      ["correlation", "same operator"],
    ],
  ),
  point(
    "why is it so hard for a small solana validator to turn a profit?",
    ["solana-validator-economics"],
    [["vote"], ["fixed costs", "one SOL per day"]],
  ),
  point(
    "why did terra's UST blow up while the dollar-backed coins held their peg",
    ["stablecoin-design-tradeoffs"],
    [["confidence"], ["reserves", "redeem"]],
  ),
  point(
    "big token unlock coming next week... does that mean all those tokens are going to get dumped on the market?",
    ["token-unlocks-and-supply", "weekly-market-report-unlocks-and-flows"],
    [["does not mean they will be sold", "whether they did", "stayed in recipient wallets"]],
  ),
  point(
    "my exchange posted a proof of reserves with all its wallet addresses. so it's solvent right?",
    ["weekly-market-report-exchange-reserves"],
    [["liabilities"], ["solvency"]],
  ),
  point(
    "how do i know if a viral post saying the SEC approved a crypto ETF is actually true",
    ["weekly-market-report-false-headlines"],
    [["official filings"]],
  ),
  point(
    "if i buy a spot ether etf do i get the staking rewards too?",
    ["weekly-newsletter-130-mica-and-etfs"],
    [["will not stake", "will not receive staking rewards"]],
  ),
  point(
    "how did Bybit lose 1.5 billion from a multisig cold wallet - were the keys stolen or what",
    ["weekly-newsletter-165-front-end-compromise"],
    [["interface"], ["keys were not stolen", "different transaction"]],
  ),
  point(
    "can i undo a 7702 delegation later if i change my mind",
    ["weekly-newsletter-217-reader-mailbag"],
    [["new authorisation"], ["does not undo"]],
  ),
  point(
    "why are ppl able to store pictures on bitcoin and why is it relativley cheap to do",
    ["weekly-newsletter-60-withdrawals-ahead"],
    [["witness"], ["SegWit", "discount"]],
  ),
  point(
    "why did my tx fee go up when the network was busy",
    ["gas", "intro-to-ether"],
    [["base fee"], ["demand"]],
  ),
  point(
    "my transaction failed but i still got charged gas?? how is that fair",
    ["gas"],
    [["regardless of whether", "consumed"]],
  ),
  point(
    "I disconnected my wallet from a sketchy site, does that mean it can't touch my tokens anymore?",
    ["guides-how-to-revoke-token-access"],
    [["revoke"], ["still use those tokens", "token allowance"]],
  ),
  point(
    "a token that looks exactly like ARB just showed up in my wallet out of nowhere. how do i tell if its real",
    ["guides-how-to-id-scam-tokens"],
    [["contract address"], ["liquidity"]],
  ),
  point("whats the point of WETH, isnt it just eth?", ["wrapped-eth"], [["ERC-20"], ["predates"]]),
  point(
    "why burn the base fee instead of paying validators",
    ["intro-to-ether"],
    [["manipulate", "for free"]],
  ),
  point("how much less new ETH gets created since the merge", ["roadmap-merge-issuance"], [["88"]]),
  point(
    "what average gas price does it take for eth supply to actually shrink on a given day",
    ["roadmap-merge-issuance"],
    [["16 gwei"]],
  ),
  point(
    "made a typo-ish mistake.. can i change my validator withdrawal address after i set it?",
    ["staking-withdrawals", "ethereum-staking-withdrawals-explained"],
    [["cannot be changed", "only be assigned a single withdrawal address", "irreversible"]],
  ),
  point(
    "dont have 32 eth, can i still stake somehow",
    ["staking-pools"],
    [["any amount"], ["pool"]],
  ),
  point(
    "So I have exactly 32 ETH but zero interest in running hardware at home, I was looking at one of those services where you hand over your validator to an operator for a monthly fee. My worry is basically: if I give them my keys, can they just run off with my ETH? what exactly do they get access to",
    ["staking-saas"],
    [["signing keys"], ["withdrawal keys", "withdrawal address"]],
  ),
  point(
    "power went out and my validator was offline for a few hours, am i getting slashed??",
    ["staking-solo"],
    [["not result in slashing", "inactivity penalties"]],
  ),
  point(
    "how does splitting one validator key across several machines work and why would anyone bother",
    ["staking-dvt"],
    [["key shares"], ["single points of failure", "fault tolerance", "threshold"]],
  ),
  point(
    "someone in a telegram group says i need to 'upgrade' my eth for the dencun hard fork, is that a thing?",
    ["roadmap-dencun"],
    [["scam"], ["no action required", "no need to convert"]],
  ),
  point(
    "why is it ok for ethereum to just throw away the rollup data after a couple weeks? doesnt anyone need it",
    ["roadmap-danksharding", "roadmap-dencun"],
    [["18 days"], ["long enough", "challenge"]],
  ),
  point(
    "how would separating block builders and proposers stop censorship",
    ["roadmap-pbs"],
    [["inclusion list"]],
  ),
  point(
    "why does it take ~15 mins before an ethereum block is considered final, cant they speed it up?",
    ["roadmap-single-slot-finality"],
    [["2/3"], ["computing power", "overhead"]],
  ),
  point(
    "why does running an eth node need a 2TB SSD and is there any plan to shrink that",
    ["roadmap-statelessness"],
    [["state data"], ["statelessness", "history expiry", "Verkle"]],
  ),
  point("eth energy use now vs proof of work?", ["energy-consumption"], [["99.988", "0.0026"]]),
  point(
    "somebody DMed me on discord offering to help fix my wallet issue. legit?",
    ["security"],
    [
      ["support scam", "designated channels", "never communicate"],
      ["private keys", "seed phrase"],
    ],
  ),
  point(
    "why can't a smart contract just call a price API directly instead of needing some oracle thing",
    ["oracles"],
    [["deterministic", "determinism"]],
  ),
  point(
    "is there a way to get my funds out of optimism faster than the 7 day wait",
    ["scaling-optimistic-rollups", "optimistic-and-zk-rollups-compared"],
    [["liquidity provider"]],
  ),
  point(
    "flash loans - how can you borrow money with zero collateral, what stops people from just running off with it?",
    ["defi"],
    [["same transaction"], ["revert"]],
  ),
  point(
    "sent some erc20 tokens to a contract adress by mistake and they just sit there, why cant the contract send them back??",
    ["standards-tokens-erc-20"],
    [
      ["permanently lost", "stuck"],
      ["notification", "notify"],
    ],
  ),
  point(
    "the merge happened and gas is still expensive, so did it fail?",
    ["roadmap-merge"],
    [["never intended", "capacity"]],
  ),
  point(
    "I have USDC in my wallet but zero ETH so I can't even move it. will that ever get fixed?",
    ["roadmap-account-abstraction"],
    [["pay gas in USDC", "tokens other than ETH"]],
  ),
  point(
    "how much eth do u actually lose if your validator gets slashed",
    ["consensus-mechanisms-pos"],
    [["correlation penalty"]],
  ),
  point(
    "did ethereum ever roll back a hack to give people their money back?",
    ["governance"],
    [["DAO fork"], ["Ethereum Classic", "non-intervention"]],
  ),
  point(
    "trusted vs trustless bridges - whats the actual difference for me as a user",
    ["bridges"],
    [
      ["trust assumptions", "trust-minimized"],
      ["custodial risk", "collude", "censorship risk"],
    ],
  ),
  point(
    "I set up my coldcard mk3 a couple years ago and people are saying funds are getting stolen. what do i do",
    ["bitcoin-optech-newsletter-2026-07-31"],
    [["entropy"], ["unaffected wallet", "move their funds"]],
  ),
  point(
    "do bitcoin wallets still need to mark a transaction as replaceable for fee bumping to work?",
    ["bitcoin-optech-newsletter-2026-06-19"],
    [["fingerprint"], ["full RBF", "regardless of its"]],
  ),
  point(
    "heard about an LND bug with cooperative channel closes where someone could take all the channel funds. what version fixes it",
    ["bitcoin-optech-newsletter-2026-08-21"],
    [["0.20.0"], ["penalty transaction", "reorg"]],
  ),
  point(
    "how could lightning stop people from clogging channels by just sitting on payments forever",
    ["bitcoin-optech-newsletter-2026-08-14"],
    [["withhold fee"], ["how long", "block height"]],
  ),
  point(
    "spam attacks on lightning onion messages - is that a real risk and what fixes are people proposing?",
    ["bitcoin-optech-newsletter-2026-04-24"],
    [
      ["rate limit", "jamming"],
      ["upfront fees", "bandwidth metered", "backpropagation", "hop"],
    ],
  ),
  point(
    "which bitcoin core versions had that crafted-block crash bug and is it fixed",
    ["bitcoin-optech-newsletter-2026-05-15"],
    [["29.0"], ["freed memory", "use-after-free"]],
  ),
  point(
    "why do bitcoin devs want to replace testnet4",
    ["bitcoin-optech-newsletter-2026-06-12"],
    [["difficulty exception", "20-minute rule", "block storms"]],
  ),
  point(
    "could the encryption between bitcoin nodes be made quantum safe without needing a soft fork?",
    ["bitcoin-optech-newsletter-2026-06-05"],
    [
      ["ML-KEM", "hybrid"],
      ["widespread", "consensus change"],
    ],
  ),
  point(
    "my node at home never gets inbound connections even with natpmp on, is anyone working on that",
    ["bitcoin-optech-newsletter-2026-05-22"],
    [["hole punching"], ["rendezvous", "third party"]],
  ),
  point(
    "what did bitcoin devs actually propose about quantum computers in 2025",
    ["bitcoin-optech-newsletter-2025-12-19"],
    [["BIP360", "P2TSH", "quantum-vulnerable"]],
  ),
  ...ANSWER_KIND_QUESTIONS,
];
