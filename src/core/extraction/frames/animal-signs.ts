/**
 * @module core/extraction/frames/animal-signs
 * A name told of with an animal's parts, gear or doings: "Bramble chewed through his lead then sat wagging", "Fennel
 * shed her whole skin overnight", "taught Percy to whistle from his cage". One name in the sentence, not a person the
 * message or session named, with "his/her" + a part only an animal has (ANIMAL_ONLY_PARTS) or an animal's verb
 * (ANIMAL_VERBS) after it → a pet named so, implied. The words are the tables'; the rule is the sentence's shape.
 * Also a breed in apposition with a name: "our Korat, Sawasdee, …", "Mirabelle, our Chartreux, …" (a kind the lexicon
 * holds as an animal, or a capitalised word it does not hold at all, and no vehicle) → that pet; and a name with its
 * kind after it, "Tumbleweed the miniature pony", "Fandango my box turtle" (an animal to the lexicon, nobody else's).
 */
import type { Lexicon } from '../../ports.ts';
import type { Draft } from '../model.ts';
import { NOT_NAMES, RELATIONS } from '../lexicon.ts';
import { STOP_WORDS } from '../../text/analyze.ts';
import { lexiconKnowsWords, verbStem } from '../chat-text.ts';
import { ANIMAL_ONLY_PARTS, ANIMAL_SOUNDS, ANIMAL_VERBS } from './table.ts';
import { isKind, kindOf } from './kinds.ts';

const PART = new RegExp(`\\b(?:his|her)\\s+(?:(?:\\p{Ll}+|\\p{Ll}+-\\p{Ll}+)\\s+){0,2}?(?:${ANIMAL_ONLY_PARTS.map((p) => p.replace(/ /g, '\\s+')).join('|')})\\b`, 'iu');
/** An animal's part with a participle, the absolute phrase chat uses ("…, tail going a mile a minute", "ears flat"). */
const ABSOLUTE_PART = new RegExp(`(?:^|[\\s,;])(?:${ANIMAL_ONLY_PARTS.filter((p) => !/\s/.test(p)).join('|')})\\s+(?:[\\p{Ll}]+ing|up|down|back|flat)\\b`, 'iu');
const VERB = new RegExp(`\\b(?:${ANIMAL_VERBS.join('|')})\\b`, 'i');
const SPOKEN_OF = new RegExp(`\\b(?:${ANIMAL_VERBS.join('|')})\\s+(?:on\\s+)?(?:about|that|at\\s+me\\s+about)\\b`, 'i');
/** An animal's verb right after the name, past its auxiliaries ("Gaspard's been chirping", "Bramble is wagging"). */
const ADJACENT_SIGN = new RegExp(`^(?:['’]s|\\s+(?:is|was|has|had|keeps|kept))?(?:\\s+(?:been|just|still|always|also))*\\s+(?:${ANIMAL_VERBS.join('|')})\\b`, 'i');
/** The housing only a kept animal has, said with "the" in the named one's clause ("does his bubble dance against the tank"). */
const HOUSING = /^[^,.;!?]*?\b(?:his|her|(?:in|into|inside|against|around|round|out\s+of|from|across|of)\s+the)\s+(?:fish\s+)?(?:tank|hutch|vivarium|terrarium|aquarium|coop|cage)\b/i;
/** A capitalised word, alone or with its "'s" ("Gaspard's been chirping"), never a word's inner capital. */
const NAME = /(?<![\p{L}'’])([\p{Lu}][\p{Ll}]+)(?![\p{L}]|['’](?!s\b))/gu;
/** Lexicographer classes of words pets are named after ("Pumpkin", "Fern", "Pebble"): a name may be one of them. */
const NAME_CLASSES = ['noun.food', 'noun.animal', 'noun.plant', 'noun.object', 'noun.artifact', 'noun.person', 'noun.substance'];
const PLACE_BEFORE = /\b(?:in|at|near|outside|from|into|around|round|past|through)\s+$/i;
/** A person's doing that shares an animal's verb: "wagged his finger", "chewed his lip", "grooming her eyebrows". */
const HUMAN_OBJECT = /\b(?:purr|meow|miaow)(?:s|ed|ing)?\s+(?:something|anything|that|at\s+me\s+that|to\s+me|about)\b|\b(?:howl|yelp|whimper)(?:ed|ing|s)?\s+(?:with|in)\s+(?:laughter|delight|joy|pain|agony|protest)\b|\bbark(?:ed|ing|s)?\s+orders\b|\b(?:wag(?:ged|ging|s)?|chew(?:ed|ing|s)?|groom(?:ed|ing|s)?|nibbl(?:ed|ing|es))\s+(?:his|her|their|my|your)\s+(?:finger|lip|lips|nails?|pen|eyebrows?|beard|hair|food|sandwich|gum)\b/i;

