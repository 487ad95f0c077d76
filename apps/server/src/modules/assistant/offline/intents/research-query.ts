// The research query of a question: its topic, without the question's scaffolding.
import { straighten } from "../../assistant.prompt.ts";

/**
 * Openings stripped from a question, repeatedly, in this order ("Can you explain the …", "how do
 * I …", "what's in the …", "give me the …").
 */
const LEADING: ReadonlyArray<RegExp> = [
  /^(?:hey|hi|hello|ok|okay|so|and|but|max)\b[\s,]*/i,
  /^(?:can|could|would|will)\s+you\s+(?:please\s+)?/i,
  /^please\s+/i,
  /^i\s+(?:want|would\s+like|'d\s+like)\s+to\s+(?:know|learn|understand|read)\s+(?:more\s+)?(?:about\s+)?/i,
  /^(?:explain|describe|define|summari[sz]e|teach\s+me(?:\s+about)?|tell\s+me\s+(?:more\s+)?about|give\s+me\s+(?:an?\s+)?(?:overview|summary|introduction)\s+(?:of|on|to)|find\s+(?:me\s+)?(?:research|articles?)\s+(?:on|about)|research\s+(?:on|about)|articles?\s+(?:on|about)|what\s+does\s+(?:your|our|the)\s+research\s+say\s+about|what\s+do\s+you\s+know\s+about|learn\s+about|read\s+about)\s+(?:to\s+me\s+)?/i,
  /^(?:what|how|why|when|who)(?:'s|s|\s+is|\s+are|\s+does|\s+do|\s+did|\s+was|\s+were|\s+can|\s+should)?\s+/i,
  /^(?:i|we|you)\s+/i,
  /^(?:give|show|find|get|send)\s+me\s+/i,
  /^(?:in|inside)\s+(?=(?:the|this|that|your|our)\s)/i,
  /^(?:the\s+)?(?:difference\s+between|meaning\s+of|definition\s+of|basics\s+of|concept\s+of|idea\s+of|point\s+of|purpose\s+of|role\s+of|introduction\s+to|guide\s+to)\s+/i,
  /^(?:the|a|an)\s+/i,
];

/** An ending stripped from a question ("… work", "… in simple terms", "… say"). */
const TRAILING =
  /\s+(?:work|works|working|mean|means|matter|matters|in\s+simple\s+terms|simply|please|for\s+me|to\s+me|exactly|actually|about|exist|exists|say|says|cover|covers|contain|contains)$/i;

/**
 * The research query of a question: its topic without the question's scaffolding ("How do rollups
 * work?" -> "rollups"), diacritics and punctuation dropped, at most 200 characters. A strip that
 * would leave fewer than 2 characters is skipped.
 */
export function researchQuery(question: string): string {
  let text = straighten(question)
    .replace(/[?!.,;:"“”()]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  for (let changed = true; changed;) {
    changed = false;
    for (const pattern of [...LEADING, TRAILING]) {
      const next = text.replace(pattern, "").trim();
      if (next !== text && next.length >= 2) {
        text = next;
        changed = true;
      }
    }
  }
  return text.slice(0, 200);
}
