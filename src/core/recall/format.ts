/**
 * @module core/recall/format
 * Compact, prompt-ready line formats (tokens are the scarce resource): dates as "8 May 2023",
 * turn lines "Speaker: text" under a date header, long turns shown by their matching sentences
 * (whole sentences, elided with "…"), turns shown whole without their pleasantries, memory lines with subject, key, value, event date and
 * history ("previously NYC, until Mar 2025"). Secrets are masked on the way out. Pure.
 */
import type { MemoryRecord, TurnRecord } from '../types.ts';
import { humanKey, speakerOf } from '../render.ts';
import { analyze, STOP_WORDS, words } from '../text/analyze.ts';
import { maskSecrets } from '../text/secrets.ts';
import { mapPacked } from '../packed.ts';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2023-05-08T13:56:00Z" → "8 May 2023" (UTC); a bare year or year-month stays short. */
export function formatDay(iso: string | null | undefined): string {
  if (!iso) return '';
  const m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?/.exec(iso);
  if (!m) return iso;
  if (!m[2]) return m[1];
  if (!m[3]) return `${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  return `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
}

const capitalise = (s: string) => s.replace(/(^|\s)[\p{Ll}]/gu, (c) => c.toUpperCase());

export function subjectLabel(subject: string): string {
  return subject === 'user' ? 'User' : capitalise(subject);
}

/**
 * A full stop that does not end a sentence: an initial ("J.K. Rowling", "Jane F. Doe") or a
 * title or abbreviation that is followed by more ("Dr. Lee", "St. Louis", "e.g. Rome").
 */
