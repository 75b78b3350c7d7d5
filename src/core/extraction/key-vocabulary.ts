/**
 * @module core/extraction/key-vocabulary
 * The documented vocabulary of canonical memory keys: type, cardinality (single-valued keys
 * supersede, multi-valued keys coexist) and the words a question uses to ask for them.
 * Extraction emits these keys; reconciliation and recall read their policies here.
 */
import type { MemoryType } from '../types.ts';

export interface KeySpec {
  key: string;
  type: MemoryType;
  /** One current value per subject (employer, location); others coexist (pets, languages). */
  singleValued: boolean;
  description: string;
  /** Words a question may use for this key ("where do they live" → location). */
  queryWords: string[];
}

const K = (key: string, type: MemoryType, singleValued: boolean, description: string, queryWords: string[]): KeySpec => ({
  key,
  type,
  singleValued,
  description,
  queryWords,
});

export const KEY_VOCABULARY: readonly KeySpec[] = [
  K('name', 'fact', true, 'The name the subject goes by', ['name', 'called', 'call']),
  K('employer', 'fact', true, 'Company or organisation the subject works for', ['work', 'works', 'worked', 'working', 'job', 'employer', 'company', 'companies', 'employed', 'office']),
  K('job_title', 'fact', true, 'Role or occupation', ['job', 'role', 'title', 'occupation', 'profession', 'do for a living', 'for a living', 'career', 'teach', 'teaches', 'earn my money', 'earn a living', 'make a living', 'making a living', 'earn my living', 'make my money', 'pay the bills']),
  K('location', 'fact', true, 'City/place the subject lives in now', ['live', 'lives', 'lived', 'living', 'city', 'cities', 'based', 'located', 'home', 'move', 'moved', 'reside', 'resides']),
  K('hometown', 'fact', true, 'Where the subject grew up / is from', ['from', 'grew up', 'hometown', 'born', 'origin']),
  K('education', 'fact', false, 'School, degree or field of study', ['study', 'studied', 'school', 'university', 'college', 'degree', 'education', 'graduate']),
  K('age', 'fact', true, 'Age in years', ['old', 'age']),
  K('birthday', 'fact', true, 'Date of birth', ['birthday', 'born']),
  K('language', 'fact', false, 'Languages spoken', ['language', 'speak', 'speaks', 'fluent']),
  K('relationship_status', 'fact', true, 'Single, married, engaged, divorced...', ['married', 'single', 'relationship', 'dating', 'engaged', 'divorced']),
  K('partner', 'relation', true, 'Partner / spouse name', ['partner', 'wife', 'husband', 'boyfriend', 'girlfriend', 'spouse', 'fiancé', 'fiancée', 'fiance', 'fiancee', 'someone special', 'special someone', 'significant other', 'other half', 'seeing anyone', 'seeing someone']),
  K('child', 'relation', false, 'A child of the subject', ['child', 'children', 'kid', 'kids', 'son', 'daughter', 'little one', 'little ones', 'toddler']),
  K('parent', 'relation', false, 'A parent of the subject', ['parent', 'mother', 'father', 'mom', 'dad']),
  K('sibling', 'relation', false, 'A sibling of the subject', ['sibling', 'sister', 'brother']),
  K('pet', 'fact', false, 'A pet (species and name)', ['pet', 'pets', 'dog', 'cat', 'animal', 'puppy', 'kitten', 'parrot', 'bird', 'hamster', 'rabbit', 'bunny', 'turtle', 'goldfish', 'horse']),
  K('allergy', 'fact', false, 'Allergies', ['allergy', 'allergic', 'allergies', 'intolerant', 'intolerance']),
  K('diet', 'fact', true, 'Diet (vegetarian, vegan...)', ['diet', 'dietary', 'eat', 'eats', 'vegetarian', 'vegan', 'food']),
  K('health_condition', 'fact', false, 'Health conditions', ['health', 'condition', 'illness', 'diagnosed']),
  K('hobby', 'preference', false, 'Hobbies and activities', ['hobby', 'hobbies', 'free time', 'spare time', 'enjoy', 'fun', 'relax', 'unwind', 'pastime', 'interests']),
  K('like', 'preference', false, 'Things the subject likes', ['like', 'likes', 'love', 'enjoy', 'favorite', 'favourite', 'interests']),
  K('dislike', 'preference', false, 'Things the subject dislikes', ['dislike', 'hate', 'hates', 'avoid']),
  K('work_schedule', 'fact', true, 'When the subject works: shifts, working days, hours, days off', ['shift', 'shifts', 'schedule', 'hours', 'rota', 'days off', 'day off', 'working days', 'work days', 'nights']),
  K('communication_style', 'preference', true, 'How the subject wants answers', ['answers', 'style', 'communicate', 'format', 'respond']),
  K('event', 'event', false, 'A dated event or plan', ['when', 'plan', 'trip', 'event', 'going']),
  K('vehicle', 'fact', false, 'A vehicle the subject owns (car, bike, Tesla)', ['car', 'drive', 'drives', 'vehicle', 'bike', 'motorcycle', 'motorbike', 'ride', 'rides', 'get around', 'commute']),
  K('goal', 'preference', false, 'An aim or plan the subject states ("become a counselor")', ['goal', 'plan', 'plans', 'want', 'wants', 'hope', 'dream', 'career', 'aspire']),
  // Event kinds (the `event_` family): all accumulate, never supersede; eventDate carries the date.
  K('event_trip', 'event', false, 'Trip, flight, visit, camping, tour', ['trip', 'travel', 'traveled', 'travelled', 'visit', 'visited', 'flight', 'fly', 'flying', 'vacation', 'holiday', 'camping']),
  K('event_move', 'event', false, 'Moving home (value names the place)', ['move', 'moved', 'moving', 'relocate', 'relocated']),
  K('event_job_start', 'event', false, 'Starting a job', ['start', 'started', 'starting', 'new job', 'first day']),
  K('event_job_loss', 'event', false, 'Losing or leaving a job', ['lost', 'laid', 'fired', 'quit']),
  K('event_interview', 'event', false, 'Job or other interview', ['interview']),
  K('event_exam', 'event', false, 'Exam or test', ['exam', 'test', 'finals']),
  K('event_appointment', 'event', false, 'Appointment, meeting, review, surgery', ['appointment', 'doctor', 'dentist', 'meeting', 'review']),
  K('event_wedding', 'event', false, 'Wedding', ['wedding', 'married', 'marry']),
  K('event_engagement', 'event', false, 'Getting engaged, a proposal', ['engaged', 'engagement', 'proposed', 'proposal']),
  K('event_birthday', 'event', false, 'A coming birthday ("turns 7 next Saturday")', ['birthday', 'turns', 'turning']),
  K('event_talk', 'event', false, 'Talk, presentation, keynote', ['talk', 'presentation', 'keynote', 'conference']),
  K('event_milestone', 'event', false, 'Life milestone: birth, graduation, first day at school, birthday', ['graduation', 'graduated', 'born', 'baby', 'birthday', 'school']),
  K('event_activity', 'event', false, 'Something the subject did or will do on a date (support group, race, class, party)', ['when', 'did', 'go', 'went', 'attend', 'attended', 'join', 'joined']),
];

