/**
 * @module core/recall/person-topic
 * Owns one gate decision (issue 14): whether a question about a known person asks about a thing that no document of
 * the scope ever mentioned and that person's evidence does not hold — "What is Jon's favourite constellation?" — so
 * the everyday words around it ("favourite", "last month", "position", "brand") cannot pass it as a discussed topic.
 * Pure: the caller gives the person's missing content terms (retrieve.ts personSupport), their document frequencies
 * and the lexicon.
 */
import type { Lexicon } from '../ports.ts';
import { analyze } from '../text/analyze.ts';
import { mapPacked } from '../packed.ts';

/**
 * A word this rare in everyday text (lexicon commonness, 0 = not in its frequency list) names a topic whatever its
 * class or place: "constellation", "quantum", "houseplant", "volcano" (0–0.07), while the frame and kind words the
 * LoCoMo questions use are commoner ("nickname" 0.11, "ingredients" 0.17, "reason" 0.49, "state" 0.58).
 */
export const RARE_WORD = 0.1;

/**
 * Lexicographer classes of abstract nouns: what a question's frame says ("reason", "ability", "intention", "kind",
 * "technique", "nickname", "accident") rather than a thing it is about. A frame noun is seldom in the evidence ("What
 * is Melanie's reason for getting into running?" is answered by "I run to clear my head"), so it never vetoes.
 */
const FRAME_CLASSES = new Set(['noun.Tops', 'noun.act', 'noun.attribute', 'noun.cognition', 'noun.communication', 'noun.event', 'noun.feeling', 'noun.motive', 'noun.phenomenon', 'noun.process', 'noun.quantity', 'noun.relation', 'noun.state', 'noun.time']);

/** Auxiliaries and prepositions that end a question's opening wh-phrase ("Which volcano | has Tim hiked up?"). */
const PHRASE_END = new Set(['is', 'are', 'was', 'were', 'do', 'does', 'did', 'has', 'have', 'had', 'can', 'could', 'will', 'would', 'should', 'may', 'might', 'of', 'for', 'in', 'on', 'at', 'to', 'from', 'by', 'with', 'about', 'that']);

/**
 * The head noun of the question's opening wh-phrase — the kind of thing the answer is: "What state did Nate visit?" →
 * state, "What are the main ingredients of the ice cream recipe…?" → ingredients. The answer names an instance
 * ("Florida", "coconut milk"), so the head itself is seldom said. Null when the question opens otherwise
 * ("What is X's…", "How…").
 */
export function answerTypeHead(question: string): string | null {
  const ws = question.toLowerCase().replace(/[’]/g, "'").match(/[a-z][a-z'-]*/g) ?? [];
  if (ws[0] !== 'what' && ws[0] !== 'which') return null;
  let i = 1;
  // "What are the main ingredients…", "Which were the…": the copula and article before the phrase.
  if ((ws[i] === 'is' || ws[i] === 'are' || ws[i] === 'was' || ws[i] === 'were') && (ws[i + 1] === 'the' || ws[i + 1] === 'a' || ws[i + 1] === 'an')) i += 2;
  const phrase: string[] = [];
  for (; i < ws.length && !PHRASE_END.has(ws[i]!) && !ws[i]!.includes("'"); i++) phrase.push(ws[i]!);
  return phrase.length > 0 ? phrase[phrase.length - 1]! : null;
}

export interface PersonTopicInput {
  /** The question as asked. */
  question: string;
  /** Content terms (analysed) the person's documents do not hold, heaviest first (personSupport). */
  missing: readonly string[];
  /** Documents of the scope (turns and memories) holding an analysed term. */
  dfOf: (term: string) => number;
  lexicon: Pick<Lexicon, 'senses' | 'classesOf' | 'commonness'>;
}

/**
 * The word of the question naming a thing never discussed in the scope and absent from the person's evidence, or null.
 * A word counts when no document of the scope holds it, it has three letters or more and is not an acronym, and it
 * is a noun the lexicon knows or a word it does not know that is no misspelling ("Kubernetes" is a topic, "fesetival"
 * may stand for a word that was said); and, for a known noun, unless it is rare
 * (RARE_WORD), of a concrete class (not a frame noun, FRAME_CLASSES) and not the head of the opening wh-phrase alone —
 * a common head names the answer's kind ("What state…" is answered by "Florida"); beside another missing word it
 * counts ("Which tarot card…": "tarot").
 */
export function unsupportedTopic(input: PersonTopicInput): string | null {
  const { question, missing, dfOf, lexicon } = input;
  if (missing.length === 0) return null;
  const raw = question.replace(/[’]/g, "'").match(/[A-Za-z][A-Za-z'-]*|\d+/g) ?? [];
  const wordOf = (term: string) => raw.find((w) => analyze(w).includes(term)) ?? null;
  // Words that can stand as a missing topic at all: a real word of three letters or more, no digits, no acronym.
  const counted = mapPacked(missing, (term) => ({ term, word: wordOf(term) }))
    .filter((m): m is { term: string; word: string } => !!m.word && m.word.length >= 3 && !/\d/.test(m.word) && m.word !== m.word.toUpperCase());
  const head = answerTypeHead(question);
  for (const m of counted) {
    const w = m.word.toLowerCase().replace(/'s$/, '');
    if (dfOf(m.term) > 0) continue;
    // A word the lexicon does not know is a topic when it is no misspelling of one it knows: "Kubernetes",
    // "cryptocurrency", "smartwatch" are; "fesetival", "torunament", "recieved" stand for words that were said.
    if (lexicon.senses(w).length === 0) {
      if (w.length >= 5 && !w.includes('-') && !w.includes("'") && !misspelling(w, lexicon)) return m.word;
      continue;
    }
    if (lexicon.senses(w, 'noun').length === 0) continue;
    // Without word frequencies (a lexicon that has none) no word is known to be rare.
    const rare = lexicon.commonness ? lexicon.commonness(w) < RARE_WORD : false;
    if (!rare && lexicon.classesOf(w, 'noun', 1).some((c) => FRAME_CLASSES.has(c))) continue;
    if (!rare && w === head && counted.length === 1) continue;
    return m.word;
  }
  return null;
}

/** True when one edit (a letter dropped, added, changed, or two swapped) turns the word into one the lexicon knows. */
export function misspelling(word: string, lexicon: Pick<Lexicon, 'senses'>): boolean {
  const abc = 'abcdefghijklmnopqrstuvwxyz';
  const known = (c: string) => c.length > 1 && lexicon.senses(c).length > 0;
  for (let i = 0; i <= word.length; i++) {
    const a = word.slice(0, i);
    const b = word.slice(i);
    if (b && known(a + b.slice(1))) return true;
    if (b.length > 1 && known(a + b[1] + b[0] + b.slice(2))) return true;
    for (const ch of abc) {
      if (b && ch !== b[0] && known(a + ch + b.slice(1))) return true;
      if (known(a + ch + b)) return true;
    }
  }
  return false;
}