/** Whether a determined animal's noun ("the dog", "my neighbour's cat") comes before the first animal sign in `after`. */
function animalBeforeSign(after: string, lex: Lexicon): boolean {
  const sign = VERB.exec(after)?.index ?? PART.exec(after)?.index ?? after.length;
  // A determined animal ("the dog next door", "my neighbour's dog"), not a bare object ("bringing me dead lizards").
  return [...after.slice(0, sign).matchAll(/\b(?:the|a|an|my|our|his|her|their|your|[a-z]+['’]s)\s+([a-z-]{3,})(?:\s+([a-z-]{3,}))?/g)].some((m) => isKind(m[1], 'animal', lex) || (!!m[2] && isKind(m[2], 'animal', lex)));
}

/** A verb only animals do, by its lemma ("whinnying", "wheeks", "neighed": ANIMAL_SOUNDS), right after the name. */
function soundsLikeAnimal(after: string, lex: Lexicon): boolean {
  const m = /^\s+([\p{Ll}]+)(?:\s+([\p{L}'"‘“]+))?/u.exec(after);
  const next = m?.[1];
  // "Linda purred something about the budget": a sound verb with words said after it is a person's manner of speech.
  if (!next) return false;
  const spoken = /^(?:something|that|a|an|the|his|her|my|your)$|^["'‘“]/i.test(m?.[2] ?? '');
  if (isSound(next, lex)) return !spoken;
  // "…and then sat in the sink purring", "howled at the postman": a sound verb later in the name's clause, with no
  // words said after it.
  const words = after.split(/[.;!?]/)[0].toLowerCase().split(/[^\p{L}'’]+/u).filter(Boolean);
  return words.slice(1, 14).some((w, k, ws) => /(?:ed|ing|s)$/.test(w) && isSound(w, lex) && !/^(?:something|that|about|a|an|the|his|her|my|your)$/.test(ws[k + 1] ?? ''));
}

/** Whether the word is a form of an animal's sound verb (ANIMAL_SOUNDS, by lemma). */
function isSound(word: string, lex: Lexicon): boolean {
  const lemmas = new Set([word, ...lex.lemmas(word, 'verb'), word.replace(/(?:ing|ed|s|es)$/, ''), word.replace(/(?:ied|ies)$/, 'y')]);
  return ANIMAL_SOUNDS.some((v) => lemmas.has(v));
}

export function animalSignDrafts(text: string, lex: Lexicon | undefined, people: ReadonlySet<string>, pets: ReadonlySet<string> = new Set()): Draft[] {
  if (!lexiconKnowsWords(lex)) return [];
  const out: Draft[] = [];
  // The one name of the sentence before, when it showed no sign: "Biscuit ate a sock. he's wagging at me like…" — the
  // next sentence, opening with "he"/"she" and naming nobody, may show it.
  let pending: string | null = null;
  const common = new Set<string>();
  for (const sentence of text.split(/(?<=[.!?])\s+|\n+/)) {
    const held = pending;
    pending = null;
    // An animal the message already named is who the sign is about ("gave Fandango away… his tank").
    if ([...sentence.matchAll(NAME)].some((m) => pets.has(m[1].toLowerCase()))) continue;
    const names = [...sentence.matchAll(NAME)].filter((m) => {
      const lower = m[1].toLowerCase();
      if (NOT_NAMES.has(lower) || people.has(lower)) return false;
      // A name after a preposition of place is a place ("a keeper outside Ludlow").
      if (PLACE_BEFORE.test(sentence.slice(0, m.index))) return false;
      // A sentence-initial common word ("Honestly", "Whole") is no name; a word the lexicon does not know may be.
      const first = lex!.senses(lower, undefined, 1)[0];
      if (!first || NAME_CLASSES.includes(first.lexClass)) return true;
      // A word first a describing one ("hazel", "ginger") with a noun sense a name may have, right before a past or
      // present verb ("Hazel refused her kibble"), is the name; "Whole day wasted" is not.
      const noun = lex!.senses(lower, 'noun', 1)[0];
      const next = /^\s+([a-z]+)/.exec(sentence.slice(m.index! + m[0].length))?.[1] ?? '';
      // So is a word first a verb ("Pepper", "Dash") with such a noun sense, before an auxiliary ("Pepper has been…").
      const verbNext = (/^[a-z]{3,}(?:ed|s)$/.test(next) && lex!.lemmas(next, 'verb').length > 0) || /^(?:has|is|was|had|keeps|just)$/.test(next);
      // A word first a noun of another class ("Shadow", "Chester": a state, a town), right before its verb, may be the name
      // too; the animal's sign after it (below) decides.
      if ((first.pos === 'adj' || first.pos === 'verb') && !!noun && NAME_CLASSES.includes(noun.lexClass) && verbNext) return true;
      const nounFirst = first.pos === 'noun' && /^[a-z]{3,}(?:s|ed)$/.test(next) && !/ss$/.test(next) && lex!.lemmas(next, 'verb').length > 0 && !/s$/.test(lower);
      if (nounFirst) common.add(lower);
      return nounFirst;
    });
    // One name in the sentence, or, among several, the one an animal's doing follows at once ("… and Gaspard's been
    // chirping along to Radio 2, he loves Ed Sheeran": Gaspard, not the station or the singer).
    const signed = names.length === 1 ? names : names.filter((n) => ADJACENT_SIGN.test(sentence.slice(n.index! + n[0].length)));
    const shows = (after: string) => !HUMAN_OBJECT.test(after) && !SPOKEN_OF.test(after) && (PART.test(after) || ABSOLUTE_PART.test(after) || VERB.test(after) || HOUSING.test(after) || soundsLikeAnimal(after, lex!));
    if (signed.length !== 1) {
      const pronoun = /^\s*(?:(?:and|but|so|now)\s+)?(?:he|she)(?:['’]s)?\b/i.exec(sentence);
      if (held && names.length === 0 && pronoun && shows(sentence.slice(pronoun[0].length)))
        out.push({ key: 'pet', value: `pet named ${held}`, implicit: true, metadata: { name: held, frame: 'name…animal sign' } });
      continue;
    }
    const after = sentence.slice(signed[0].index! + signed[0][0].length);
    // ("Traffic moves slowly and my neighbour's dog is barking": after a common word read as a name, a sign that follows
    // another animal's noun is that animal's.)
    if (common.has(signed[0][1].toLowerCase()) && animalBeforeSign(after, lex!)) continue;
    // "Marguerite was chirping about her holiday": an animal's verb with a topic or a report after it is talk.
    if (!shows(after)) {
      if (names.length === 1) pending = signed[0][1];
      continue;
    }
    const name = signed[0][1];
    out.push({ key: 'pet', value: `pet named ${name}`, implicit: true, metadata: { name, frame: 'name…animal sign' } });
  }
  return out;
}

/**
 * "Tumbleweed the miniature pony keeps…", "Fandango my box turtle has…", "Koda, the husky we adopted, …", "Rosie, who's
 * a golden retriever, …": a name, then the/my/our (or an apposition) and a kind.
 */
const NAME_THE_KIND = /(?:^|[\s,;(])([\p{Lu}][\p{Ll}]+)(?:\s*,\s*(?:who['’]s\s+(?:a|an|our|my)|the|my|our)|\s+(?:the|my|our))\s+((?:(?!(?:the|a|an|my|our|his|her|their)\s)[\p{Ll}-]+\s+){0,2}[\p{Ll}-]+)/gu;
/** Someone else's animal said in the sentence ("my sister's pony", "the neighbours' goat"). */
const OTHERS_OWN = /\b(?:his|her|their)\s+(?:[\p{Ll}-]+\s+)?[\p{Ll}-]+|[\p{L}]+(?:['’]s|s['’])\s+(?:[\p{Ll}-]+\s+)?[\p{Ll}-]+/u;
const KIND_THEN_NAME = /(?:^|[\s,;(])(?:my|our)\s+([\p{Lu}][\p{L}-]+),\s+([\p{Lu}][\p{Ll}]+)\s*[,(]/gu;
const NAME_THEN_KIND = /(?:^|[\s,;(])([\p{Lu}][\p{Ll}]+),\s+(?:my|our)\s+([\p{Lu}][\p{L}-]+)\s*[,)]/gu;

const POSSESSED_BREED_NAME = /(?:^|[\s,;(])(?:my|our)\s+([\p{Lu}][\p{L}-]{3,})\s+([\p{Lu}][\p{Ll}]+)\s+(?=[\p{Ll}])/gu;
const NAME_POSSESSED_BREED = /(?:^|[\s,;(])([\p{Lu}][\p{Ll}]+)\s+(?:my|our)\s+([\p{Lu}][\p{L}-]{3,})\s+(?=[\p{Ll}])/gu;
/** A word the lexicon holds in no sense and no form, and no relation, make or place word of ours. */
function unheldWord(w: string, lex: Lexicon): boolean {
  const lower = w.toLowerCase();
  return lex.senses(lower, undefined, 1).length === 0 && lex.lemmas(lower).length === 0 && RELATIONS[lower] === undefined && !NOT_NAMES.has(lower) && kindOf(lower, lex) === null;
}

/**
 * A word that is a verb's inflected form: the lexicon lemmatises it to another verb ("Adopted" → adopt), or, unknown to
 * it, it is a known verb with a prefix and an ending ("Rehomed": home).
 */
function verbForm(w: string, lex: Lexicon): boolean {
  const lower = w.toLowerCase();
  if (lex.lemmas(lower, 'verb').some((l) => l !== lower)) return true;
  if (lower.length < 6 || !/(?:ed|ing)$/.test(lower) || lex.senses(lower, undefined, 1).length > 0 || lex.lemmas(lower).length > 0) return false;
  // ("Rehomed": a known verb, "home", with a prefix and its ending; "Winifred" is none.)
  return verbStem(lower, lex);
}

/** "our Korat, Sawasdee, has decided…", "Mirabelle, our Chartreux, sits…": a breed in apposition with a name. */
export function breedAppositionDrafts(text: string, lex: Lexicon | undefined, people: ReadonlySet<string>): Draft[] {
  if (!lexiconKnowsWords(lex)) return [];
  const out: Draft[] = [];
  const pairs = [...[...text.matchAll(KIND_THEN_NAME)].map((m) => [m[1], m[2]]), ...[...text.matchAll(NAME_THEN_KIND)].map((m) => [m[2], m[1]])];
  // "my Kromfohrländer Snickerdoodle dug up…", "Cosimo our Schapendoes has…": with no commas, the capitalised word the
  // lexicon does not hold at all (a breed, as chat writes one) beside a name, then the clause's verb.
  // (The name is no person word: "our Airbnb Host was rude".)
  // (…and no plural of a common noun: "my Instagram Stories got…".)
  const personWord = (w: string) => lex!.senses(w.toLowerCase(), undefined, 1).some((x) => x.lexClass === 'noun.person') || (lex!.lemmas(w.toLowerCase(), 'noun')[0] ?? w.toLowerCase()) !== w.toLowerCase();
  const breed = (w: string) => unheldWord(w, lex!) || kindOf(w.toLowerCase(), lex) === 'animal';
  for (const m of text.matchAll(POSSESSED_BREED_NAME)) if (breed(m[1]) && !personWord(m[2])) pairs.push([m[1], m[2]]);
  for (const m of text.matchAll(NAME_POSSESSED_BREED)) if (breed(m[2]) && !personWord(m[1])) pairs.push([m[2], m[1]]);
  // The kind may be a phrase: its last two words or its head must be an animal to the lexicon ("box turtle", "goat").
  for (const m of text.matchAll(NAME_THE_KIND)) {
    const all = m[2].toLowerCase().split(/\s+/);
    // The kind ends at any of the three words ("the miniature pony keeps…"): the longest reading that is an animal.
    const animal = [3, 2, 1]
      .filter((k) => k <= all.length)
      .flatMap((k) => [all.slice(Math.max(0, k - 2), k).join(' '), all[k - 1]])
      .find((w) => kindOf(w, lex) === 'animal');
    const before = text.slice(0, m.index);
    // "Pingu the penguin was my favourite show": the name is then said to be something other than an animal.
    const kindEnd = animal ? m.index! + m[0].indexOf(animal.split(' ').pop()!, m[0].indexOf(m[1]) + m[1].length) + animal.split(' ').pop()!.length : 0;
    const said = /^\s+(?:is|was|are|were)\s+(?:my|our|a|an|the)\s+(?:[\p{Ll}-]+\s+){0,2}?([\p{Ll}-]+)(?=\s*(?:[,.;!?]|$|\s+(?:as|when|of|on|in|for|from|growing)\b))/u.exec(text.slice(kindEnd));
    if (said && !lex!.senses(said[1], 'noun', 1).some((x) => x.lexClass === 'noun.animal')) continue;
    // In apposition ("Koda, the husky we adopted, …") the kind opens the phrase: "Eoin, the lucky dog, …", "Mairead, who's
    // a real night owl, …" describe a person.
    if (m[0].includes(',') && animal && !(all[0] === animal || all.slice(0, 2).join(' ') === animal)) continue;
    // "Niall, our pup of a nephew", "Declan, my old cat-sitter": a person word after the animal word makes the name a
    // person ("Nutmeg my pygmy goat": a word before it only says what kind).
    const head = animal ? animal.split(' ').pop()! : null;
    const holder = head ? new RegExp(`\\b${head}(?:-|\\s+of\\s+(?:a|an|the|my)\\s+)([\\p{Ll}]+)`, 'u').exec(m[2].toLowerCase())?.[1] : undefined;
    if (holder && (RELATIONS[holder] !== undefined || lex!.senses(holder, 'noun', 1)[0]?.lexClass === 'noun.person')) continue;
    // A name, not a function word opening the sentence ("In the film the dog…").
    // ("Honestly the commute does my head in": an adverb opening the sentence is no name, and "does" no deer; "Adopted our
    // dog Biscuit", "Rehomed our rabbit": a verb with its object, the subject dropped as chat does.)
    const nameLike = !STOP_WORDS.has(m[1].toLowerCase()) && !lex!.senses(m[1].toLowerCase(), undefined, 1).some((x) => x.lexClass.startsWith('adv')) && !verbForm(m[1], lex!);
    if (!animal || !nameLike || NOT_NAMES.has(m[1].toLowerCase()) || people.has(m[1].toLowerCase()) || OTHERS_OWN.test(before.split(/[.!?]/).pop() ?? '')) continue;
    pairs.push([animal, m[1]]);
  }
  for (const [kind, name] of pairs) {
    const k = kind.toLowerCase();
    if (NOT_NAMES.has(name.toLowerCase()) || people.has(name.toLowerCase()) || isKind(k, 'vehicle', lex)) continue;
    const animal = kindOf(k, lex) === 'animal';
    const unknown = kindOf(k, lex) === null && lex!.senses(k, undefined, 1).length === 0;
    if (animal || unknown) out.push({ key: 'pet', value: `${k} named ${name}`, implicit: !animal, metadata: { name, species: k, frame: 'breed, name' } });
  }
  return out;
}
