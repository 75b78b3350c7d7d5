/**
 * @module core/extraction/frames/held-stance
 * A stance on a topic the speaker already took one on: an earlier user turn of the exchange judged a thing ("karaoke
 * is my actual nightmare", "vegemite is vile", "I love working from home") and this message speaks of it again with
 * a feeling ("ok I take it back about karaoke … no regrets", "vegemite on toast is… fine. sometimes"). The new stance
 * is on the same topic key: the sentiment of the message's sentences (wink's lexicon, through the NLP module), mixed
 * when they pull both ways; a turn cue ("I take it back", "I'll admit", "growing on me") with no sentiment of its
 * own turns the held stance over. The topic is read by its place in the earlier sentence (the subject of a judging
 * copula, or the object of love/hate), never by its word. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { analyseText, type NlpToken } from '../nlp.ts';
import { topicSlug } from '../values.ts';
import { NEGATIVE, POSITIVE, RELATIONS } from '../lexicon.ts';
import { ByteLru, stringBytes } from '../../byte-lru.ts';

type Stance = 'positive' | 'negative' | 'mixed';

/** The judged thing of an earlier sentence: "<topic> is/are/'s …" or "I love/hate/can't stand <topic>". */
const SUBJECT_TOPIC = /^(?:(?:honestly|ok|okay|tbh|well|so|i\s+think|i\s+reckon|man|god)\s*,?\s+)*((?:the\s+)?(?:[\p{L}][\p{L}'’-]*\s+){0,2}?[\p{L}][\p{L}-]*?)(?:['’]s|\s+(?:is|are|was|were|has|have|makes|tastes|feels|looks))\b/iu;
const OBJECT_TOPIC = /\bI\s+(?:really\s+|absolutely\s+|genuinely\s+)?(?:love|adore|hate|loathe|detest|like|dislike|can['’]?t\s+stand|cannot\s+stand)\s+((?:the\s+)?(?:[\p{L}][\p{L}'’-]*\s+){0,2}?[\p{L}][\p{L}-]*)(?=\s*(?:[,.!;]|$|\s+(?:and|but|so|because|cos)\b))/iu;
/** Words that are no topic of an opinion: people and pointers. */
const NOT_TOPIC = /^(?:i|it|this|that|these|those|he|she|they|them|we|you|there|here|what|which|who|everything|everyone|nothing|life|today|work)$|\b(?:my|our|his|her|their|your|me|and)\b/i;

