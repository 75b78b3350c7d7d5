/**
 * @module core/extraction/frames/kinds
 * What a noun is, for the frames: animal, vehicle, occupation, language, instrument, activity,
 * illness, food, family, social, organization, location, person. A small seed table (the word
 * lists the service always had, as data: everyday senses WordNet ranks low, "pottery" the
 * craft, "Quechua" the language) answers first; the shared classifier over the Lexicon port
 * (core/lexicon/kinds.ts, WordNet hypernym chains) answers every other noun. Pure.
 */
import type { Lexicon } from '../../ports.ts';
import { kindsOf, type NounKind } from '../../lexicon/kinds.ts';
import { HOBBY_NOUNS, LANGUAGES, OCCUPATIONS, PET_SPECIES, RELATIONS, SOCIAL_NOUNS } from '../lexicon.ts';

export type { NounKind };

const words = (s: string) => s.split('|');
/** Vehicle makes: names, so never read in the plural ("swapped seats" are no SEATs). */
const MAKES = 'volvo|bmw|audi|toyota|honda|ford|vw|volkswagen|vespa|nissan|kia|hyundai|skoda|seat|renault|peugeot|citroen|citroën|fiat|vauxhall|mazda|subaru|yamaha|ducati|triumph|kawasaki|suzuki|harley|brompton|land rover|range rover|mercedes|porsche|lexus|dacia|mitsubishi|cupra|polestar|alfa romeo|saab|chevrolet|chevy|dodge|landrover|daewoo|piaggio|lada|proton|perodua|tata|rover|isuzu|ssangyong|chrysler|buick|cadillac|gmc|infiniti|acura|lancia|opel|holden|datsun|abarth|jaguar|maserati|aprilia|ktm|lambretta|royal enfield|smart';
const MAKE_SET = new Set(MAKES.split('|'));
/**
 * Car models people name without the make ("my Corsa died", "the Qashqai's in the garage"): only names WordNet does not
 * hold, so the table never overrides a word (a "Focus", a "Leaf", a "Jazz" need their make), and no place names
 * (Ibiza, Tahoe). test/core/extraction-frames-s20 checks both.
 */
