/**
 * @module core/extraction/frames/kinds
 * What a noun is, for the frames: animal, vehicle, occupation, language, instrument, activity,
 * disease, food, family, social, organization, location, person. A small seed table (the word
 * lists the service always had, as data) answers first; the Lexicon port (WordNet hypernym
 * chains) answers every other noun. Pure: the lexicon is handed in; answers are cached per word.
 */
import type { Lexicon } from '../../ports.ts';
import { HOBBY_NOUNS, LANGUAGES, OCCUPATIONS, PET_SPECIES, RELATIONS, SOCIAL_NOUNS } from '../lexicon.ts';

export type NounKind = 'animal' | 'vehicle' | 'occupation' | 'language' | 'instrument' | 'activity' | 'disease' | 'food' | 'family' | 'social' | 'organization' | 'location' | 'person';

const words = (s: string) => s.split('|');
const SEED_LISTS: Array<[NounKind, Iterable<string>]> = [
  ['family', Object.entries(RELATIONS).filter(([, v]) => v !== null).map(([k]) => k)],
  ['social', SOCIAL_NOUNS],
  ['instrument', words('guitar|piano|violin|viola|cello|drums|drum|bass|ukulele|saxophone|sax|flute|clarinet|oboe|bassoon|trumpet|trombone|tuba|harp|harmonica|accordion|banjo|mandolin|keyboard|synth|organ|fiddle|bagpipes|sitar|tabla|djembe|recorder|french horn|double bass|marimba|xylophone')],
  ['vehicle', words('car|bike|bicycle|e-bike|ebike|motorbike|motorcycle|scooter|moped|van|truck|pickup|suv|minivan|hatchback|sedan|jeep|tesla|prius|civic|corolla|camry|golf|polo|fiesta|mini|beetle|campervan|camper|rv|boat|kayak|canoe')],
  ['animal', PET_SPECIES],
  ['language', LANGUAGES],
  ['occupation', OCCUPATIONS],
  ['activity', HOBBY_NOUNS],
  ['disease', words('asthma|diabetes|migraine|migraines|eczema|psoriasis|arthritis|epilepsy|adhd|autism|anxiety|depression|insomnia|celiac|coeliac|crohn|crohns|ibs|lupus|gout|anemia|anaemia|hypertension|tinnitus|endometriosis|pcos|fibromyalgia|sciatica|scoliosis|vertigo|hay fever|cancer|covid|long covid|dyslexia|bipolar|ocd|ptsd')],
  ['food', words('meat|fish|pork|beef|chicken|lamb|seafood|shellfish|dairy|milk|cheese|eggs|egg|gluten|wheat|nuts|peanuts|soy|sugar|bread|pasta|rice|tofu|vegetables|fruit|chocolate|coffee|alcohol|animal products')],
];
const SEED = new Map<string, NounKind>();
for (const [kind, list] of SEED_LISTS) for (const w of list) if (!SEED.has(w)) SEED.set(w.replace(/\\s\+/g, ' '), kind);

/**
 * WordNet anchors per kind, most specific kinds first: a noun is of the first kind one of whose anchors is among
 * its hypernyms. `lexClass` narrows the check to the lexicographer file the kind lives in.
 */
