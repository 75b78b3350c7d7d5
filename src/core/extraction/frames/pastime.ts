/**
 * @module core/extraction/frames/pastime
 * Pastimes said as a place, a habit or a course rather than "my hobby is": "at the climbing wall three evenings a
 * week", "Saturday mornings are for the long run", "started sitar lessons", "been learning to crochet", "joined a
 * lawn bowls club", and a pastime given up by going no more ("stopped going to the chess club"). Message level, read
 * over the words as the user typed them (the tagger reads a chat-cased unknown word as a name and loses the phrase).
 * What is a pastime is the lexicon's: a noun of the activity kind (WordNet noun.act under sport, game, recreation,
 * art, dance… — `frames/kinds.ts`), never an act of controlling a vehicle ("driving lessons"), or a musical instrument;
 * a word the lexicon does not hold counts only before a head of practice and only when the user wrote it in lower
 * case ("mridangam classes", never "Tesco lessons"). Questions, conditions, wishes and someone else's pastimes give
 * nothing. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { RELATION_RE } from '../lexicon.ts';
import { re } from '../re.ts';
import { LEAVING_VERBS, PRACTICE_HEADS, TREATMENTS } from './table.ts';
import { isKind, kindOf } from './kinds.ts';

const HEADS: readonly string[] = [...PRACTICE_HEADS.occasions, ...PRACTICE_HEADS.memberships].filter((h) => !['tutor', 'teacher', 'homework', 'practice', 'training'].includes(h));
/** "<opener> <modifier> <activity> <head of practice>": the three words before a head of practice or belonging. */
const PRACTICE = new RegExp(`(?:^|[\\s(])(?:([a-z][a-z'’-]*)\\s+)??(?:([a-z][a-z'’-]*)\\s+)?([a-z][a-z-]+)\\s+(?:${HEADS.join('|')})s?\\b`, 'g');
/** "at/to the <activity> <place>": a place named by what is done there ("the climbing gym", "the swimming pool"). */
const PLACE = /\b(?:at|to|down\s+(?:at|to)|in)\s+(?:the|a|my|our)\s+(?:local\s+|usual\s+)?([a-z][a-z-]+)\s+([a-z]+)\b/g;
/** A habit: a frequency, a weekday or time of day in the plural, or a verb of going regularly. */
const HABIT = /\b(?:every|each|twice|once\s+a|(?:two|three|four|five|six|\d)\s+(?:times|days|evenings|mornings|nights|lunchtimes)|a\s+week|weekly|most\s+(?:days|mornings|evenings|nights|weekends|weeks)|(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|mornings|evenings|been\s+going|i\s+go|we\s+go|usually|always|regularly|religiously)\b/;
/** "<time> are for <things>": what a recurring time of the week is kept for ("Sunday mornings are for the long run"). */
const TIME_FOR = /\b((?:mon|tues|wednes|thurs|fri|satur|sun)days?(?:\s+(?:mornings|afternoons|evenings|nights))?|weekends|weekday\s+(?:mornings|evenings)|(?:early\s+)?mornings|evenings|lunchtimes)\s+(?:are|is)\s+(?:for|all\s+about|reserved\s+for|sacred\s+for)\s+([^.!?;]+)/;
/** Learning to do it, in progress: "been learning to crochet", "teaching myself to juggle" ("learned to swim" is an ability). */
const LEARN_TO = /\b(?:learning|teaching\s+(?:myself|ourselves))\s+(?:how\s+)?to\s+([a-z]+)\b/g;
/** Going no more: "stopped going to the chess club", "I don't go to yoga anymore". */
const GO_NO_MORE = /\b(?:stopped|quit|given\s+up|gave\s+up|no\s+longer)\s+going\s+to\s+(?:the\s+|my\s+|our\s+)?(?:([a-z][a-z-]+)\s+)?([a-z][a-z-]+)\b/g;

/** A piece of a pastime under way: "knitting my first jumper", "been sewing another quilt" (the sentence's opening doing). */
const DOING = /^\s*(?:(?:i['’]?m|i\s+am|i['’]ve\s+been|been|currently|still|finally)\s+)?([a-z]{3,}ing)\s+(?:my\s+(?:first|second|third|next|latest)|another|a\s+new|my\s+new)\b/;
/** What a doing must be a kind of to be a pastime when only its piece is told (WordNet noun anchors). */
const DOING_KINDS = ['sport', 'craft', 'needlework', 'dance', 'game'];
/** The speaker's own instrument, said with a habit: "tuesdays I bring my fiddle to the session". */
const OWN_THING = /\bmy\s+(?:(?:old|new|trusty|beloved|battered|own)\s+)?([a-z]+)\b/g;

/** Words of a clause that is not the speaker's own statement, or whose pastime is someone else's. */
const NOT_STATED = /\b(?:if|unless|would|wish|could|might|should|maybe|want\s+to|wanna|gonna|going\s+to|planning|thinking\s+(?:about|of)|considering|never|not|don['’]t|didn['’]t|can['’]t|won['’]t)\b/;
const THEIRS = re(`\\b(?:his|her|their|your|he|she|they|you)\\b|\\w['’]s\\s|\\b(?:${RELATION_RE})\\b`, 'i');
const STOP = new Set(['the', 'a', 'an', 'my', 'our', 'local', 'new', 'first', 'weekly', 'beginners', 'beginner', 'evening', 'morning', 'night', 'saturday', 'sunday', 'some', 'this', 'that', 'these', 'those', 'to', 'for', 'of', 'in', 'at', 'on', 'and', 'with', 'joined', 'started', 'join', 'start', 'local', 'usual', 'village', 'work', 'office', 'school', 'church', 'uni', 'community']);

/** The classes' own names: "the sports centre", "a games club" name no one pastime. */
const GENERAL = new Set(['sport', 'sports', 'game', 'games', 'exercise', 'recreation', 'activity', 'activities', 'leisure', 'athletics', 'fitness', 'hobby', 'hobbies']);
/** A date in the clause of the phrase (one occasion): "yesterday", "last Friday", "on Monday", "tonight". */
const DATED = /\b(?:yesterday|today|tonight|tomorrow|this\s+(?:morning|afternoon|evening)|(?:last|next|on)\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|last\s+(?:week|night|month))\b/;
/** Verbs of running a practice for others. */
const TEACHING = ['teach', 'instruct', 'coach'];

/** Whether the lexicon reads the word as a pastime: an activity that is no act of controlling a vehicle, or an instrument. */
export function isPastime(word: string, lex?: Lexicon): boolean {
  if (isKind(word, 'instrument', lex)) return true;
  if (!isKind(word, 'activity', lex)) return false;
  return !lex || !lex.isA(word, 'control', { pos: 'noun', maxSenses: 2, maxDepth: 6 });
}

/** A word the lexicon holds nowhere, typed in lower case by the user (so no name the user wrote as a name). */
function unheardLower(word: string, raw: string, lex?: Lexicon): boolean {
  if (!lex || !/^[a-z]{4,}$/.test(word) || lex.senses(word, undefined, 1).length > 0 || lex.lemmas(word).length > 0 || kindOf(word, lex) !== null) return false;
  return !writtenAsName(word, raw);
}

/** Whether the user wrote the word as a name: a capital inside it ("WhatsApp"), or one not at a sentence start ("Tesco"). */
function writtenAsName(word: string, raw: string): boolean {
  for (const m of raw.matchAll(re(`\\b${word}\\b`, 'gi'))) if (/.[\p{Lu}]/u.test(m[0]) || (/[\p{Lu}]/u.test(m[0]) && !/(?:^|[.!?]\s*)$/.test(raw.slice(0, m.index)))) return true;
  return false;
}

/**
 * A hobby from the practice frame (`read.ts practiceDrafts`) that is no pastime: a word the lexicon does not hold that the
 * user wrote capitalised (a name: "got Tesco lessons at 5"), an act of controlling a vehicle ("driving lessons"), or one
 * trial disowned ("tried my first spin class, never again").
 * The extractor drops it.
 */
export function practiceMisread(value: string, raw: string, lex?: Lexicon): boolean {
  const w = value.toLowerCase();
  if (!lex || !/^[a-z]{3,}$/.test(w)) return false;
  // "tried my first spin class, never again": one trial, disowned.
  if (re(`\\btried\\b[^.!?]*\\b${w}\\b|\\bnever\\s+again\\b|\\btaster\\b`, 'i').test(raw)) return true;
  if (isPastime(w, lex)) return false;
  // "my driving lessons": an act of controlling a vehicle is learnt, not pursued.
  if (isKind(w, 'activity', lex)) return true;
  return writtenAsName(w, raw);
}

/** The pastime's value: the activity word, with a noun before it when the two are one pastime ("lawn bowls", "trail running"). */
function pastimeValue(prev: string | undefined, word: string, lex?: Lexicon, opener?: string): string {
  if (!prev || STOP.has(prev) || /['’]/.test(prev) || !lex) return word;
  // Right after an opener ("started hang drum lessons", "joined a trail running club") the modifier is part of the name.
  if (opener && STOP.has(opener) && lex.senses(prev, 'adj', 1).length === 0 && !/(?:ed|ing)$/.test(prev)) return `${prev} ${word}`;
  const both = `${prev} ${word}`;
  if (lex.senses(both, 'noun', 1).length > 0 || isKind(both, 'activity', lex)) return both;
  // A noun with no adjective sense before the activity names its kind ("lawn bowls"); "local running" does not.
  const noun = lex.senses(prev, 'noun', 1).length > 0 && lex.senses(prev, 'adj', 1).length === 0 && lex.senses(prev, 'verb', 1).length === 0;
  return noun && !isPastime(prev, lex) ? both : word;
}

/** The -ing form of a verb ("crochet" → "crocheting", "dance" → "dancing", "swim" → "swimming"). */
function gerundOf(verb: string): string[] {
  const forms = [`${verb}ing`];
  if (/e$/.test(verb) && !/ee$/.test(verb)) forms.unshift(`${verb.slice(0, -1)}ing`);
  if (/[^aeiou][aeiou][bdgmnprt]$/.test(verb)) forms.push(`${verb}${verb.slice(-1)}ing`);
  return forms;
}

const clauseBefore = (s: string, at: number) => s.slice(0, at).split(/[,;:]|\b(?:but|and|so|because)\b/).pop() ?? '';

/** The pastimes one sentence of the speaker's states or ends. */
function sentenceDrafts(raw: string, speaker: string, lex?: Lexicon): Draft[] {
  let s = raw.toLowerCase().replace(/[’]/g, "'");
  // A closing question to the assistant after a comma ("…twice a week, is that enough?") leaves the statement before it.
  if (/\?\s*$/.test(s)) s = /^(.{12,}?),\s*[^,]{0,60}\?\s*$/.exec(s)?.[1] ?? '';
  if (!s || /^\s*(?:if|unless|would|wish|do|does|did|is|are|should|can|could|how|what|why|when|where)\b/.test(s)) return [];
  const out: Draft[] = [];
  const own = (at: number) => {
    const before = clauseBefore(s, at);
    return !THEIRS.test(before) && !NOT_STATED.test(before);
  };
  const add = (value: string, frame: string, op: 'assert' | 'retract' = 'assert') => {
    if (out.some((d) => d.value === value && (d.op ?? 'assert') === op)) return;
    out.push(op === 'retract' ? { key: 'hobby', value, op, subject: speaker, metadata: { frame, anyKey: true, kindKnown: true } } : { key: 'hobby', value, implicit: true, subject: speaker, metadata: { frame } });
  };
  const ended = new Set<string>();
  for (const m of s.matchAll(GO_NO_MORE)) {
    if (THEIRS.test(clauseBefore(s, m.index!))) continue;
    const [prev, word] = [m[1], m[2]];
    const head = HEADS.includes(word) || HEADS.includes(word.replace(/s$/, '')) || HEADS.includes(word.replace(/es$/, ''));
    const what = head ? prev : word;
    if (!what || !(isPastime(what, lex) || (head && unheardLower(what, raw, lex)))) continue;
    ended.add(what);
    add(what, 'pastime×go-no-more', 'retract');
  }
  for (const m of s.matchAll(PRACTICE)) {
    const [opener, prev, word] = [m[1], m[2], m[3]];
    if (ended.has(word) || STOP.has(word) || GENERAL.has(word) || !own(m.index!)) continue;
    // Where the activity word stands (the match may open with the words before it).
    const at = m.index! + m[0].length - m[0].replace(/^.*?\b([a-z][a-z-]+)(\s+\S+)$/, '$1$2').length;
    if (THEIRS.test(clauseBefore(s, at)) || NOT_STATED.test(clauseBefore(s, at))) continue;
    const clause = clauseBefore(s, at);
    const after = s.slice(m.index! + m[0].length);
    // "I teach yoga classes", "left every WhatsApp group": running the practice for others is work; leaving it ends it.
    if (lex && clause.split(/\s+/).some((w) => w && (LEAVING_VERBS.includes(w) || lex.lemmas(w, 'verb').some((l) => LEAVING_VERBS.includes(l) || TEACHING.includes(l) || TEACHING.some((a) => lex.isA(l, a, { pos: 'verb', maxSenses: 1, maxDepth: 2 })))))) continue;
    // "swimming lessons … for the little one": someone else's.
    if (/^[^.!?]*?\bfor\s+(?:the\s+(?:little|wee|baby|kids?|boys?|girls?)|my\s+(?:son|daughter|kids?|boys?|girls?|little)|him|her|them)\b/.test(after)) continue;
    // "a pottery workshop last Friday": one occasion, dated in its own clause, is an event.
    if (/^(?:a|an)$/.test(prev ?? '') && DATED.test(after.split(/[,;]/)[0] ?? '')) continue;
    // "a herp club member": the head names a person of the practice, not the practice.
    const next = /^\s+([a-z]+)/.exec(after)?.[1];
    if (next && lex && lex.senses(next, 'noun', 1)[0]?.lexClass === 'noun.person') continue;
    // "my son's swimming lessons": someone else's.
    if (prev && /['’]s$/.test(prev) && !/^(?:beginners|adults|women|men)['’]s?$/.test(prev)) continue;
    // "tried my first spin class, never again": one occasion, disowned.
    if (/\b(?:tried|never\s+again|one[-\s]off|taster)\b/.test(s)) continue;
    // "steel pan lessons": the two words are one pastime, spaced or run together ("steelpan").
    if (prev && !STOP.has(prev) && (isPastime(`${prev} ${word}`, lex) || isPastime(`${prev}${word}`, lex))) {
      add(`${prev} ${word}`, 'pastime×practice');
      continue;
    }
    if (!(isPastime(word, lex) || unheardLower(word, raw, lex))) continue;
    // "my last chemo session": a treatment is care, not a pastime.
    if (TREATMENTS.has(word)) continue;
    add(pastimeValue(prev, word, lex, opener), 'pastime×practice');
  }
  if (HABIT.test(s)) {
    for (const m of s.matchAll(PLACE)) {
      const [word, place] = [m[1], m[2]];
      if (ended.has(word) || !own(m.index!) || HEADS.includes(place) || !lex) continue;
      // The place is a made thing or a place to the lexicon (a gym, a wall, a pool, a rink, a range).
      const placeClass = lex.senses(place, 'noun', 1)[0]?.lexClass;
      if (placeClass !== 'noun.artifact' && placeClass !== 'noun.location') continue;
      if (!GENERAL.has(word) && isPastime(word, lex)) add(word, 'pastime×place');
    }
  }
  const d = DOING.exec(s);
  if (d && lex && DOING_KINDS.some((a) => lex.isA(d[1], a, { pos: 'noun', maxSenses: 2, maxDepth: 8 }))) add(d[1], 'pastime×doing');
  if (HABIT.test(s))
    for (const m of s.matchAll(OWN_THING)) if (own(m.index!) && isKind(m[1], 'instrument', lex)) add(m[1], 'pastime×own-instrument');
  const t = TIME_FOR.exec(s);
  if (t && own(t.index)) {
    for (const item of t[2].replace(/\s+(?:down|at|in|with|on|before|after|round|around|at)\b.*$/, '').split(/\s*(?:,|\bthen\b|\band\b|\bor\b|&|\bfollowed\s+by\b)\s*/)) {
      const words = item.trim().split(/\s+/).filter((w) => w && !STOP.has(w) && !/^(?:long|short|quick|big|proper|good|early|late|lazy|slow|gentle|my|our)$/.test(w));
      const head = words[words.length - 1];
      if (!head || words.length > 3) continue;
      if (isPastime(head, lex) || (words.length === 1 && unheardLower(head, raw, lex))) add(words.length > 1 && lex?.senses(words.join(' '), 'noun', 1).length ? words.join(' ') : head, 'pastime×time-for');
    }
  }
  for (const m of s.matchAll(LEARN_TO)) {
    if (!own(m.index!)) continue;
    const ing = gerundOf(m[1]).find((g) => lex?.senses(g, 'noun', 1).length);
    if (ing && isPastime(ing, lex)) add(ing, 'pastime×learn-to');
  }
  return out;
}

/** The pastimes the speaker's message states or ends, sentence by sentence. */
export function pastimeDrafts(raw: string, speaker: string, lex?: Lexicon): Draft[] {
  return raw.split(/(?<=[.!?])\s+|\n+/).flatMap((s) => sentenceDrafts(s, speaker, lex));
}