/** A turn of mind with no feeling word of its own: what it does to the held stance. */
const TURN_CUES: Array<[RegExp, 'over' | Stance]> = [
  [/\b(?:stand\s+corrected|take\s+it\s+back|i['’]?ll\s+admit|i\s+admit|(?:grown|growing|grew)\s+on\s+me|a\s+convert|(?:i['’]?m|i\s+am|i\s+was|i['’]?ve\s+been)\s+converted|come\s+round|came\s+round|changed\s+my\s+mind|won\s+me\s+over|worn\s+me\s+down|no\s+regrets|i\s+was\s+(?:so\s+|totally\s+|completely\s+|dead\s+)?wrong)\b/i, 'over'],
  [/\b(?:lost\s+(?:its|their)\s+shine|gone\s+(?:right\s+)?off|over\s+it|i['’]?m\s+out(?!\s+of\b)|done\s+with|(?:had|have\s+had)\s+enough|gone\s+downhill|not\s+for\s+me\s+any\s?more)\b/i, 'negative'],
  [/\b(?:jury['’]?s\s+out|mixed\s+feelings|love[-\s]hate)\b/i, 'mixed'],
];

const STATE_NOT_STANCE = /\b(?:for\s+good|retired\s+(?:me\s+)?from|sorry|(?<!\b(?:i|we)\s+(?:was|were)\s+(?:so\s+|totally\s+|completely\s+|dead\s+)?)wrong|mistake|meant|(?:is|are|was|were)\s+gone|swapped|sold|traded|gave\s+away|given\s+away|died|passed\s+away|put\s+down|nicked|stolen|written\s+off|scrapped)\b|\b(?:actually|really)\s+(?:on\s+)?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|the\s+\d|\d)/i;

export interface HeldTopic {
  /** The topic's words as the earlier turn said them, without a determiner ("air fryer", "crocs"). */
  topic: string;
  /**
   * A naming word dropped before the head ("Nollywood" of "Nollywood films", "spinning" of "spinning classes"): a
   * later message may speak of the topic by it alone ("Nollywood has gone downhill").
   */
  modifier?: string;
  /** Null when the earlier sentence judged it with words neither lexicon scores. */
  stance: 'positive' | 'negative' | null;
}

/**
 * Judgements of what a thing does to the speaker that neither sentiment lexicon scores ("vlogs keep me sane", "afrobeats
 * does nothing for me", "it all sounds the same"): evaluative vocabulary, as data.
 */
const EXPERIENCED: Array<[RegExp, 'positive' | 'negative']> = [
  [/\b(?:keeps?|kept|keeping)\s+me\s+(?:sane|going|happy|calm|grounded|smiling)\b|\bmakes?\s+my\s+(?:day|week|morning)\b|\bbeats?\s+(?:anything|everything)\b/i, 'positive'],
  [/\b(?:does|do|did)\s+(?:absolutely\s+|literally\s+)?nothing\s+for\s+me\b|\b(?:all\s+)?sounds?\s+the\s+same\b|\bdrives?\s+me\s+(?:mad|crazy|nuts|up\s+the\s+wall)\b|\blike\s+(?:old|wet|dirty)\s+(?:socks|dog|feet)\b/i, 'negative'],
];
const experienced = (text: string) => EXPERIENCED.find(([re]) => re.test(text))?.[1] ?? null;
/** A verb of perception, or of what the topic did to the speaker's life, after it: a judgement even in words no lexicon scores. */
const JUDGING_PREDICATE = /\b(?:sounds?|smells?|tastes?|looks?|feels?)\b|\b(?:changed|transformed|ruined|saved|made)\s+my\b/i;
const FILLER_WORDS = new Set(['honestly', 'ok', 'okay', 'tbh', 'well', 'so', 'man', 'god', 'yeah', 'and', 'but', 'like']);

/**
 * The subject of a sentence by its tags, when no pattern read it: the nouns (and describing words before them) that
 * open it, right before its verb ("amapiano all sounds …", "Nollywood films beat …", "vlogs keep me sane").
 */
function taggedSubject(tokens: readonly NlpToken[]): string | null {
  let i = 0;
  while (i < tokens.length && (tokens[i].pos === 'INTJ' || tokens[i].pos === 'PUNCT' || FILLER_WORDS.has(tokens[i].lower))) i++;
  if (tokens[i]?.lower === 'the') i++;
  const np: NlpToken[] = [];
  for (; i < tokens.length && np.length < 3; i++) {
    const t = tokens[i];
    if (t.pos === 'NOUN' || t.pos === 'PROPN' || t.pos === 'ADJ') np.push(t);
    else break;
  }
  const next = tokens[i];
  if (!np.length || np[np.length - 1].pos === 'ADJ' || !next) return null;
  const verbal = next.pos === 'VERB' || next.pos === 'AUX' || ((next.lower === 'all' || next.lower === 'just') && tokens[i + 1] !== undefined);
  return verbal ? np.map((t) => t.lower).join(' ') : null;
}

/** Single evaluative words of the rules' lexicon ("nightmare", "vile" are in neither wink's nor… so both are asked). */
const single = (set: ReadonlySet<string>) => new Set([...set].map((w) => w.replace(/^an?\s+/, '')).filter((w) => /^[a-z-]+$/.test(w)));
const POS_WORDS = new Set([...single(POSITIVE), 'unbeatable']);
const NEG_WORDS = new Set([...single(NEGATIVE), 'nightmare', 'vile', 'naff', 'crime', 'rubbish', 'gross', 'disgusting', 'hell', 'smug', 'scam', 'casino']);
const NEGATORS = /\b(?:not|never|no|n['’]t|isn['’]t|wasn['’]t|aren['’]t)\s+(?:\w+\s+)?$/i;

/** A sentence's stance: wink's sentiment, else the evaluative words it holds (a negated one turned over). */
function stanceOfText(text: string, sentiment: number): 'positive' | 'negative' | null {
  const lexical = lexicalStance(text);
  if (lexical && Math.abs(sentiment) < 0.4) return lexical;
  if (sentiment >= 0.15) return 'positive';
  if (sentiment <= -0.15) return 'negative';
  return lexical;
}

const PHRASES = (set: ReadonlySet<string>) => [...set].filter((w) => /\s/.test(w) && !/^an?\s+\w+$/.test(w) && !/[\\(]/.test(w));
const POS_PHRASES = PHRASES(POSITIVE);
const NEG_PHRASES = PHRASES(NEGATIVE);

function lexicalStance(text: string): 'positive' | 'negative' | null {
  const lower = text.toLowerCase();
  let pos = POS_PHRASES.filter((p) => lower.includes(p)).length;
  let neg = NEG_PHRASES.filter((p) => lower.includes(p)).length;
  for (const m of text.toLowerCase().matchAll(/[a-z][a-z-]*/g)) {
    const negated = NEGATORS.test(text.toLowerCase().slice(Math.max(0, m.index! - 20), m.index!));
    if (POS_WORDS.has(m[0])) negated ? neg++ : pos++;
    else if (NEG_WORDS.has(m[0])) negated ? pos++ : neg++;
  }
  return pos > neg ? 'positive' : neg > pos ? 'negative' : null;
}
/** A hedge that tempers praise into a mixed view ("fine. sometimes.", "alright I suppose"). */
const hedged = (t: string) => /\bnot\s+(?:all|that|too)\s+bad\b|\b(?:sometimes|i\s+suppose|i\s+guess|kind\s+of|sort\s+of|-ish|in\s+small\s+doses|only\s+(?:on|in|when|if)|idk|dunno|not\s+sure)\b/i.test(t) || /\bONLY\b/.test(t);

/**
 * Budget of the held-topics memo (per thread). Each turn reads the held topics of the session's last three turns' user
 * messages, so every message was read again by each of the next three turns — a wink analysis each time (~12% of a
 * small turn's extraction, docs/ingest.md "Session 15"). The answer depends on the text only, so it is kept.
 */
export const HELD_TOPICS_MEMO_BYTES = 1024 * 1024;
const heldMemo = new ByteLru<readonly HeldTopic[]>(HELD_TOPICS_MEMO_BYTES, (k, v) => stringBytes(k) + 16 + v.reduce((n, h) => n + stringBytes(h.topic) + 24, 0));

/** The topics an earlier user message judged, with the stance it took (frozen; memoised by text). */
export function heldTopics(text: string): readonly HeldTopic[] {
  const hit = heldMemo.get(text);
  if (hit) return hit;
  const out = Object.freeze(readHeldTopics(text).map((h) => Object.freeze(h)));
  heldMemo.set(text, out);
  return out;
}

function readHeldTopics(text: string): HeldTopic[] {
  const out: HeldTopic[] = [];
  for (const s of analyseText(text)) {
    const judged = stanceOfText(s.text, s.sentiment) ?? experienced(s.text);
    // "fine I guess but nothing beats a real book": faint praise then a "but" holds no positive stance.
    const stance = judged === 'positive' && hedged(s.text) && /\bbut\b/i.test(s.text) ? 'negative' : judged;
    // "WhatsApp groups keep the family close, I love them": a pronoun loved is the thing the sentence opened with.
    const read = OBJECT_TOPIC.exec(s.text) ?? SUBJECT_TOPIC.exec(s.text.trim());
    const m = read && !NOT_TOPIC.test(read[1].trim()) ? read : null;
    const tagged = m ? null : taggedSubject(s.tokens);
    let topic = (m?.[1] ?? tagged ?? undefined)?.toLowerCase().replace(/^the\s+/, '').trim();
    // "cold plunges", "Christmas jumpers": a describing word before the head is no part of the topic.
    const words = topic?.split(/\s+/) ?? [];
    let modifier: string | undefined;
    if (words.length > 1 && s.tokens.some((t) => t.lower === words[0] && (t.pos === 'ADJ' || t.pos === 'PROPN'))) {
      modifier = words[0];
      topic = words.slice(1).join(' ');
    }
    // Only a judged thing is held: a sentence that states a fact about it ("the skoda is gone") holds no stance. A
    // judging copula whose words neither lexicon scores ("tiramisu is just soggy biscuits") holds the topic, stance
    // unknown; so does a subject read by its tags whose predicate perceives it or tells what it does to the speaker
    // ("stilton smells like …", "mindfulness has changed my mornings").
    const said = m?.[1] ?? tagged;
    const rest = said ? s.text.slice(s.text.toLowerCase().indexOf(said.toLowerCase()) + said.length) : '';
    const judging = !stance && ((m !== null && /\b(?:is|are)\s+(?:just|only|basically|literally|so|such|way|too)\b/i.test(s.text)) || (!!said && JUDGING_PREDICATE.test(rest)));
    if ((!stance && !judging) || !topic || NOT_TOPIC.test(topic) || topic.split(/\s+/).some((w) => RELATIONS[w] !== undefined)) continue;
    if (!out.some((h) => h.topic === topic)) out.push({ topic, stance, ...(modifier ? { modifier } : {}) });
  }
  return out;
}

const stem = (w: string) => w.toLowerCase().replace(/(?:es|s)$/, '');
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}'’-]+/u).map((w) => stem(w.replace(/['’]s$/, '')));

/** Whether the text names the topic: its last word (singular or plural). */
function mentions(text: string, topic: string): boolean {
  const head = stem(topic.split(/\s+/).pop() ?? '');
  return head.length >= 3 && wordsOf(text).includes(head);
}

/** The stances a message's sentences take, and within one sentence both sides of a "but" ("alright…, but … is another matter"). */
function stancesOf(sentences: ReturnType<typeof analyseText>): Set<'positive' | 'negative'> {
  const signs = new Set(sentences.map((s) => stanceOfText(s.text, s.sentiment)).filter((x): x is 'positive' | 'negative' => !!x));
  for (const s of sentences) {
    const [before, after] = s.text.split(/\bbut\b/i);
    if (after === undefined) continue;
    const a = stanceOfText(before, analyseText(before)[0]?.sentiment ?? 0);
    const b = /\banother\s+matter\b|\bnot\s+(?:for|so)\b/i.test(after) ? 'negative' : stanceOfText(after, analyseText(after)[0]?.sentiment ?? 0);
    if (a) signs.add(a);
    if (b) signs.add(b);
  }
  return signs;
}

/**
 * The stance this message takes on a topic the exchange's earlier user turns held, when it names that topic again.
 * The message's own opinion on the topic, if a rule already read it, wins (the caller drops the duplicate key).
 */
export function heldStanceDrafts(message: string, earlier: readonly string[], speaker: string, lex?: Lexicon): Draft[] {
  // A question, or a message that corrects or ends the thing ("the physio is actually Tuesday", "quail are gone,
  // swapped all three"), takes no stance on it.
  if (/\?\s*$/.test(message.trim()) || STATE_NOT_STANCE.test(message)) return [];
  // Cheap first: only an earlier text sharing a word of four letters or more with this one can hold its topic, and
  // only a message with a stance or a turn cue can take one (wink reads the earlier text only then).
  const own = new Set(wordsOf(message).filter((w) => w.length >= 4));
  const sharing = earlier.filter((e) => wordsOf(e).some((w) => own.has(w)));
  if (sharing.length === 0) return [];
  const sentences = analyseText(message);
  const cue = TURN_CUES.find(([re]) => re.test(message))?.[1];
  if (!cue && !sentences.some((s) => stanceOfText(s.text, s.sentiment))) return [];
  // The message's own leaning is the same whatever earlier topic it names.
  const signs = stancesOf(sentences);
  const leaning: Stance | null = signs.size === 2 ? 'mixed' : signs.size === 1 ? [...signs][0] : null;
  const out: Draft[] = [];
  for (const h of sharing.flatMap(heldTopics)) {
    // The topic by its head, or by the naming word before it when that is what the message says ("Nollywood has gone
    // downhill" of "Nollywood films"; "left every WhatsApp group" of "WhatsApp groups": a name the lexicon does not hold
    // is the topic's own word). A describing word ("cold" of "cold plunges") never stands for it.
    const byModifier = h.modifier !== undefined && mentions(message, h.modifier) && !(lex?.senses(h.modifier, 'adj', 1).length) && (!mentions(message, h.topic) || (lex !== undefined && lex.senses(h.modifier, undefined, 1).length === 0));
    if (!byModifier && !mentions(message, h.topic)) continue;
    const topic = byModifier ? h.modifier! : h.topic;
    if (out.some((d) => d.key === `opinion_${topicSlug(topic)}`)) continue;
    let stance = leaning;
    // A turn of mind says which way it went: away from the held stance, when the message leans that way or not at all.
    const turned = h.stance === 'positive' ? 'negative' : 'positive';
    if (cue === 'mixed') stance = 'mixed';
    else if (cue === 'over' && h.stance && (!stance || signs.has(turned))) stance = turned;
    // A said turn away ("not for me any more", "I'm done with it") outweighs the sentiment of the words around it.
    else if (cue && cue !== 'over') stance = cue;
    if (stance === 'positive' && hedged(message)) stance = 'mixed';
    // Only a change is news here: the same stance again is the held one (the rules read a restated opinion themselves).
    if (!stance || stance === h.stance) continue;
    const value = (sentences.find((s) => mentions(s.text, topic))?.text ?? message).trim().slice(0, 200);
    out.push({ key: `opinion_${topicSlug(topic)}`, value, type: 'opinion', subject: speaker, confidence: 0.8, metadata: { stance, topic, previous: h.stance, frame: 'held stance' } });
  }
  return out;
}