export const KIND_ANCHORS: ReadonlyArray<{ kind: NounKind; lexClass: string; anchors: string[] }> = [
  { kind: 'animal', lexClass: 'noun.animal', anchors: ['domestic_animal', 'dog', 'cat', 'bird', 'rodent', 'reptile', 'fish', 'horse', 'animal'] },
  { kind: 'instrument', lexClass: 'noun.artifact', anchors: ['musical_instrument', 'musical instrument'] },
  { kind: 'vehicle', lexClass: 'noun.artifact', anchors: ['motor_vehicle', 'motor vehicle', 'wheeled_vehicle', 'wheeled vehicle', 'vessel', 'vehicle'] },
  { kind: 'language', lexClass: 'noun.communication', anchors: ['natural_language', 'natural language', 'language'] },
  { kind: 'disease', lexClass: 'noun.state', anchors: ['disease', 'illness', 'disorder', 'condition', 'allergy'] },
  { kind: 'activity', lexClass: 'noun.act', anchors: ['sport', 'athletics', 'game', 'craft', 'art', 'hobby', 'diversion', 'recreation', 'exercise'] },
  { kind: 'food', lexClass: 'noun.food', anchors: ['food', 'foodstuff', 'meat', 'dish', 'beverage'] },
  { kind: 'family', lexClass: 'noun.person', anchors: ['relative', 'family_member', 'kin', 'spouse'] },
  { kind: 'social', lexClass: 'noun.person', anchors: ['friend', 'associate', 'companion', 'acquaintance', 'neighbor', 'colleague', 'superior'] },
  { kind: 'occupation', lexClass: 'noun.person', anchors: ['worker', 'professional', 'skilled_worker', 'employee', 'expert', 'specialist', 'practitioner'] },
  { kind: 'organization', lexClass: 'noun.group', anchors: ['organization', 'organisation', 'company', 'institution', 'business'] },
  { kind: 'location', lexClass: 'noun.location', anchors: ['city', 'town', 'country', 'region', 'location'] },
  { kind: 'person', lexClass: 'noun.person', anchors: ['person'] },
];

/** Singular form for the seed table ("dogs" → "dog", "puppies" → "puppy"); the lexicon lemmatises the rest. */
function seedLookup(word: string): NounKind | undefined {
  const w = word.toLowerCase();
  return SEED.get(w) ?? SEED.get(w.replace(/ies$/, 'y')) ?? SEED.get(w.replace(/(?<!s)s$/, '')) ?? SEED.get(w.replace(/es$/, ''));
}

const cache = new WeakMap<Lexicon, Map<string, NounKind | null>>();
const CACHE_MAX = 20_000;

/** The kind of a (common) noun or noun phrase head, or null when neither the seed table nor the lexicon knows it. */
export function kindOf(noun: string, lex?: Lexicon): NounKind | null {
  const w = noun.toLowerCase().trim();
  if (!w) return null;
  const seeded = seedLookup(w);
  if (seeded) return seeded;
  if (!lex) return null;
  let memo = cache.get(lex);
  if (!memo) cache.set(lex, (memo = new Map()));
  const hit = memo.get(w);
  if (hit !== undefined) return hit;
  const found = lexiconKind(w, lex);
  if (memo.size > CACHE_MAX) memo.clear();
  memo.set(w, found);
  return found;
}

function lexiconKind(w: string, lex: Lexicon): NounKind | null {
  // Only the word's most common noun senses count: "bass" the fish is not what "I play bass" means, but the
  // frames ask for the kind the slot expects (see `isKind`), so the first two senses are enough.
  const classes = lex.classesOf(w, 'noun', 2);
  if (classes.length === 0) return null;
  for (const { kind, lexClass, anchors } of KIND_ANCHORS) {
    if (!classes.includes(lexClass)) continue;
    if (anchors.some((a) => lex.isA(w, a, { pos: 'noun', maxSenses: 2 }))) return kind;
  }
  return null;
}

/** Whether the noun can be of `kind` (any of its first senses): the frames ask this for the slot they fill. */
export function isKind(noun: string, kind: NounKind, lex?: Lexicon): boolean {
  if (kindOf(noun, lex) === kind) return true;
  if (!lex || seedLookup(noun)) return false;
  const spec = KIND_ANCHORS.find((k) => k.kind === kind)!;
  return lex.classesOf(noun.toLowerCase(), 'noun', 3).includes(spec.lexClass) && spec.anchors.some((a) => lex.isA(noun.toLowerCase(), a, { pos: 'noun', maxSenses: 3 }));
}