const NOT_A_BREAK = /(?:^|[\s(“"'])(?:(?!I\.$)[\p{Lu}]|[\p{Lu}]\.[\p{Lu}]|Mr|Mrs|Ms|Mx|Dr|Prof|St|Mt|Ft|Rev|Capt|Lt|Sgt|vs|approx|e\.g|i\.e)\.$/u;

/** Splits text into sentences, keeping their punctuation; initials and titles do not end one. */
export function sentences(text: string): string[] {
  const parts = text.split(/(?<=[.!?…])\s+(?=[\p{Lu}\p{N}"'“(\[])/u);
  const out: string[] = [];
  for (const p of parts) {
    const prev = out.length > 0 ? out[out.length - 1] : null;
    if (prev !== null && NOT_A_BREAK.test(prev)) out[out.length - 1] = `${prev} ${p}`;
    else out.push(p);
  }
  // A loop, not map + filter: the builtin's result is holey once TurboFan inlines it (core/packed.ts).
  const kept: string[] = [];
  for (const s of out) {
    const t = s.trim();
    if (t) kept.push(t);
  }
  return kept;
}

/**
 * Line breaks inside a message carry meaning (lists, addresses, code): they are kept, each
 * continuation indented by two spaces so it still reads as part of its "Speaker:" line; runs of
 * blank lines collapse to one break and trailing spaces go. Tabs and inner spacing are kept.
 */
export function keepLines(text: string): string {
  const kept: string[] = [];
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const l = line.replace(/[ \t]+$/u, '');
    if (l.trim() !== '') kept.push(l);
  }
  return kept.join('\n  ').trim();
}

/** A message split into sentences with each sentence's analysed terms (memoised per turn). */
export interface SplitMessage {
  speaker: string;
  content: string;
  sentences: string[];
  terms: string[][];
  /** The message replies to a question (the one before it asked one): replies tend to lead with the answer. */
  answers?: boolean;
  /** The message's role ('user', 'assistant', …), when known. */
  role?: string;
  /** Per sentence: a pleasantry that says nothing of its own ("Thanks, Mel!", "Hey Caroline, hope all's good!"); lazily. */
  pleasantries?: boolean[];
}

/**
 * Words of pleasantries: greetings, thanks, interjections and the evaluations chat replies open with. A short sentence
 * made of these, function words and the name of the one addressed says nothing a reader of the context needs. "yes",
 * "yeah" and "no" are not in it: they answer.
 */
const PLEASANTRY_WORDS: ReadonlySet<string> = new Set(
  words(
    'hey hi hello hiya howdy thanks thank thx ty cheers wow woah whoa ooh aw aww omg lol haha hahaha yay welcome ' +
      'congrats congratulations great awesome cool nice amazing wonderful fantastic incredible lovely sweet neat brilliant ' +
      'glad happy hope hoping good well doing going sounds sound looks look fun exciting interesting sharing asking ' +
      "means lot much totally definitely absolutely long time see talk chat chatted dude buddy friend pal luck all's",
  ),
);
/** A pleasantry is at most this many words. */
const PLEASANTRY_MAX_WORDS = 8;

/**
 * True when a sentence is a pleasantry: at most PLEASANTRY_MAX_WORDS words, each a function word, a pleasantry word or
 * the name of the one addressed (a capitalised word after a comma or a greeting: "Thanks, Mel!", "Hey Caroline"), at
 * least one of them a pleasantry word. "Congrats on Paris!" names a place (after "on"): not a pleasantry.
 */
export function isPleasantry(sentence: string): boolean {
  const ws = words(sentence);
  if (ws.length === 0 || ws.length > PLEASANTRY_MAX_WORDS) return false;
  const addressed = new Set<string>();
  for (const m of sentence.matchAll(/(?:,\s*|\b(?:[Hh]ey|[Hh]i|[Hh]ello|[Tt]hanks|[Tt]hank you|[Cc]ongrats|[Ww]ow|[Hh]iya)\s+)([\p{Lu}][\p{L}'’-]*)/gu)) addressed.add(m[1]!.toLowerCase());
  let pleasant = false;
  for (const w of ws) {
    if (PLEASANTRY_WORDS.has(w)) pleasant = true;
    else if (!STOP_WORDS.has(w) && !addressed.has(w)) return false;
  }
  return pleasant;
}

function pleasantriesOf(m: SplitMessage): boolean[] {
  return (m.pleasantries ??= mapPacked(m.sentences, (s) => isPleasantry(s)));
}

/** True when a message asks something (a "?" in its last two sentences). */
export function asksQuestion(text: string): boolean {
  // A sentence is a piece of the text: without a question mark in the text none asks (most turns; no split needed).
  return text.includes('?') && endsAsking(sentences(text));
}

function endsAsking(ss: readonly string[]): boolean {
  for (let i = Math.max(0, ss.length - 2); i < ss.length; i++) if (ss[i]!.includes('?')) return true;
  return false;
}

/**
 * The turn's messages split for rendering. `afterQuestion` says the message right before the
 * turn (the previous turn of the session) asked a question; inside a turn each message follows
 * the one before it.
 */
export function splitMessages(t: TurnRecord, afterQuestion = false): SplitMessage[] {
  const msgs = t.messages.length > 0 ? t.messages : [{ role: 'user' as const, content: t.text, name: null }];
  let asked = afterQuestion;
  return mapPacked(msgs, (m) => {
    const content = keepLines(maskSecrets(m.content));
    const ss = sentences(content);
    // Sentence terms are only read to excerpt a message of several sentences: analysed on first use.
    const out = {
      speaker: speakerOf(m),
      content,
      sentences: ss,
      get terms(): string[][] {
        const terms = mapPacked(ss, (x) => analyze(x));
        Object.defineProperty(this, 'terms', { value: terms });
        return terms;
      },
      answers: asked,
      role: m.role,
    };
    asked = endsAsking(ss);
    return out;
  });
}

/**
 * The question's terms an excerpt keeps sentences for: a set, or a map to each term's weight (a
 * rarer word weighs more; used to pick the best sentences when `EXCERPT.maxSentences` caps them).
 */
export type Focus = ReadonlySet<string> | ReadonlyMap<string, number>;

const focusWeight = (focus: Focus, t: string): number => (focus instanceof Map ? (focus.get(t) ?? 0) : focus.has(t) ? 1 : 0);

/**
 * "Speaker: content" per message, joined by " / "; with `focus`, long messages are excerpted (`idleLead`: see
 * excerptParts), and with `reach` > 0 each kept sentence is cut to the words around its matches (clipSentence).
 */
export function renderSplit(msgs: SplitMessage[], focus: Focus | null, window = 0, idleLead = false, reach = 0): string {
  return mapPacked(msgs, (m) => `${m.speaker}: ${focus ? excerptSplit(m, focus, window, idleLead, reach) : m.content}`).join(' / ');
}

/**
 * A turn shown by one edge: each message's first sentence (`first`: a reply leads with its
 * answer) or last sentence (`last`: a turn ends with what the next one answers), "…" for the rest.
 */
export function renderEdge(msgs: SplitMessage[], edge: 'first' | 'last'): string {
  return mapPacked(msgs, (m) => {
    const ss = m.sentences;
    if (ss.length <= 1) return `${m.speaker}: ${m.content}`;
    return edge === 'first' ? `${m.speaker}: ${ss[0]} …` : `${m.speaker}: … ${ss[ss.length - 1]}`;
  }).join(' / ');
}

/**
 * A message body reduced to the sentences that contain one of `focus` (analysed terms), in order,
 * with "…" where sentences were left out. Returns the whole text when every or no sentence matches.
 */
export function excerpt(text: string, focus: Focus): string {
  const ss = sentences(text);
  return excerptSplit({ speaker: '', content: text, sentences: ss, terms: mapPacked(ss, (x) => analyze(x)) }, focus);
}

/** `reach` > 0: each kept sentence cut around its matches (clipSentence), runs of "…" merged into one. */
function excerptSplit(m: SplitMessage, focus: Focus, window = 0, idleLead = false, reach = 0): string {
  const text = mapPacked(excerptParts(m, focus, window, idleLead), (i) => (i < 0 ? '…' : reach > 0 ? clipSentence(m.sentences[i]!, focus, reach) : m.sentences[i])).join(' ');
  return reach > 0 ? text.replace(/…(?: …)+/g, '…') : text;
}

/** Excerpt tunables (measured with `npm run bench:locomo`, see CHANGELOG). */
export const EXCERPT = {
  /** Keep the first sentence of a reply to a question in its excerpt (1 = on): replies lead with the answer. */
  leadOfReply: 1,
  /**
   * At most this many matching sentences per message (0 = all), the ones whose question terms
   * weigh most (earlier first on a tie); the lead of a reply is kept besides. 1 (was 0), with
   * `edgeEllipsis` 0, one year per header run and PRF 0.1: LoCoMo dev sweep ev@512 A 0.820 → 0.828,
   * B 0.786 → 0.795 (docs/recall-meaning.md, session 6).
   */
  maxSentences: 1,
  /** Mark sentences left out before the first or after the last kept one with "…" (1 = on; 0: only gaps between kept ones). */
  edgeEllipsis: 0,
  /**
   * A turn shown whole (among the best `RECALL.fullTop`, or short) leaves out its pleasantries ("Thanks, Mel!", "Hey
   * Caroline, hope all's good!") when another sentence remains (1 = on). Session 13, LoCoMo dev sweep with the list
   * changes: ev@512 0.818 → 0.819 alone, multi-hop all-hit @2048 0.627 → 0.634 (docs/recall.md). Leaving them out of
   * excerpts too (a reply's lead then its next sentence) cost ev@512 0.818 → 0.813 and was removed.
   */
  leanWhole: 1,
  /**
   * A person's reply excerpted to its lead alone (no sentence holds a question word) keeps the sentence after a lead
   * shorter than this many words (withAnswerAfterLead; 0 = off). Only in the single-answer plan (with RECALL.idleLead):
   * for list asks too the LoCoMo dev sweep at 8 lost category 1 @2048 0.841 → 0.837. Session 21 (locomo24): at 8 the
   * sweep gave category-4 containment @512 0.502 → 0.507, @2048 0.526 → 0.531, ev@512 0.835 → 0.836, the rest
   * unchanged — but heldout-r13 lost a probe (43 → 42 of 72; also at 6, and with a question after the lead left out),
   * so it is off (docs/recall.md "Session 21").
   */
  shortLeadWords: 0,
};

/** Indices of a message's sentences shown whole: all but its pleasantries (EXCERPT.leanWhole), all when nothing else is left. */
function leanParts(m: SplitMessage): number[] {
  const all = mapPacked(m.sentences, (_, i) => i);
  if (EXCERPT.leanWhole !== 1 || m.sentences.length <= 1) return all;
  const idle = pleasantriesOf(m);
  const keep = all.filter((i) => !idle[i]);
  if (keep.length === 0 || keep.length === all.length) return all;
  const parts: number[] = [];
  keep.forEach((i, k) => {
    if (k > 0 && i !== keep[k - 1]! + 1) parts.push(-1);
    parts.push(i);
  });
  return parts;
}

/** A turn shown whole, without its pleasantries (EXCERPT.leanWhole): "Speaker: content" per message, joined by " / ". */
export function renderLean(msgs: SplitMessage[]): string {
  return mapPacked(msgs, (m) => `${m.speaker}: ${mapPacked(leanParts(m), (i) => (i < 0 ? '…' : m.sentences[i])).join(' ')}`).join(' / ');
}

/** Token estimate of `renderLean(msgs)` from per-sentence counts (as estimateSplitTokens). */
export function estimateLeanTokens(msgs: SplitMessage[], prefixTokens: number[], sentTokens: number[][]): number {
  let n = Math.max(0, msgs.length - 1);
  msgs.forEach((m, k) => {
    n += prefixTokens[k]!;
    if (m.sentences.length === 0) n += 1;
    for (const i of leanParts(m)) n += i < 0 ? 2 : sentTokens[k]![i]!;
  });
  return n;
}

/** Each sentence's weight of question terms (each term counted once per sentence). */
function sentenceWeights(m: SplitMessage, focus: Focus): number[] {
  return mapPacked(m.terms, (ts) => [...new Set(ts)].reduce((s, t) => s + focusWeight(focus, t), 0));
}

/**
 * Indices of the kept sentences in order, -1 for an elision; all sentences when nothing or everything matches. With
 * `idleLead`, a reply's lead that is a pleasantry is not kept as its lead: an excerpt that would keep nothing else
 * ("Thanks, Mell!" of "Thanks, Mell! I'm still looking into counseling jobs.": a reply found as a neighbour, or by a
 * term no sentence holds) keeps the reply's first sentence that is not one instead, the answer a reply leads with; one
 * that keeps a matching sentence leaves the pleasantry out.
 */
function excerptParts(m: SplitMessage, focus: Focus, window = 0, idleLead = false): number[] {
  const ss = m.sentences;
  const all = mapPacked(ss, (_, i) => i);
  if (ss.length <= 1 || focus.size === 0) return ss.length === 0 ? [] : all;
  const lead = (i: number) => i === 0 && m.answers === true && EXCERPT.leadOfReply === 1;
  let hit = mapPacked(m.terms, (ts, i) => lead(i) || ts.some((t) => focus.has(t)));
  const max = EXCERPT.maxSentences;
  if (max > 0 && hit.filter((h, i) => h && !lead(i)).length > max) {
    const w = sentenceWeights(m, focus);
    const best = new Set(
      all
        .filter((i) => hit[i] && !lead(i))
        .sort((a, b) => w[b] - w[a] || a - b)
        .slice(0, max),
    );
    hit = mapPacked(hit, (_, i) => lead(i) || best.has(i));
  }
  if (idleLead && lead(0) && !m.terms[0]!.some((t) => focus.has(t)) && pleasantriesOf(m)[0]) {
    if (hit.some((h, i) => h && i > 0)) hit = mapPacked(hit, (h, i) => i > 0 && h);
    else {
      const j = pleasantriesOf(m).findIndex((p) => !p);
      if (j > 0) hit = mapPacked(hit, (_, i) => i === j);
    }
  }
  // Only in the single-answer plan (idleLead): a list or count ask's picks stay one sentence each.
  if (idleLead && EXCERPT.shortLeadWords > 0) hit = withAnswerAfterLead(m, focus, hit);
  const keep = mapPacked(hit, (_, i) => hit.slice(Math.max(0, i - window), i + window + 1).some(Boolean));
  const n = keep.filter(Boolean).length;
  if (n === 0 || n === ss.length) return all;
  const parts: number[] = [];
  let gap = false;
  const edges = EXCERPT.edgeEllipsis === 1;
  ss.forEach((_, i) => {
    if (keep[i]) {
      if ((gap && parts.length > 0) || (edges && i > 0 && parts.length === 0)) parts.push(-1);
      parts.push(i);
      gap = false;
    } else gap = true;
  });
  if (gap && edges) parts.push(-1);
  return parts;
}

/**
 * A person's reply kept by its lead alone, no sentence of it holding a question word (a neighbour of the question it answers),
 * whose lead is short ("For sure!", "I was really excited.", "Nope, but it's my first time going."): the lead
 * acknowledges and the next sentence says what (EXCERPT.shortLeadWords) — that sentence is kept too.
 */
function withAnswerAfterLead(m: SplitMessage, focus: Focus, hit: boolean[]): boolean[] {
  let only = -1;
  for (let i = 0; i < hit.length; i++) {
    if (!hit[i]) continue;
    if (only >= 0) return hit;
    only = i;
  }
  if (m.role === 'assistant' || only < 0 || only + 1 >= hit.length || words(m.sentences[only]!).length >= EXCERPT.shortLeadWords) return hit;
  if (m.terms.some((ts) => ts.some((t) => focus.has(t)))) return hit;
  return mapPacked(hit, (h, i) => h || i === only + 1);
}

/**
 * A long sentence cut to the words around its matches: from `reach` words before its first word that holds a
 * question term to `reach` after its last, "…" where words were cut. A list ask's item is named next to the
 * word that found it ("I won my fourth video game tournament on Friday!"), and the rest of a long sentence is
 * what one more item would have cost (RECALL.listClipWords). Kept whole when it has at most 2 × reach + 3 words,
 * when no word matches, or when the cut would save fewer than 3 words.
 */
export function clipSentence(s: string, focus: Focus, reach: number): string {
  if (reach <= 0 || focus.size === 0) return s;
  const ws = s.split(' ').filter(Boolean);
  if (ws.length <= 2 * reach + 3) return s;
  let first = -1;
  let last = -1;
  ws.forEach((w, i) => {
    if (analyze(w).some((t) => focus.has(t))) {
      if (first < 0) first = i;
      last = i;
    }
  });
  if (first < 0) return s;
  let from = Math.max(0, first - reach);
  let to = Math.min(ws.length, last + reach + 1);
  // A name or a quoted title at most NAME_GAP words past an edge is kept, whole ("…a novel called "The Name of the
  // Wind"", "The Hobbit is great, but have you read…"): a list's item is often named a few words from the ask's word.
  const named = (i: number) => i > 0 && NAMED_WORD.test(ws[i]!) && !SELF.test(ws[i]!);
  let j = to;
  while (j < ws.length && j - to < NAME_GAP && !named(j)) j++;
  if (j < ws.length && named(j)) {
    to = j + 1;
    while (to < ws.length && to - j < NAME_MAX && (named(to) || openQuote(ws.slice(from, to)))) to++;
  }
  j = from - 1;
  while (j > 0 && from - 1 - j < NAME_GAP && !named(j)) j--;
  if (named(j)) {
    from = j;
    while (from > 1 && j - from < NAME_MAX && named(from - 1)) from--;
    if (from === 1 && NAMED_WORD.test(ws[0]!)) from = 0;
  }
  if (ws.length - (to - from) < 3) return s;
  return `${from > 0 ? '… ' : ''}${ws.slice(from, to).join(' ')}${to < ws.length ? ' …' : ''}`;
}

/** A name this many words or fewer past a cut's edge is kept, up to NAME_MAX words of it. */
const NAME_GAP = 2;
const NAME_MAX = 6;
/** A word that starts a name or a title: a capital or an opening quote (a sentence's first word is not taken for one). */
const NAMED_WORD = /^["“'(]?[\p{Lu}]/u;
/** "I", "I'm", "I've": capitalised, never a name. */
const SELF = /^I(?:['’][a-z]+)?[,.!?;:]*$/;
/** True when the words open a double quote they do not close. */
const openQuote = (ws: string[]) => (ws.join(' ').match(/["“”]/g)?.length ?? 0) % 2 === 1;

/**
 * Token estimate of `renderSplit(msgs, focus)` from per-sentence counts (`sentTokens[m][i]`,
 * `prefixTokens[m]` for "Speaker: "), without running the tokenizer on the excerpt. The caller
 * verifies the final context exactly.
 */
export function estimateSplitTokens(msgs: SplitMessage[], focus: Focus, prefixTokens: number[], sentTokens: number[][], window = 0, idleLead = false): number {
  let n = Math.max(0, msgs.length - 1);
  msgs.forEach((m, k) => {
    n += prefixTokens[k];
    if (m.sentences.length === 0) n += 1;
    for (const i of excerptParts(m, focus, window, idleLead)) n += i < 0 ? 2 : sentTokens[k][i];
  });
  return n;
}

/** "Caroline: text" (messages of one turn joined by " / "), optionally excerpted. */
export function turnBody(t: TurnRecord, focus: Focus | null): string {
  return renderSplit(splitMessages(t), focus);
}

/** One memory line: subject, key and value; events with their date; history with its end. */
export function memoryLine(m: MemoryRecord, history: MemoryRecord[] = []): string {
  const who = subjectLabel(m.subject);
  const value = maskSecrets(m.value);
  const key = humanKey(m.key);
  let line: string;
  if (m.type === 'event') {
    const when = formatDay(m.eventDate ?? m.validFrom);
    line = `- ${when ? `[${when}] ` : ''}${who}: ${key === 'event' ? '' : `${key.replace(/^event /, '')}: `}${value}`;
  } else {
    // "opinion limoncello" with "limoncello: lovely": the key already names the topic the value opens with.
    const topic = m.key.startsWith('opinion_') ? `${m.key.slice('opinion_'.length).replace(/_/g, ' ')}: ` : null;
    line = `- ${who} · ${key}: ${topic && value.toLowerCase().startsWith(topic) ? value.slice(topic.length) : value}`;
    const stance = typeof m.metadata?.stance === 'string' ? m.metadata.stance : null;
    if (m.type === 'opinion' && stance && !value.toLowerCase().includes(stance)) line += ` (${stance})`;
  }
  if (!m.active) {
    const until = formatDay(m.validTo);
    line += until ? ` (no longer, since ${until})` : ' (no longer)';
  } else if (m.type !== 'event') {
    const prev = history.filter((h) => h.id !== m.id && !h.active && h.status !== 'deleted' && h.value !== m.value);
    if (prev.length > 0) {
      const arc = mapPacked(prev.slice(0, 2), (h) => `${maskSecrets(h.value)}${h.validTo ? ` until ${formatDay(h.validTo)}` : ''}`).join('; ');
      line += m.type === 'opinion' ? ` (earlier: ${arc})` : ` (previously ${arc})`;
    }
  }
  return line;
}
