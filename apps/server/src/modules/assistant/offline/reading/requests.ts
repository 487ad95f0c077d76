// The requests of a reader's message (docs/decisions/013-reading-questions.md): its sentences and
// numbered items, each joined with the context it leans on, before each is read into clauses.
import { splitSentences } from "../../../../text/sentences.ts";
import { tokenize } from "../../../../text/words.ts";
import { clauseShape } from "./words.ts";

/** A lead-in that only announces what follows ("Two things:", "Quick question:"). */
const LEAD_IN_WORDS = 3;

/**
 * The sentences of a message, each numbered item ("(1) … (2) …", "1) …") a sentence of its own
 * and "+" read as "and"; a short lead-in ending with ":" left out ("Two things:").
 */
export function requests(question: string): string[] {
  return question
    .replaceAll(" + ", " and ")
    .split(/\(\d\)|(?:^|\s)\d\)\s/)
    .flatMap(splitSentences)
    .map((s) => s.replace(/[,;]\s*$/, ""))
    .filter((s) => !(s.endsWith(":") && tokenize(s).length <= LEAD_IN_WORDS));
}

/** Sentences that only ask about the one before ("…two different tokens?? Why"). */
const BARE_QUESTIONS = new Set(["why", "how", "how come", "really", "what"]);

/**
 * Sentences joined with the request they belong to: a statement ("I have USDC but no ETH.") with
 * the sentence after it, a bare question word ("…two different tokens?? Why") with the one before,
 * so the request is read with what it is about (clauseShape).
 */
export function joinLeaning(parts: string[]): string[] {
  const out: string[] = [];
  let pending = "";
  for (const part of parts) {
    const text = pending ? `${pending} ${part}` : part;
    pending = "";
    const words = tokenize(part)
      .map((t) => t.norm)
      .join(" ");
    if (BARE_QUESTIONS.has(words) && out.length > 0) {
      out[out.length - 1] = `${out[out.length - 1]} ${text}`;
    } else if (clauseShape(part).statement) pending = text;
    else out.push(text);
  }
  if (pending) out.push(pending);
  return out;
}
