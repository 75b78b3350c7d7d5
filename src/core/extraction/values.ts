/**
 * @module core/extraction/values
 * Turning matched text into short readable values: proper-noun spans ("St. Mary's Hospital",
 * "University of Porto"), noun phrases cut at clause boundaries, lists ("Leo and Mia"), topic
 * slugs for opinion keys. Pure string functions.
 */
import { NOT_NAMES, PLACE_NOUNS } from './lexicon.ts';

/** Words that end a value: conjunctions, prepositions that start adjuncts, time words. */
const BOUNDARY =
  /\s+(?:and\s+(?:i|we|my|it|they|he|she|then)\b|but|because|since|so|though|although|while|which|who|whom|where|when|whenever|if|unless|until|after|before|every|each|last|next|this|these|those|yesterday|today|tonight|tomorrow|now|anymore|any\s+more|again|lately|recently|currently|right\s+now|at\s+the\s+moment|these\s+days|for\s+(?:about\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\d+|many|several|the\s+past|years|months|weeks)|ever\s+since|in\s+(?:19|20)\d\d|on\s+(?:the\s+)?(?:\d|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekends?)|(?:in|on|by|from|until|till|starting|through)\s+(?:the\s+)?(?:\d+(?:st|nd|rd|th)?\s+(?:of\s+)?)?(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.?\s*(?:\d|$|[,.!?])|(?:on|by|from|until|till|at)\s+(?:\d{1,2}(?::\d\d)?\s*(?:am|pm)\b|\d{1,2}[/.-]\d{1,2}|noon|midnight)|in\s+(?:the\s+)?(?:early\s+|late\s+|mid-?\s*)?(?:spring|summer|autumn|fall|winter|new\s+year)\b|at\s+(?:the\s+age\s+of\s+)?\d{1,2}(?!\d|\s*(?:am|pm|%|[a-z]))|as\s+a\s+(?:kid|child|teen|teenager|baby|toddler)\b|in\s+my\s+(?:teens|twenties|thirties|forties|fifties|sixties|\d0s)\b|at\s+all|so\s+much|very\s+much|that\s+much|a\s+lot|to\s+(?:help|be|get|make|see|do))\b|\s*[,;:.!?—–(]|\s+-\s/i;

/** Cuts a captured fragment at the first clause boundary and tidies it. */
export function cutValue(raw: string, extraStops?: RegExp): string {
  let s = ` ${raw.trim()}`;
  const m = BOUNDARY.exec(s);
  if (m) s = s.slice(0, m.index);
  if (extraStops) {
    const e = extraStops.exec(s);
    if (e) s = s.slice(0, e.index);
  }
  return tidy(s);
}

/** A short list item: one to three words. */
const LIST_ITEM = "[\\p{L}\\d'’-]+(?:\\s+[\\p{L}\\d'’-]+){0,2}";
/** Items joined by commas, the last after "and" / "or", then the end of the clause: "peanuts, shellfish and latex". */
const LIST_SPAN = new RegExp(`^${LIST_ITEM}(?:\\s*,\\s*${LIST_ITEM})+\\s*,?\\s+(?:and|or|&)\\s+${LIST_ITEM}(?=\\s*(?:[.!;]|$))`, 'u');
/** A word that makes an item a clause of its own ("…, which is awkward and annoying"). */
const CLAUSE_IN_ITEM = /\b(?:I|we|you|he|she|they|it|is|are|was|were|am|be|been|have|has|had|do|does|did|will|would|can|could)\b/i;

/**
 * Cuts a captured fragment that is a list of three or more short items ("peanuts, shellfish and latex") as the whole
 * list, to be split by `splitList`; any other fragment as one value (`cutValue`: at its first comma or clause word).
 */
export function cutList(raw: string, extraStops?: RegExp): string {
  const m = LIST_SPAN.exec(raw.trim());
  if (m && splitList(m[0]).every((item) => !CLAUSE_IN_ITEM.test(item) && cutValue(item) === tidy(item))) return tidy(m[0]);
  return cutValue(raw, extraStops);
}

/** Removes leading determiners/possessives and trailing punctuation. */
export function tidy(s: string): string {
  return s
    .trim()
    // Trailing intensifiers are stance, not content: "spicy food at all", "jazz so much", "cilantro really".
    .replace(/(?:\s+(?:at\s+all|so\s+much|very\s+much|that\s+much|a\s+lot|really|anymore|any\s+more|either))+[\s,.;:!?]*$/i, '')
    .replace(/^(?:a|an|the|some|my|our|his|her|their|your)\s+/i, '')
    .replace(/[\s,.;:!?'"’)]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "Spotify on March 17", "Acme on Monday": a date after a connector ends the name. */
const DATE_WORD = /^(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/i;
const CAP_WORD = /^(?:[A-Z][\p{L}\p{N}'’.&+-]*|[A-Z]{2,}|[\p{Lu}][\p{L}'’.-]*)$/u;
const CONNECTORS = new Set(['of', 'de', 'da', 'do', 'del', 'la', 'le', 'von', 'van', 'der', 'the', 'and', '&', 'du', 'y', 'on', 'upon']);

/**
 * A capitalised place noun that is not a name alone ("work", "home", "school") opens one when the next word is
 * capitalised and is no stop word itself: "Home Depot", "Office Depot".
 */
function headsName(word: string, next: string | undefined): boolean {
  if (!PLACE_NOUNS.has(word.toLowerCase()) || next === undefined) return false;
  const n = next.replace(/[,.;:!?)"]+$/u, '');
  return CAP_WORD.test(n) && !NOT_NAMES.has(n.toLowerCase().replace(/[’']s$/, ''));
}

/**
 * The proper-noun span at the start of `text` ("St. Mary's Hospital", "University of Porto",
 * "NYC"), or null. Stops at a lower-case word that is not a name connector.
 */
export function properSpan(text: string, allowLeadingThe = true): string | null {
  const words = text.trim().split(/\s+/);
  const out: string[] = [];
  let i = 0;
  if (allowLeadingThe && /^the$/i.test(words[0] ?? '')) i = 1;
  for (; i < words.length; i++) {
    const raw = words[i];
    const w = raw.replace(/[,.;:!?)"]+$/u, (p) => (/^\.$/.test(p) && /^(?:St|Mt|Dr|Jr|Inc|Co|Ltd)\.$/.test(raw) ? p : ''));
    const trailingPunct = w.length < raw.length;
    if (CAP_WORD.test(w) && !(out.length === 0 && NOT_NAMES.has(w.toLowerCase().replace(/[’']s$/, '')) && !headsName(w, words[i + 1]))) out.push(w);
    else if (out.length > 0 && CONNECTORS.has(w.toLowerCase()) && i + 1 < words.length && CAP_WORD.test(words[i + 1]) && w !== 'and' && !DATE_WORD.test(words[i + 1])) out.push(w);
    else break;
    if (trailingPunct) break;
  }
  if (out.length === 0) return null;
  return out.join(' ').replace(/[’']s$/, (p) => (out.length > 1 ? p : ''));
}

/** Splits "Leo and Mia", "Miso, Tofu and Pickles" into items. */
export function splitList(s: string): string[] {
  return s
    .split(/\s*,\s*(?:and\s+|or\s+)?|\s+and\s+|\s+&\s+|\s+as\s+well\s+as\s+/i)
    .map((x) => tidy(x))
    .filter((x) => x.length > 0);
}

/** `remote work` → `remote_work`; `the new MacBook` → `macbook`. */
export function topicSlug(topic: string): string {
  return topic
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/^(?:the|a|an|this|that|these|those)\s+/, '')
    .replace(/^(?:new|old|latest|current)\s+/, '')
    .replace(/\+\+/g, 'pp')
    .replace(/#/g, 'sharp')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 48);
}

/** Upper-cases the first letter of each word of a name ("maya" stays as written if already cased). */
export function titleCase(s: string): string {
  return s.replace(/\b[\p{Ll}]/gu, (c) => c.toUpperCase());
}

/** Lower-case, accent-folded, punctuation-free form for comparisons. */
export function normValue(s: string): string {
  return s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

const UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen', 'eighteen', 'nineteen'];
const TENS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const SPELLED = new RegExp(`\\b(?:(${TENS.filter(Boolean).join('|')})(?:[\\s-](${UNITS.slice(1, 10).join('|')}))?|(${UNITS.join('|')}))\\b`, 'gi');

/** Spelled-out numbers below a hundred as digits ("thirty-six" → "36", "nine" → "9"): ages and counts as written in chat. */
export function spelledToDigits(s: string): string {
  return s.replace(SPELLED, (_m, tens: string | undefined, unit: string | undefined, small: string | undefined) =>
    small ? String(UNITS.indexOf(small.toLowerCase())) : String(TENS.indexOf(tens!.toLowerCase()) * 10 + (unit ? UNITS.indexOf(unit.toLowerCase()) : 0)),
  );
}