/**
 * What a question's words must MEAN to ask for a key, by the lexicon (recall's keysBySense), beside the exact
 * `queryWords` above: a noun — or a two- or three-word lemma the lexicon knows ("line of work", "better half") —
 * whose first sense is one of `nouns` or lies within `depth` hypernyms below one ("career" → occupation,
 * "husband" → spouse, "daughter" → offspring); a verb that is one of `verbs` or has one among its hypernyms
 * ("major (in)" → study, "reside" → live). An anchor is a WordNet lemma standing for its first sense ("study#2": its
 * second), matched by synset identity; which words reach it is the lexicon's knowledge, not a list here. Default
 * depth 2.
 */
export interface KeySenses {
  key: string;
  nouns?: readonly string[];
  verbs?: readonly string[];
  depth?: number;
}
export const KEY_SENSES: readonly KeySenses[] = [
  // Depth 1: "career", "vocation"; not "sailing" (seafaring → employment → occupation).
  { key: 'job_title', nouns: ['occupation'], depth: 1 },
  { key: 'employer', nouns: ['employer'], verbs: ['hire'] },
  { key: 'location', nouns: ['residence'], verbs: ['live'] },
  { key: 'hometown', nouns: ['hometown', 'birthplace'] },
  { key: 'education', nouns: ['education', 'university', 'college', 'academic degree'], verbs: ['study#2'] },
  { key: 'partner', nouns: ['spouse', 'domestic partner', 'lover', 'fiance', 'fiancee'] },
  { key: 'child', nouns: ['offspring'] },
  { key: 'parent', nouns: ['parent'] },
  { key: 'sibling', nouns: ['sibling'] },
  // "my family", "my household" (a lemma of the same sense): the people of the relation keys.
  { key: 'partner', nouns: ['family'], depth: 0 },
  { key: 'child', nouns: ['family'], depth: 0 },
  { key: 'parent', nouns: ['family'], depth: 0 },
  { key: 'sibling', nouns: ['family'], depth: 0 },
  // Kinds of allergy, diet or illness name one ("Do I have asthma?"): only the class nouns themselves ask for the key.
  { key: 'allergy', nouns: ['allergy'], depth: 0 },
  { key: 'diet', nouns: ['diet'], depth: 0 },
  { key: 'health_condition', nouns: ['illness', 'disease', 'disorder', 'physical condition', 'medical condition'], depth: 0 },
  { key: 'pet', nouns: ['pet'], depth: 0 },
  { key: 'hobby', nouns: ['hobby', 'avocation', 'pastime'], depth: 1 },
  { key: 'birthday', nouns: ['birthday', 'date of birth'], depth: 0 },
];

const BY_KEY = new Map(KEY_VOCABULARY.map((s) => [s.key, s]));

/** Family prefixes: `favorite_food` belongs to `favorite`, `opinion_typescript` to `opinion`. */
/**
 * Key families: one documented prefix, open suffix. `favorite_<thing>` (favorite_food) is one value
 * per thing; `opinion_<topic>` (opinion_typescript) holds the current stance with the chain kept
 * by supersession; `event_<kind>` beyond the kinds listed above accumulates.
 */
const FAMILY_RULES: Array<{ prefix: string; spec: Omit<KeySpec, 'key'> }> = [
  { prefix: 'favorite_', spec: { type: 'preference', singleValued: true, description: 'Favourite thing of a kind', queryWords: ['favorite', 'favourite'] } },
  { prefix: 'opinion_', spec: { type: 'opinion', singleValued: true, description: 'Stance on a topic (positive/negative/mixed)', queryWords: ['think', 'opinion', 'feel'] } },
  { prefix: 'event_', spec: { type: 'event', singleValued: false, description: 'A dated event', queryWords: ['when'] } },
];

export function keySpec(key: string): KeySpec | undefined {
  const s = BY_KEY.get(key);
  if (s) return s;
  for (const f of FAMILY_RULES) if (key.startsWith(f.prefix)) return { key, ...f.spec };
  return undefined;
}

/** Single-valued keys supersede; unknown keys coexist (the safe default: nothing is lost). */
export function isSingleValued(key: string): boolean {
  return keySpec(key)?.singleValued ?? false;
}