export const MODELS = 'corsa|astra|yaris|octavia|fabia|qashqai|micra|rav4|cr-v|hr-v|impreza|sportage|niro|megane|zafira|mondeo|kuga|vitara|altima|sentra|elantra|hilux|navara|evoque|punto|tiguan|passat|jetta|touran|picanto|ceed|sorento|silverado|cruze|camaro|crosstrek|cx-5|cx-3|mx-5|miata|mokka|berlingo|captur|sandero|auris|avensis|aygo|c-hr|ioniq|xc40|xc60|xc90|kangoo|hiace|4runner|f-150|kadjar|ateca|karoq|kodiaq|mazda3|mazda2';
const SEED_LISTS: Array<[NounKind, Iterable<string>]> = [
  ['family', Object.entries(RELATIONS).filter(([, v]) => v !== null).map(([k]) => k)],
  ['social', SOCIAL_NOUNS],
  ['instrument', words('guitar|piano|violin|viola|cello|drums|drum|bass|ukulele|saxophone|sax|flute|clarinet|oboe|bassoon|trumpet|trombone|tuba|harp|harmonica|accordion|banjo|mandolin|keyboard|synth|organ|fiddle|bagpipes|sitar|tabla|djembe|recorder|french horn|double bass|marimba|xylophone|' +
      // Folk and world instruments WordNet does not hold.
      'bodhran|bodhrán|cajon|erhu|guzheng|koto|shamisen|kalimba|oud|bouzouki|didgeridoo|steelpan|steel drums|tin whistle|uilleann pipes|concertina|hurdy gurdy|theremin|dulcimer|zither|balalaika|charango|ocarina')],
  ['vehicle', words('car|bike|bicycle|e-bike|ebike|motorbike|motorcycle|scooter|moped|van|truck|pickup|suv|minivan|hatchback|sedan|jeep|tesla|prius|civic|corolla|camry|golf|polo|fiesta|mini|beetle|campervan|camper|rv|boat|kayak|canoe|' +
      // Makes, named as people name them ("a 2015 honda jazz", "our old volvo"), and models named without their make.
      MAKES + '|' + MODELS)],
  ['animal', PET_SPECIES],
  ['language', LANGUAGES],
  ['occupation', OCCUPATIONS],
  ['activity', HOBBY_NOUNS],
  ['illness', words('asthma|diabetes|migraine|migraines|eczema|psoriasis|arthritis|epilepsy|adhd|autism|anxiety|depression|insomnia|celiac|coeliac|crohn|crohns|ibs|lupus|gout|anemia|anaemia|hypertension|tinnitus|endometriosis|pcos|fibromyalgia|sciatica|scoliosis|vertigo|hay fever|cancer|covid|long covid|dyslexia|bipolar|ocd|ptsd')],
  ['food', words('meat|fish|pork|beef|chicken|lamb|seafood|shellfish|dairy|milk|cheese|eggs|egg|gluten|wheat|nuts|peanuts|soy|sugar|bread|pasta|rice|tofu|vegetables|fruit|chocolate|coffee|alcohol|animal products|' +
      // The common allergens (the EU list and the usual fruit), named as people name them.
      'sesame|mustard|celery|lupin|sulphites|molluscs|crustaceans|prawns|shrimp|crab|lobster|mussels|kiwi|strawberries|tree nuts|almonds|cashews|walnuts|hazelnuts|pistachios|pecans|avocado|banana|tomatoes|garlic|onions|spice|chilli|msg|lactose|soya|oats')],
];
const SEED = new Map<string, NounKind>();
for (const [kind, list] of SEED_LISTS) for (const w of list) if (!SEED.has(w)) SEED.set(w.replace(/\\s\+/g, ' '), kind);

/** Either number for the seed table ("dogs" → "dog", "puppies" → "puppy", "peanut" → "peanuts"); the lexicon lemmatises the rest. */
function seedLookup(word: string): NounKind | undefined {
  const w = word.toLowerCase();
  const other = (v: string) => (MAKE_SET.has(v) ? undefined : SEED.get(v));
  return SEED.get(w) ?? other(w.replace(/ies$/, 'y')) ?? other(w.replace(/(?<!s)s$/, '')) ?? other(w.replace(/es$/, '')) ?? other(`${w}s`);
}

/**
 * Medical combining forms: a word the lexicon does not know that ends in one names a condition ("gastroparesis",
 * "achalasia", "hidradenitis suppurativa"). Word formation, not a word list.
 */
const MEDICAL_FORM = /(?:itis|osis|iasis|algia|paresis|plegia|pathy|aemia|emia|ectasia|achalasia|trophy|rrhoea|rrhea)$/;
function medicalForm(w: string, lex: Lexicon): boolean {
  const parts = w.split(' ');
  if (parts.length > 2 || !parts.some((part) => part.length >= 7 && MEDICAL_FORM.test(part))) return false;
  // Unknown to the lexicon, or known only as a state ("hyperhidrosis"; never "diagnosis", a cognition).
  const first = lex.senses(w, 'noun', 1)[0];
  return !first || first.lexClass === 'noun.state';
}

/**
 * Agent suffixes of trades: a word the lexicon does not know that ends in one names an occupation ("orthotist",
 * "perfusionist", "cheesemonger", "wheelwright"), as does one that ends in an occupation it knows ("signwriter").
 * Word formation, not a word list.
 */
const AGENT_FORM = /^[a-z]{3,}(?:ist|ician|ologist|ographer|monger|smith|wright)$/;
function agentForm(w: string, lex: Lexicon): boolean {
  if (!/^[a-z]{7,}$/.test(w) || lex.senses(w, undefined, 1).length > 0 || lex.lemmas(w).length > 0) return false;
  return AGENT_FORM.test(w) || tradeCompound(w, lex);
}

/**
 * A word the lexicon does not hold that runs a noun together with an occupation it does ("signwriter", "dogwalker" →
 * sign + writer): the trade of doing that to that thing. Chat casing (chat-text.ts) keeps it a common noun.
 */
export function tradeCompound(w: string, lex: Lexicon): boolean {
  if (!/^[a-z]{7,}$/.test(w)) return false;
  for (let k = 3; k <= w.length - 4; k++) {
    const [head, tail] = [w.slice(0, k), w.slice(k)];
    if (/(?:er|or|ist)$/.test(tail) && lex.senses(head, 'noun', 1).length > 0 && kindsOf(lex, tail, { maxSenses: 1 }).includes('occupation')) return true;
  }
  return false;
}

/** The kind of a (common) noun or noun phrase head, or null when neither the seed table nor the lexicon knows it. */
export function kindOf(noun: string, lex?: Lexicon): NounKind | null {
  const w = noun.toLowerCase().trim();
  if (!w) return null;
  return seedLookup(w) ?? (lex ? (kindsOf(lex, w, { maxSenses: 2 })[0] ?? (gerundCompound(w, lex) ? 'activity' : null) ?? closedCompoundKinds(w, lex, 2)[0] ?? (medicalForm(w, lex) ? 'illness' : null) ?? (agentForm(w, lex) ? 'occupation' : null)) : null);
}

/**
 * A two-word compound the lexicon holds only closed up or hyphenated ("lock keeper" → lockkeeper, "dog walker" →
 * dogwalker): the kinds of that form. Only when the spaced form is unknown.
 */
function closedCompoundKinds(w: string, lex: Lexicon, maxSenses: number): NounKind[] {
  if (!/^[a-z]+ [a-z]+$/.test(w) || lex.senses(w, 'noun', 1).length > 0) return [];
  for (const form of [w.replace(' ', ''), w.replace(' ', '-')]) {
    const kinds = lex.senses(form, 'noun', 1).length > 0 ? kindsOf(lex, form, { maxSenses }) : [];
    if (kinds.length > 0) return kinds;
  }
  return [];
}

/**
 * A word the lexicon does not hold that is a noun and a verb's -ing form run together ("woodturning", "paddleboarding",
 * "birdwatching"): the activity of doing that to that thing.
 */
function gerundCompound(w: string, lex: Lexicon): boolean {
  if (!/^[a-z]{7,}ing$/.test(w) || lex.senses(w).length > 0) return false;
  for (let k = 3; k <= w.length - 6; k++) {
    const [head, act] = [w.slice(0, k), w.slice(k)];
    if (lex.senses(head, 'noun', 1).length > 0 && (lex.lemmas(act, 'verb')[0] ?? '') !== act && lex.lemmas(act, 'verb').length > 0) return true;
  }
  return false;
}

/** Whether the noun can be of `kind` (any of its first three senses): the frames ask this for the slot they fill. */
export function isKind(noun: string, kind: NounKind, lex?: Lexicon): boolean {
  const w = noun.toLowerCase().trim();
  const seeded = seedLookup(w);
  // A word of two seed lists ("teacher", "coach", "doctor": social nouns and occupations) is of both.
  // A language shares its name with a breed or a people ("Siamese", "Maltese", "Persian"): the lexicon's language
  // sense counts beside the seed table's other kind.
  if (seeded) return seeded === kind || (kind === 'occupation' && OCCUPATIONS.has(w)) || (kind === 'language' && !!lex && kindsOf(lex, w, { maxSenses: 3 }).includes('language'));
  if (!lex) return false;
  const kinds = kindsOf(lex, w, { maxSenses: 3 });
  return kinds.includes(kind) || (kind === 'activity' && kinds.length === 0 && gerundCompound(w, lex)) || (kinds.length === 0 && closedCompoundKinds(w, lex, 3).includes(kind)) || (kind === 'illness' && kinds.length === 0 && medicalForm(w, lex)) || (kind === 'occupation' && kinds.length === 0 && agentForm(w, lex));
}
