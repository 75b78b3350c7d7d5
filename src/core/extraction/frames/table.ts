/**
 * @module core/extraction/frames/table
 * The frames, as data a reader can scan: predicate classes (verb lemmas, with WordNet verb
 * anchors for the verbs not listed) × argument classes (noun kinds, names, places,
 * organisations) → memory key, operation and explicitness. Ending predicates (entity state)
 * are in the second table. Logic lives in frames/read.ts and frames/entity-state.ts.
 */
import type { CandidateOp } from '../../types.ts';
import type { NounKind } from './kinds.ts';

export type PredClass = 'obtain' | 'own' | 'drive' | 'care' | 'bring' | 'work' | 'live' | 'move' | 'grow' | 'raise' | 'speak' | 'play' | 'be' | 'eat' | 'study' | 'avoid' | 'learn' | 'start' | 'exchange' | 'ail' | 'go';

/** Predicate classes by verb lemma; `anchors` are WordNet verbs an unlisted verb may be a kind of. */
export const PREDICATES: Record<PredClass, { lemmas: string[]; anchors?: string[] }> = {
  // Getting a job: "landed a graduate analyst job", "secured a post at…" (never a fish landed: only job nouns).
  obtain: { lemmas: ['land', 'secure', 'bag', 'get', 'have', 'take', 'accept', 'start'] },
  own: { lemmas: ['have', 'own', 'adopt', 'rescue', 'foster', 'get', 'buy', 'keep'], anchors: ['own', 'adopt', 'acquire'] },
  drive: { lemmas: ['drive', 'ride'] },
  care: { lemmas: ['walk', 'feed', 'groom', 'brush', 'comb', 'bathe', 'bath', 'wash', 'cuddle', 'pet', 'train', 'vaccinate', 'worm', 'deworm', 'microchip', 'spay', 'neuter'], anchors: ['groom', 'feed'] },
  bring: { lemmas: ['take', 'bring', 'drop', 'pick'] },
  work: { lemmas: ['work', 'intern', 'temp', 'freelance', 'consult', 'volunteer'] },
  live: { lemmas: ['live', 'reside', 'settle'] },
  move: { lemmas: ['move', 'relocate', 'emigrate'], anchors: ['relocate'] },
  grow: { lemmas: ['grow'] },
  raise: { lemmas: ['raise', 'bring'] },
  speak: { lemmas: ['speak', 'sign'] },
  play: { lemmas: ['play', 'practise', 'practice', 'rehearse', 'do'], anchors: ['play', 'compete'] },
  be: { lemmas: ['be'] },
  eat: { lemmas: ['eat', 'touch', 'have', 'consume', 'drink'] },
  study: { lemmas: ['study', 'research', 'teach'] },
  // Avoiding a food ("steer clear of gluten", "cut out dairy", "gave up pork"): WordNet avoid/abstain, and the phrasal
  // verbs of giving something up, each with the word that must follow it (AVOID_PARTICLES).
  avoid: { lemmas: ['avoid', 'shun', 'eschew', 'cut', 'give', 'swear', 'steer', 'quit', 'ditch', 'drop', 'eliminate', 'ban', 'stay', 'keep'], anchors: ['avoid', 'abstain'] },
  // Learning a language ("picked up some Italian", "learnt Greek at school").
  learn: { lemmas: ['learn', 'pick'], anchors: ['learn'] },
  // Starting in a job ("started as a junior architect at Foster Partners").
  start: { lemmas: ['start', 'begin', 'take', 'resume'] },
  // Trading one thing for another ("traded the Micra for a Honda Jazz"): what comes "for" is the new one.
  exchange: { lemmas: ['trade', 'swap', 'exchange', 'part-exchange', 'switch'], anchors: ['exchange'] },
  // Being laid low by an illness ("laid up with shingles", "signed off with long covid", "struggling with gout").
  ail: { lemmas: ['lay', 'sign', 'struggle', 'battle', 'suffer', 'knock', 'floor', 'strike', 'hospitalise', 'hospitalize', 'admit', 'bed'] },
  // Going out to do something ("go birding", "went fishing"): the gerund after it is the pastime, whatever the lexicon.
  go: { lemmas: ['go'] },
};

/**
 * A gerund clause that carries the speaker's pastime or language: after an aspectual verb ("started learning Welsh",
 * "kept playing the cello") or one of these words ("grew up speaking Punjabi", "two months into learning the
 * ukulele"). Never after "to" or "about" ("want to learn", "thinking about learning": plans and wishes).
 */
export const ASPECT = {
  verbs: ['start', 'begin', 'keep', 'continue', 'resume', 'grow'],
  links: ['up', 'into'],
  preds: ['speak', 'play', 'learn'] as PredClass[],
};

/**
 * Verbs of a class that belong to it only with the word after them: "cut out", "give up", "swear off", "steer clear
 * of" avoid; "pick up" learns ("picked up some Italian"). Without that word the class does not apply ("cut my hand").
 */
export const PHRASAL_ONLY: Partial<Record<PredClass, Readonly<Record<string, string>>>> = {
  avoid: { cut: 'out', give: 'up', swear: 'off', steer: 'clear', stay: 'away', keep: 'away' },
  start: { take: 'up' },
  learn: { pick: 'up' },
};

/** Where the argument sits: the object, the copula complement, or the phrase after a preposition. */
export type Slot = 'object' | 'complement' | `prep:${string}`;
/** What the argument must be: a noun kind, a proper name of no known kind, or a proper noun (place, organisation). */
/** `gerund`: a bare -ing object ("go birding"), a pastime by its syntax. */
/**
 * `ailment`: what one is laid up, admitted or off work with — an illness to the lexicon, or a common noun phrase naming
 * a part of the body or a bodily state ("a frozen shoulder", "kidney stones"): the predicate says it is a condition.
 */
export type ArgClass = NounKind | 'name' | 'proper' | 'gerund' | 'ailment';

export interface Frame {
  pred: PredClass;
  slot: Slot;
  arg: ArgClass;
  key: string;
  op?: CandidateOp;
  /** The fact is implied, not stated (care for a named animal → a pet): lower confidence. */
  implicit?: boolean;
  /** A phrase the clause must also have: "take Bella to the vet", "dropped Rolo off at the kennels". */
  via?: { preps: string[]; heads: string[] };
  /** The verb's particle the frame needs ("grew up in Galway"). */
  particle?: string;
  /** The clause must be passive ("I was raised in Cork"). */
  passive?: boolean;
  /** The frame reads a negated clause ("haven't touched meat in years" → a diet); others skip negated clauses. */
  negated?: boolean;
  /** The argument must be a place to the lexicon, the clause present, undated and with no other phrase. */
  placeOnly?: boolean;
  /** The clause must say the state ended ("anymore", "no longer": "not doing yoga anymore" → hobby retracted). */
  ended?: boolean;
  /** Another slot of the clause must hold an argument of this class too ("started as an analyst at Kestrel"). */
  alongside?: { slot: Slot; arg: ArgClass };
  /** The clause's object must be one of these heads ("got a job as a podiatrist"). */
  objectHeads?: readonly string[];
  /** Only a clause about now: no past tense, no date ("drove a campervan in Iceland last summer" is a trip). */
  present?: boolean;
  /** The argument is what modifies one of these heads ("landed a graduate analyst job": "graduate analyst"). */
  modifierOf?: readonly string[];
  /** The argument must be a place to the lexicon ("a midwife up in Inverness"), never an organisation. */
  place?: boolean;
  /** The argument must be a common noun under "the" ("the housing department"), not a name or someone's. */
  definite?: boolean;
  /** The argument must be one the speaker has: under "a" / "an" / "my" / "our" ("drove out in a Mazda CX-5"). */
  owned?: readonly string[];
  /** Only these verbs of the class ("work", not "volunteer": a food bank volunteered at is no employer). */
  lemmas?: readonly string[];
}

/**
 * Words that make being in a place living there ("I'm in Stromness these days", "we're in Kirkwall now"): with one of
 * them the place may be a name the lexicon does not hold.
 */
export const RESIDENCE_TAILS: readonly string[][] = [['these', 'days'], ['nowadays'], ['now'], ['for', 'good'], ['full', 'time']];

/** What one gets, lands or starts when one starts work ("got a job as…", "landed a role at…"). */
export const JOB_NOUNS: readonly string[] = ['job', 'role', 'position', 'post', 'placement', 'internship', 'apprenticeship', 'gig', 'contract'];

export const FRAMES: readonly Frame[] = [
  { pred: 'own', slot: 'object', arg: 'animal', key: 'pet' },
  { pred: 'own', slot: 'object', arg: 'vehicle', key: 'vehicle' },
  // "I don't have a car": the negated own frame takes the vehicle back.
  { pred: 'own', slot: 'object', arg: 'vehicle', key: 'vehicle', negated: true, op: 'retract' },
  { pred: 'own', slot: 'object', arg: 'illness', key: 'health_condition' },
  { pred: 'own', slot: 'object', arg: 'family', key: 'relation' },
  { pred: 'drive', slot: 'object', arg: 'vehicle', key: 'vehicle' },
  // "picked up a used Toyota": bring + up acquires a vehicle.
  { pred: 'bring', particle: 'up', slot: 'object', arg: 'vehicle', key: 'vehicle' },
  { pred: 'drive', slot: 'object', arg: 'proper', key: 'vehicle' },
  // "drove out in a Mazda CX-5", "drove home in my new Golf": what one drives in, the speaker's (never "in Leeds").
  { pred: 'drive', slot: 'prep:in', arg: 'proper', key: 'vehicle', owned: ['a', 'an', 'my', 'our'] },
  { pred: 'drive', slot: 'prep:in', arg: 'vehicle', key: 'vehicle', owned: ['my', 'our'] },
  // "drives a tow truck in El Paso": where one drives for a living or a daily round is where one lives.
  { pred: 'drive', slot: 'prep:in', arg: 'proper', key: 'location', alongside: { slot: 'object', arg: 'vehicle' }, place: true, present: true },
  { pred: 'care', slot: 'object', arg: 'name', key: 'pet', implicit: true },
  { pred: 'care', slot: 'object', arg: 'animal', key: 'pet', implicit: true },
  { pred: 'bring', slot: 'object', arg: 'name', key: 'pet', implicit: true, via: { preps: ['to', 'at', 'from'], heads: ['vet', 'groomer', 'kennel', 'kennels', 'cattery', 'park', 'groomers', 'daycare'] } },
  { pred: 'work', slot: 'prep:at', arg: 'proper', key: 'employer' },
  { pred: 'work', slot: 'prep:for', arg: 'proper', key: 'employer' },
  // "I work for the housing department", "at the parks department": an organisation named by its kind is the employer.
  { pred: 'work', slot: 'prep:for', arg: 'organization', key: 'employer', definite: true, lemmas: ['work'] },
  { pred: 'work', slot: 'prep:at', arg: 'organization', key: 'employer', definite: true, lemmas: ['work'] },
  // "I'm (still) with the housing department in Dundee": being with an organisation named by its kind.
  { pred: 'be', slot: 'prep:with', arg: 'organization', key: 'employer', definite: true },
  { pred: 'work', slot: 'prep:as', arg: 'occupation', key: 'job_title' },
  { pred: 'be', slot: 'complement', arg: 'occupation', key: 'job_title' },
  // "I'm a plater at BAE", "a tug skipper with Transnet": where the occupation is held is the employer.
  { pred: 'be', slot: 'prep:at', arg: 'proper', key: 'employer', alongside: { slot: 'complement', arg: 'occupation' } },
  { pred: 'be', slot: 'prep:with', arg: 'proper', key: 'employer', alongside: { slot: 'complement', arg: 'occupation' } },
  { pred: 'live', slot: 'prep:in', arg: 'proper', key: 'location' },
  // "I'm in Portsmouth": being in a place the lexicon knows as one, now, with nothing else said (no date, no "for work").
  { pred: 'be', slot: 'prep:in', arg: 'proper', key: 'location', placeOnly: true },
  { pred: 'move', slot: 'prep:to', arg: 'proper', key: 'location' },
  { pred: 'grow', particle: 'up', slot: 'prep:in', arg: 'proper', key: 'hometown' },
  // "grew up with Latvian at home": a language grown up with is spoken.
  { pred: 'grow', particle: 'up', slot: 'prep:with', arg: 'language', key: 'language' },
  { pred: 'raise', passive: true, slot: 'prep:in', arg: 'proper', key: 'hometown' },
  { pred: 'speak', slot: 'object', arg: 'language', key: 'language' },
  { pred: 'play', slot: 'object', arg: 'instrument', key: 'hobby' },
  { pred: 'play', slot: 'object', arg: 'activity', key: 'hobby' },
  { pred: 'eat', slot: 'object', arg: 'food', key: 'diet', negated: true },
  // "I steer clear of gluten", "cut out dairy", "I avoid cheese and yoghurt": avoiding a food class is a diet.
  { pred: 'avoid', slot: 'object', arg: 'food', key: 'diet' },
  { pred: 'avoid', slot: 'prep:of', arg: 'food', key: 'diet' },
  // "stayed away from dairy", "I've been off gluten for six months".
  { pred: 'avoid', slot: 'prep:from', arg: 'food', key: 'diet' },
  { pred: 'be', slot: 'prep:off', arg: 'food', key: 'diet' },
  { pred: 'learn', slot: 'object', arg: 'language', key: 'language' },
  // "has been laid up with shingles", "is off work with sciatica": whoever the clause is about has the illness.
  { pred: 'ail', slot: 'prep:with', arg: 'ailment', key: 'health_condition' },
  { pred: 'be', slot: 'prep:with', arg: 'illness', key: 'health_condition' },
  // "is off work with a frozen shoulder": off work (or sick, or school) with it, whatever the lexicon calls it.
  { pred: 'be', slot: 'prep:with', arg: 'ailment', key: 'health_condition', via: { preps: ['off'], heads: ['work', 'school', 'sick', 'college', 'duty'] } },
  { pred: 'exchange', slot: 'prep:for', arg: 'vehicle', key: 'vehicle' },
  // "my flatmate Cormac just got a job as a podiatrist": a job had or got, whoever got it.
  { pred: 'own', slot: 'prep:as', arg: 'occupation', key: 'job_title', objectHeads: JOB_NOUNS },
  { pred: 'own', slot: 'prep:at', arg: 'proper', key: 'employer', objectHeads: JOB_NOUNS },
  // "landed a graduate analyst job in Preston": the job noun's modifier is the title, and where the job is, a place.
  { pred: 'obtain', slot: 'object', arg: 'occupation', key: 'job_title', modifierOf: JOB_NOUNS },
  { pred: 'obtain', slot: 'prep:in', arg: 'proper', key: 'location', objectHeads: JOB_NOUNS, place: true },
  { pred: 'obtain', slot: 'prep:as', arg: 'occupation', key: 'job_title', objectHeads: JOB_NOUNS, lemmas: ['land', 'secure', 'bag'] },
  { pred: 'obtain', slot: 'prep:at', arg: 'proper', key: 'employer', objectHeads: JOB_NOUNS, lemmas: ['land', 'secure', 'bag'] },
  // "a midwife up in Inverness", "started as an optometrist in Abuja": where the job is done is where they live.
  { pred: 'be', slot: 'prep:in', arg: 'proper', key: 'location', alongside: { slot: 'complement', arg: 'occupation' }, place: true },
  { pred: 'start', slot: 'prep:in', arg: 'proper', key: 'location', alongside: { slot: 'prep:as', arg: 'occupation' }, place: true },
  { pred: 'work', slot: 'prep:in', arg: 'proper', key: 'location', alongside: { slot: 'prep:as', arg: 'occupation' }, place: true },
  { pred: 'start', slot: 'prep:as', arg: 'occupation', key: 'job_title' },
  // "just started at Primark in Belfast": where the new workplace is, is where they live.
  { pred: 'start', slot: 'prep:in', arg: 'proper', key: 'location', alongside: { slot: 'prep:at', arg: 'proper' }, place: true },
  // "started kayaking at uni", "took up the harp": a pastime begun.
  { pred: 'start', slot: 'object', arg: 'activity', key: 'hobby' },
  { pred: 'start', slot: 'object', arg: 'instrument', key: 'hobby' },
  // "been learning the bodhran", "two months into learning the ukulele".
  { pred: 'learn', slot: 'object', arg: 'instrument', key: 'hobby' },
  // "started at Kestrel" alone may be a gym or a course; with the occupation it is the employer.
  { pred: 'start', slot: 'prep:at', arg: 'proper', key: 'employer', alongside: { slot: 'prep:as', arg: 'occupation' } },
  // "started as a data analyst with Wipro", "got a job as a chef with Hilton": the organisation one works with, as one's job.
  { pred: 'start', slot: 'prep:with', arg: 'proper', key: 'employer', alongside: { slot: 'prep:as', arg: 'occupation' } },
  { pred: 'own', slot: 'prep:with', arg: 'proper', key: 'employer', objectHeads: JOB_NOUNS, alongside: { slot: 'prep:as', arg: 'occupation' } },
  { pred: 'play', slot: 'object', arg: 'activity', key: 'hobby', negated: true, ended: true, op: 'retract' },
  { pred: 'play', slot: 'object', arg: 'instrument', key: 'hobby', negated: true, ended: true, op: 'retract' },
  // "don't really go birding anymore": an outing given up is a pastime ended.
  { pred: 'go', slot: 'object', arg: 'gerund', key: 'hobby', negated: true, ended: true, op: 'retract' },
  { pred: 'study', slot: 'prep:at', arg: 'proper', key: 'education' },
];

/**
 * Noun-headed frames: a possessed phrase whose head belongs to a setting, followed by "at/from <Proper>": "my second
 * day at Monzo" (employer), "my PhD lab at Caltech" (education). Implied, so implicit confidence.
 */
export const SETTING_NOUNS: ReadonlyArray<{ key: string; heads: string[]; preps: string[] }> = [
  { key: 'employer', heads: ['day', 'week', 'month', 'shift', 'desk', 'office', 'manager', 'boss', 'team', 'colleague', 'coworker', 'co-worker', 'onboarding', 'badge', 'job', 'role', 'contract', 'probation', 'payslip', 'standup', 'induction'], preps: ['at', 'with'] },
  { key: 'education', heads: ['lab', 'phd', 'degree', 'course', 'thesis', 'dissertation', 'class', 'lecture', 'supervisor', 'advisor', 'dorm', 'masters', 'semester', 'module', 'campus'], preps: ['at'] },
];

/**
 * Work kit that carries its organisation's name: "my B&Q apron", "the Lidl tabard", "my Evri van". The kit worn (any
 * determiner the speaker uses) or the work vehicle (only "my") names the employer, implied. A make is no organisation
 * here ("my Ford van" is a vehicle).
 */
export const WORK_KIT = {
  worn: ['apron', 'tabard', 'uniform', 'lanyard', 'overalls', 'hi-vis', 'tunic', 'scrubs', 'badge', 'polo shirt', 'name badge'],
  driven: ['van', 'lorry', 'truck', 'cab'],
} as const;

/** Words of fiction and play: a named animal in a clause with one of these is a character, not a pet ("Pingu the penguin was my favourite show"). */
export const FICTION_CUES: readonly string[] = ['show', 'series', 'film', 'movie', 'book', 'novel', 'game', 'cartoon', 'character', 'episode', 'sitcom', 'comic', 'story', 'telly', 'tv'];

/** Occasions that mark leaving a job ("my leaving do / drinks / card at X"): read like "my last day at X". */
export const LEAVING_OCCASIONS: readonly string[] = ['do', 'party', 'drinks', 'lunch', 'card', 'speech', 'present', 'collection', 'dinner', 'bash'];

/**
 * Where an activity is practised: "<activity or instrument> <head>" ("bassoon lessons", "fencing club", "netball
 * league", "pottery class") is a hobby of the speaker's (implied) when the speaker takes it, goes to it or has it.
 */
/** Verbs of leaving a group or practice ("left every chess group", "quit the choir"): its clause asserts no belonging. */
export const LEAVING_VERBS: readonly string[] = ['leave', 'quit', 'exit', 'ditch', 'abandon', 'drop', 'unsubscribe'];

export const PRACTICE_HEADS = {
  /** Heads that are one occasion when counted and dated ("a pottery workshop last Friday" is an event). */
  occasions: ['lesson', 'lessons', 'class', 'classes', 'course', 'workshop', 'practice', 'training', 'session', 'sessions', 'tutor', 'teacher', 'homework'],
  /** Heads of belonging ("joined a rowing squad in the spring" is a hobby whenever it was). */
  memberships: ['club', 'league', 'team', 'group', 'squad', 'crew'],
  /** Treatments said clipped, which the lexicon does not hold ("my last chemo session", "physio sessions"): care, not a pastime. */
  treatments: ['chemo', 'physio', 'radio', 'rehab', 'ivf', 'cbt', 'hydro', 'immuno', 'dialysis', 'counselling', 'counseling'],
} as const;
/** PRACTICE_HEADS.treatments as a set: care, never a pastime or a name. */
export const TREATMENTS: ReadonlySet<string> = new Set<string>(PRACTICE_HEADS.treatments);

/** Nouns of devotion: "<activity> <nut|fan|buff…>" as a copula complement ("a massive cricket nut") is that pastime. */
export const ENTHUSIASTS: readonly string[] = ['nut', 'fan', 'fanatic', 'buff', 'addict', 'junkie', 'nerd', 'geek', 'obsessive', 'enthusiast', 'freak', 'devotee', 'fiend', 'supporter'];

/** Illness heads that are their own key ("a shellfish allergy" is an allergy, read by the health rules). */
export const NOT_CONDITIONS: readonly string[] = ['allergy', 'intolerance', 'sensitivity', 'reaction', 'injury', 'surgery', 'op', 'fracture', 'sprain', 'cold', 'flu'];

/** Parts and things only an animal has: "<Name>'s fur/paws/lead" says Name is an animal the speaker tends. */
export const ANIMAL_PARTS: readonly string[] = ['fur', 'paw', 'tail', 'whisker', 'claw', 'coat', 'mane', 'hoof', 'beak', 'feather', 'collar', 'lead', 'leash', 'kennel', 'crate', 'litter', 'vet', 'flea', 'kibble', 'hutch', 'cage', 'stable', 'aquarium', 'saddle', 'nail', 'claws', 'undercoat', 'harness', 'muzzle', 'trotters', 'hooves', 'hay', 'vivarium', 'coop', 'perch', 'jab', 'jabs', 'booster', 'microchip', 'bedding', 'paddock', 'worming'];
/**
 * Parts, gear and doings only an animal has (a subset of ANIMAL_PARTS and more: no coat, collar, nail or jab, which a
 * person has too). "her snout", "his cage", "wagging": said in a sentence about one name, that name is a pet.
 */
export const ANIMAL_ONLY_PARTS: readonly string[] = ['fur', 'paw', 'paws', 'tail', 'whiskers', 'claws', 'mane', 'hoof', 'hooves', 'beak', 'feathers', 'snout', 'trotters', 'kennel', 'hutch', 'cage', 'leash', 'kibble', 'vivarium', 'coop', 'undercoat', 'litter tray', 'water bowl', 'food bowl', 'tank', 'enclosure', 'stable', 'lead', 'fins', 'gills', 'litter box', 'hay rack', 'terrarium', 'aquarium', 'perch', 'scratching post', 'flakes', 'pellets'];
/** Lemmas of verbs only an animal does, read right after a name in any form ("Zephyrine whinnying", "Archimedes wheeks"). */
export const ANIMAL_SOUNDS: readonly string[] = ['whinny', 'neigh', 'nicker', 'wheek', 'purr', 'meow', 'miaow', 'cluck', 'squawk', 'bleat', 'moo', 'oink', 'yap', 'yowl', 'wag', 'moult', 'molt', 'bray', 'quack', 'honk', 'chirrup', 'howl', 'yelp', 'whimper'];
export const ANIMAL_VERBS: readonly string[] = ['wag', 'wagged', 'wagging', 'wags', 'purrs', 'purring', 'meows', 'miaows', 'moult', 'moulted', 'moulting', 'molt', 'molted', 'molting', 'barked', 'barking', 'barks', 'meowed', 'meowing', 'miaowed', 'whinnied', 'neighed', 'neighing', 'clucking', 'clucked', 'squeaked', 'squeaking', 'pecked', 'pecking', 'chirping', 'chirped', 'nibbling', 'shedding', 'grooming', 'chewed'];

/** A part word that starts another thing with the word after it ("Sarah's hay fever" is no hay). */
export const NOT_PART_COMPOUNDS: readonly string[] = ['hay fever', 'booster seat', 'booster club'];

/** A setting named by its owner's proper noun ("my commute to the Notion office", "at the Google campus today"). */
export const NAMED_SETTINGS: ReadonlyArray<{ key: string; heads: string[] }> = [{ key: 'employer', heads: ['office', 'hq', 'headquarters', 'campus', 'warehouse', 'depot', 'branch', 'factory', 'plant', 'site', 'canteen', 'staffroom'] }];

/**
 * A procedure had, booked or needed names the condition it treats ("had bunion surgery", "needs a hip replacement"):
 * the procedure nouns and the verbs of having one, as data.
 */
export const PROCEDURE = { nouns: ['surgery', 'operation', 'op', 'removal', 'replacement', 'transplant', 'reconstruction', 'biopsy'], verbs: ['have', 'get', 'undergo', 'need', 'book', 'schedule'] } as const;

/** What a finding comes back from: "bloods came back and it's pernicious anaemia", "the scan shows it's a slipped disc". */
export const FINDING_SOURCES: readonly string[] = ['result', 'results', 'bloods', 'blood', 'test', 'tests', 'scan', 'scans', 'biopsy', 'x-ray', 'xray', 'mri', 'swab', 'diagnosis'];

/**
 * A food that harms a part of the speaker ("dairy wrecks my stomach", "prawns make my lips swell"): an allergy or
 * intolerance, implied. The verbs of harm and the body parts, as data.
 */
export const HARM_VERBS: readonly string[] = ['wreck', 'upset', 'destroy', 'kill', 'irritate', 'hurt', 'bother', 'ruin', 'mess', 'make', 'give', 'inflame', 'swell'];
/** What a harm gives ("shellfish gives me hives"): the reaction, read like a harmed body part. */
export const HARM_RESULTS: readonly string[] = ['hive', 'hives', 'rash', 'rashes', 'reaction', 'anaphylaxis', 'eczema', 'cramps', 'heartburn', 'migraine', 'migraines', 'welts', 'wheals'];
/** How a harm leaves the speaker ("shellfish makes me really sick"). */
export const HARM_STATES: readonly string[] = ['sick', 'ill', 'itchy', 'nauseous', 'bloated', 'queasy', 'swell', 'swollen', 'wheezy', 'wheeze', 'vomit', 'puke', 'break'];
/**
 * A reaction after eating ("ate one cashew and my throat went tight", "had a plum and my lips went numb", "came out in
 * hives"): a body part of the speaker's that changes (`verbs`), a harm result (HARM_RESULTS), or the rescue kit reached
 * for (`kit`) in the sentence of an eating clause → an allergy to what was eaten, implied.
 */
export const REACTION = {
  eat: ['eat', 'have', 'try', 'taste', 'drink', 'bite', 'nibble', 'scoff'],
  // A part that changes by itself ("my lips swelled") or becomes a bad state ("my throat went tight").
  changes: ['swell', 'swells', 'swelled', 'swelling', 'close', 'closes', 'closed', 'closing', 'tingle', 'tingles', 'tingled', 'tingling', 'itch', 'itches', 'itched', 'itching', 'burn', 'burns', 'burned', 'burning', 'puff', 'puffs', 'puffed', 'tighten', 'tightens', 'tightened', 'balloon', 'balloons', 'ballooned'],
  become: ['go', 'went', 'goes', 'gone', 'turn', 'turned', 'turns', 'get', 'got', 'gets', 'feel', 'felt', 'feels', 'was', 'were', 'is', 'are'],
  // "anything with sesame": an indefinite object whose food is in its "with" phrase.
  indefinite: ['anything', 'something', 'stuff', 'everything'],
  // "the hazelnut incident", "a prawn scare": an occasion named by the food, next to the kit used.
  mishaps: ['incident', 'scare', 'episode', 'reaction', 'attack', 'situation', 'disaster'],
  states: ['tight', 'numb', 'tingly', 'itchy', 'puffy', 'swollen', 'blotchy', 'scratchy', 'funny', 'prickly', 'huge', 'massive', 'enormous', 'fat'],
  kit: ['epipen', 'epi-pen', 'epi', 'antihistamine', 'antihistamines', 'piriton', 'benadryl'],
} as const;
export const BODY_PARTS: readonly string[] = ['stomach', 'gut', 'tummy', 'skin', 'throat', 'lips', 'lip', 'tongue', 'mouth', 'face', 'eyes', 'chest', 'airways', 'sinuses', 'head', 'bowels', 'digestion', 'insides'];

/**
 * A coming birth: an arrival predicate ("arrives", "comes", "due", "on the way") with a newborn named by a noun or a
 * count ("baby number three", "number four", "a third") and a date ahead → event_milestone "baby due".
 */
export const ARRIVAL = {
  verbs: ['arrive', 'come', 'due', 'expect', 'bear'],
  phrases: ['on the way', 'due'],
  newborn: ['baby', 'newborn', 'bump'],
  counts: ['second', 'third', 'fourth', 'fifth', 'sixth', 'two', 'three', 'four', 'five', 'six'],
} as const;

/**
 * A stage passed (frames/milestone.ts): the speaker's past, dated clause whose verb marks an achievement ("qualified
 * as…", "was ordained…", "passed my HGV"), whose object is a credential got ("got my forklift licence", "earned my
 * brown belt": the lexicon's certificates and awards, or these heads), or whose object is a first contest or feat
 * ("ran my first marathon", "did my first solo flight": an act or event, not a made thing). "passed" needs an object
 * that can be passed as a test (an act, a cognition, an attribute; a name or a word the lexicon does not hold).
 */
export const MILESTONE = {
  achieved: ['pass', 'qualify', 'graduate', 'ordain', 'certify', 'accredit', 'induct', 'commission', 'knight', 'matriculate', 'charter', 'summit'],
  /** Verbs of arriving at a goal, and what the goal must be a kind of ("reached the summit", "made it to the top of Ben Nevis"). */
  reached: { verbs: ['reach', 'make', 'get'], anchors: ['top', 'summit', 'peak', 'pinnacle'], words: ['peak', 'summit', 'top', 'finish'] },
  /** Verbs a credential is got by. */
  obtained: ['get', 'earn', 'receive', 'gain', 'achieve', 'award', 'collect'],
  credentialAnchors: ['certificate', 'award', 'academic_degree', 'diploma'],
  credentials: ['licence', 'license', 'belt', 'qualification', 'certification', 'accreditation', 'wings', 'badge', 'chartership', 'doctorate', 'phd', 'masters', 'degree'],
  /** Lexicographer classes of a thing one passes as a test, or of a first feat. */
  testClasses: ['noun.act', 'noun.cognition', 'noun.attribute', 'noun.event', 'noun.communication'],
  featClasses: ['noun.act', 'noun.event'],
  /** A time, a place or a body part is never passed as a test ("passed the time", "passed the church", "passed a stone"). */
  neverTests: ['noun.time', 'noun.location', 'noun.body', 'noun.substance'],
  /** A newborn or grandchild whose arrival is the speaker's milestone ("baby Wilfred arrived", "our daughter … was born"). */
  newborn: ['baby', 'son', 'daughter', 'boy', 'girl', 'twins', 'grandchild', 'grandbaby', 'grandson', 'granddaughter', 'grandkid'],
  births: [['arrived'], ['was', 'born'], ['were', 'born']],
  /** The speaker's yes to a proposal, said after it ("… proposed … and I said yes", "the answer was YES"). */
  accepted: [['i', 'said', 'yes'], ['said', 'yes'], ['answer', 'was', 'yes'], ['i', 'said', 'yes', 'obviously']],
  /** Verbs of bringing a thing to its end ("finished the Comrades", "completed the Pennine Way"): WordNet anchors. */
  completion: ['complete'],
  /** Words that say a whole was done ("end to end", "all 282", "my last Munro", "the whole way"). */
  completive: [['end', 'to', 'end'], ['all', '#'], ['my', 'last'], ['our', 'last'], ['the', 'whole'], ['start', 'to', 'finish']],
} as const;

/**
 * A booked thing told with its day ("the scan on my knee is on Tuesday", "eye clinic on the 21st", "dentist Tuesday
 * 10th at 9", frames/booked.ts): what the noun before the date is decides the event's key. Care is a kind of one of the
 * `appointment` anchors (a clinician, a clinic, a procedure or examination of the body) or one of its everyday words
 * the lexicon ranks low; a test or examination of anything else is an exam.
 */
export const BOOKED = {
  appointment: { anchors: ['health_professional', 'therapist', 'medical_institution', 'medical_care', 'medical_procedure', 'medical_examination', 'surgery', 'therapy', 'diagnostic_procedure', 'medical_building', 'endoscopy'], words: ['ecg', 'ekg', 'mri', 'ultrasound', 'x-ray', 'mammogram', 'biopsy', 'scan', 'op', 'physio', 'echo', 'fitting', 'appointment', 'jab', 'smear', 'bloods', 'blood', 'eye', 'hearing', 'checkup', 'check-up', 'dentist', 'hygienist', 'consultant', 'clinic', 'injection', 'booster', 'vaccine'] },
  exam: { anchors: ['examination', 'test'], words: ['exam', 'exams', 'test', 'finals', 'viva', 'assessment', 'audition', 'interview'] },
} as const;

/**
 * Idioms of appraisal with the thing as their subject ("loud music drives me up the wall", "Slack notifications get on
 * my nerves", "that song never gets old"): the verb's forms, then what follows it, by the stance they carry.
 */
export const APPRAISAL_IDIOMS: ReadonlyArray<{ stance: 'positive' | 'negative'; verb: string; rest: string }> = [
  { stance: 'negative', verb: 'drives?|drove|driving', rest: 'me\\s+(?:up\\s+the\\s+wall|mad|crazy|nuts|insane|bonkers|round\\s+the\\s+bend|to\\s+distraction)' },
  { stance: 'negative', verb: 'gets?|got|getting', rest: 'on\\s+my\\s+(?:nerves|wick|tits)' },
  { stance: 'negative', verb: 'does|did|doing', rest: 'my\\s+head\\s+in' },
  { stance: 'negative', verb: 'grinds?|grinding', rest: 'my\\s+gears' },
  { stance: 'negative', verb: 'bores?|bored|boring', rest: 'me\\s+(?:to\\s+tears|stiff|senseless|to\\s+death)' },
  { stance: 'positive', verb: 'never\\s+gets?|never\\s+got', rest: 'old' },
  { stance: 'positive', verb: 'makes?|made', rest: 'my\\s+(?:day|week)' },
];

/**
 * Appraisal verbs: a thing that acts on the speaker's feelings ("Figma irritates me", "this album delights me") is an
 * opinion on that thing. The stance is the verb's WordNet class: a kind of one of these emotion verbs.
 */
export const APPRAISAL: Record<'positive' | 'negative', readonly string[]> = {
  positive: ['please', 'satisfy', 'elate', 'impress', 'delight'],
  negative: ['displease', 'annoy', 'anger', 'upset', 'discourage', 'thwart', 'frustrate', 'torment'],
};

/**
 * Verbs by which a thing turns the speaker for or against it ("X has converted me", "X won me over", "X has soured me
 * on…", "X put me off", "X has ruined it for me"): an opinion on X, the stance the row's. The object is the speaker.
 */
export const STANCE_TURNS: ReadonlyArray<{ lemma: string; particle?: string; tail?: readonly string[]; stance: 'positive' | 'negative' }> = [
  // "crispy kale has changed my life", "sushi has really clicked for me", "it's grown on me": the words after the verb.
  { lemma: 'change', tail: ['my', 'life'], stance: 'positive' },
  { lemma: 'click', tail: ['for', 'me'], stance: 'positive' },
  { lemma: 'click', tail: ['with', 'me'], stance: 'positive' },
  { lemma: 'grow', tail: ['on', 'me'], stance: 'positive' },
  { lemma: 'convert', stance: 'positive' },
  { lemma: 'win', particle: 'over', stance: 'positive' },
  { lemma: 'blow', particle: 'away', stance: 'positive' },
  { lemma: 'sour', stance: 'negative' },
  { lemma: 'put', particle: 'off', stance: 'negative' },
  { lemma: 'turn', particle: 'off', stance: 'negative' },
  { lemma: 'ruin', stance: 'negative' },
  { lemma: 'spoil', stance: 'negative' },
];

/**
 * A conversion said after the thing ("…, I get it now", "…, I see the appeal", "…, I'm a believer"): the speaker has
 * come round to what the clause before was about. Word runs after the speaker's "I" / "I am".
 */
/**
 * A verbless verdict after the thing ("…, honestly a waste of money", "…, mixed feelings", "never again with the fondue"):
 * a stance on what the sentence's first clause is about, the stance the row's.
 */
export const VERDICTS: ReadonlyArray<{ words: readonly string[]; stance: 'positive' | 'negative' | 'mixed' }> = [
  { words: ['a', 'waste', 'of', 'money'], stance: 'negative' },
  { words: ['a', 'waste', 'of', 'time'], stance: 'negative' },
  { words: ['waste', 'of', 'money'], stance: 'negative' },
  { words: ['mixed', 'feelings'], stance: 'mixed' },
  { words: ['never', 'again'], stance: 'negative' },
  { words: ['worth', 'every', 'penny'], stance: 'positive' },
];
export const CONVERSIONS: readonly string[][] = [['get', 'it', 'now'], ['get', 'it'], ['see', 'the', 'appeal'], ['get', 'the', 'appeal'], ['get', 'the', 'hype'], ['see', 'the', 'hype'], ['understand', 'the', 'hype'], ['a', 'believer'], ['a', 'convert'], ['converted']];

/** What a clause that avoids a food says about the diet: the food kinds avoided → the diet. */
export const DIET_BY_AVOIDED: ReadonlyArray<{ foods: string[]; anchors: string[]; diet: string }> = [
  { foods: ['animal product', 'animal products', 'dairy and meat', 'meat and dairy'], anchors: ['animal_product'], diet: 'vegan' },
  // WordNet's kinds of meat (bacon, steak, sausage, ham…) and poultry; the listed words are ranked low there ("beef" is cattle first).
  { foods: ['meat', 'red meat', 'beef', 'pork', 'chicken', 'lamb', 'burger', 'burgers', 'mince', 'veal', 'venison'], anchors: ['meat', 'poultry'], diet: 'vegetarian' },
  { foods: ['gluten', 'wheat'], anchors: ['gluten', 'wheat'], diet: 'gluten-free' },
  { foods: ['dairy', 'milk', 'lactose'], anchors: ['dairy_product'], diet: 'dairy-free' },
];
/**
 * Abstinence: a span of time, then a cue, then foods ("five years without meat", "two years since my last burger"):
 * the foods are avoided, so the diet is the one DIET_BY_AVOIDED gives them.
 */
export const ABSTINENCE = {
  spans: ['year', 'month', 'week', 'decade'],
  cues: [['without'], ['off'], ['since', 'my', 'last'], ['since', 'the', 'last'], ['since', 'i', 'last', 'had'], ['since', 'i', 'last', 'ate']],
} as const;
/**
 * A span in a role, said without a verb ("ten years as a plumber and…", "fifteen years now as a paramedic"): the
 * speaker's role for that span, today. The span's units, and the role each preposition's class gives.
 */
export const SPAN_ROLES = {
  units: ['year', 'month', 'week', 'decade'],
  roles: [{ prep: 'as', arg: 'occupation' as NounKind, key: 'job_title' }],
} as const;
/**
 * Verbless fragments. A state word and a tail ("vegan here", "coeliac here so…", "single again"): the speaker's state,
 * of the key the word's class gives. A pastime and how often ("badminton every monday…", "chess twice a week"): a hobby.
 */
export const FRAGMENTS = {
  stateTails: ['here', 'again', 'now', 'nowadays', 'forever', 'obviously', 'obvs', 'btw'],
  every: ['every', 'each'],
  periods: ['day', 'week', 'weekend', 'morning', 'evening', 'night', 'month', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays'],
  counts: ['once', 'twice', 'thrice', 'two', 'three', 'four', 'five'],
  /** A plural day or part of the week is itself a habit ("on wednesdays", "sundays", "at weekends"). */
  habitual: ['mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays', 'weekends', 'weeknights', 'evenings', 'mornings'],
} as const;
/** A meat class and a dairy (or egg) class avoided together: no animal products. */
export const VEGAN_BY_CLASSES: readonly string[][] = [['vegetarian', 'dairy-free']];

/**
 * Ending predicates (entity state): a clause that refers to something held — by name ("Biscuit"), by kind ("my
 * bike") or by the relation itself ("we split") — with one of these predicates ends that memory, whatever key holds
 * it. `keyByKind` guesses the key from the referent's kind; `defaultKey` is used for a bare name; `current` ends
 * the current value of that key when the clause names nothing ("I resigned").
 */
export interface Ending {
  id: string;
  lemmas: string[];
  /**
   * Words the clause also needs, as groups: every group must have one of its words among the clause's lemmas or
   * particle ("give up", "cross the rainbow bridge", "go to live with"); 'activity' means the object is an activity.
   */
  with?: string[][];
  /** WordNet verbs an unlisted verb may be a kind of. */
  anchors?: string[];
  /** Where the referent is: the subject ("Biscuit died"), the object ("sold my bike") or either. */
  referent: 'subject' | 'object' | 'either';
  keyByKind: Partial<Record<NounKind, string>>;
  defaultKey: string | null;
  current?: string;
  /** Objects that still mean the current value ("quit my job"); any other object ("quit the gym") ends nothing. */
  currentObjects?: string[];
  /**
   * WordNet verbs the clause's phrasal verb (verb + particle, or verb + "it" + word: "walk out", "call it quits") may
   * be a kind of, over its first two senses: idioms of ending are read from the lexicon, not from a phrase list.
   */
  senses?: string[];
  /** The verb as written must be this form ("we're done": the participle, not "we did"). */
  form?: string;
  /** Keys a held name is also looked up under, beyond the row's kinds ("Ruairí died": the partner the exchange holds). */
  heldAlso?: string[];
  /** The referent is the object's possessor ("scattered Pipistrelle's ashes": Pipistrelle died), named. */
  possessor?: boolean;
  /** Read only with none of these prepositions in the clause ("slipped away from the party" is leaving, not dying). */
  barredPreps?: string[];
  /** Read only with no direct object (a particle may stand before a phrase: "died in his sleep"): an ending said of its subject alone ("Biscuit passed"; "passed his driving test" is no death). */
  intransitive?: boolean;
  /** Ends the current value only with an object the row names ("packed in the job"; "gave up on the pottery" is no job). */
  needsObject?: boolean;
  /** The relationship status an ending of a held key leaves ("died" of a partner: widowed). */
  leavesStatus?: Partial<Record<string, string>>;
  /** Only "we" / "X and I" may say it ("we're done"). */
  together?: boolean;
  /** Said by "we" / "X and I" with no object, it ends the bond: the partner named, else the current one. */
  bond?: boolean;
  /**
   * Keys the exchange's earlier turns may resolve the referent to ("sam moved out" ends partner Sam only when Sam is
   * the partner held). Without a held match the row ends nothing. Defaults to the keys the row can end.
   */
  heldOnly?: string[];
  /** Prepositions the referent may follow when there is no object (default "of", "with": "got rid of the van"). */
  preps?: string[];
  /** The ending happens to the speaker (made redundant, laid off): a job loss, dated or not. */
  involuntary?: boolean;
  /** The referent is the phrase after one of `preps` even when the clause has an object ("took redundancy from X"). */
  prepFirst?: boolean;
  /** The row is read only under a negation ("never came back"); other rows skip negated clauses. */
  negatedOnly?: boolean;
  /** Someone else takes the speaker's own thing ("walked off with my Lambretta"): read whoever the subject is, for "my"/"our" things. */
  taken?: boolean;
  /** With `negatedOnly`: read when the negation is the clause's main verb group's own ("X didn't wake up"). */
  mainVerb?: boolean;
  /** A name not held and of no kind ends only when said bare ("we lost Treacle"; "lost one AirPod", "lost my Fitbit" end nothing). */
  bareName?: boolean;
  /** The referent has no determiner but "my" ("karate is over", not "the match is over"). */
  bareSubject?: boolean;
  /**
   * Gear named by its activity ends the activity: "hung up my rugby boots", "sold my climbing shoes" retract the
   * hobby the modifier names (entity-state.ts `gearActivity`). A row with `gear` and no kinds ends nothing else.
   */
  gear?: boolean;
}

/**
 * Fond words said of a named animal as of a child ("our old boy Rex", "my girl Bella"): no kind of their own, in the
 * ending rows only an animal undergoes (put down, rehomed).
 */
export const ENDEARMENTS: { readonly words: readonly string[]; readonly rows: readonly string[] } = { words: ['boy', 'girl', 'lad', 'lass', 'fella', 'baby'], rows: ['put-down', 'rehome'] };

export const ENDINGS: readonly Ending[] = [
  { id: 'death', lemmas: ['die', 'pass', 'perish'], anchors: ['die'], intransitive: true, referent: 'subject', keyByKind: { animal: 'pet', vehicle: 'vehicle' }, defaultKey: 'pet', heldAlso: ['partner'], leavesStatus: { partner: 'widowed' } },
  // "Rumbold slipped away overnight": a euphemism of dying WordNet holds only as leaving (never "slipped away from …").
  { id: 'slipped-away', lemmas: ['slip'], with: [['away']], referent: 'subject', keyByKind: { animal: 'pet' }, defaultKey: 'pet', heldAlso: ['partner'], leavesStatus: { partner: 'widowed' }, mainVerb: true, barredPreps: ['from', 'to', 'into'] },
  // "we scattered Pipistrelle's ashes on the moor": whose ashes they are has died.
  { id: 'ashes', lemmas: ['scatter', 'spread', 'sprinkle', 'collect', 'bury', 'inter'], with: [['ash']], referent: 'object', possessor: true, keyByKind: { animal: 'pet' }, defaultKey: 'pet', heldAlso: ['partner'] },
  { id: 'rainbow-bridge', lemmas: ['cross'], with: [['bridge']], referent: 'subject', keyByKind: { animal: 'pet' }, defaultKey: 'pet' },
  { id: 'put-down', lemmas: ['put'], with: [['down', 'sleep']], referent: 'object', keyByKind: { animal: 'pet' }, defaultKey: 'pet' },
  { id: 'rehome', lemmas: ['rehome'], referent: 'object', keyByKind: { animal: 'pet' }, defaultKey: 'pet' },
  // "we lost Treacle": a pet lost, when the exchange holds the name or it is an animal ("lost one AirPod" ends nothing).
  { id: 'lost', lemmas: ['lose'], referent: 'object', keyByKind: { animal: 'pet' }, defaultKey: 'pet', bareName: true },
  // "buried Pongo under the pear tree": an animal or a name laid in the ground has died (a person's kin ends nothing).
  { id: 'buried', lemmas: ['bury'], referent: 'object', keyByKind: { animal: 'pet' }, defaultKey: 'pet' },
  { id: 'went-to-live', lemmas: ['go', 'move'], with: [['live']], referent: 'subject', keyByKind: { animal: 'pet' }, defaultKey: 'pet' },
  { id: 'run-away', lemmas: ['run', 'fly', 'wander', 'bolt'], with: [['away', 'off']], referent: 'subject', keyByKind: { animal: 'pet' }, defaultKey: 'pet' },
  // "Pickle slipped out and never came home": read only under its negation (endingDrafts, NEVER_RETURNED).
  { id: 'never-returned', lemmas: ['come', 'return'], with: [['back', 'home']], referent: 'subject', keyByKind: { animal: 'pet' }, defaultKey: 'pet', negatedOnly: true },
  // "Poppet didn't wake up this morning": an animal that never woke died in its sleep.
  { id: 'never-woke', lemmas: ['wake'], with: [['up']], referent: 'subject', keyByKind: { animal: 'pet' }, defaultKey: 'pet', negatedOnly: true, mainVerb: true },
  // "Rolo went to a sanctuary": an animal given up to a shelter.
  { id: 'to-shelter', lemmas: ['go', 'move'], with: [['rescue', 'shelter', 'sanctuary', 'rehoming']], referent: 'subject', keyByKind: { animal: 'pet' }, defaultKey: 'pet' },
  { id: 'dispose', lemmas: ['sell', 'trade', 'scrap', 'total', 'return', 'swap', 'part'], anchors: ['sell', 'discard', 'get_rid_of'], referent: 'object', keyByKind: { vehicle: 'vehicle', animal: 'pet', instrument: 'hobby' }, defaultKey: 'vehicle', gear: true },
  // "replaced my old Civic with a Mazda 3": a vehicle replaced (only a vehicle: "replaced the battery" ends nothing).
  { id: 'replace', lemmas: ['replace'], referent: 'object', keyByKind: { vehicle: 'vehicle' }, defaultKey: null },
  // "the Clio has been written off", "wrote off the van": a vehicle lost to the insurer.
  { id: 'written-off', lemmas: ['write'], with: [['off']], referent: 'either', keyByKind: { vehicle: 'vehicle' }, defaultKey: 'vehicle' },
  { id: 'get-rid', lemmas: ['get'], with: [['rid']], referent: 'object', keyByKind: { vehicle: 'vehicle', animal: 'pet', instrument: 'hobby' }, defaultKey: null, gear: true },
  // "hung up my fencing mask for good": only the gear of an activity (never the washing, the phone or a coat).
  { id: 'hang-up', lemmas: ['hang'], with: [['up']], referent: 'object', keyByKind: {}, defaultKey: null, gear: true },
  { id: 'give-to', lemmas: ['give', 'hand'], with: [['to', 'over']], referent: 'object', keyByKind: { animal: 'pet', vehicle: 'vehicle' }, defaultKey: null },
  { id: 'give-away', lemmas: ['give'], with: [['away']], referent: 'object', keyByKind: { vehicle: 'vehicle', animal: 'pet' }, defaultKey: 'pet' },
  { id: 'give-up', lemmas: ['give', 'pack', 'jack'], with: [['up', 'in'], ['activity']], referent: 'object', keyByKind: { activity: 'hobby', instrument: 'hobby' }, defaultKey: null },
  { id: 'quit-activity', lemmas: ['quit', 'stop', 'drop'], with: [['activity']], referent: 'object', keyByKind: { activity: 'hobby', instrument: 'hobby' }, defaultKey: null },
  // "pulled the pin on touch footy" (Australian and New Zealand English: gave it up): the activity after "on".
  { id: 'pull-the-pin', lemmas: ['pull'], with: [['pin']], preps: ['on'], prepFirst: true, referent: 'object', keyByKind: { activity: 'hobby', instrument: 'hobby' }, defaultKey: null },
  { id: 'resign', lemmas: ['resign', 'quit'], anchors: ['resign', 'retire'], referent: 'object', keyByKind: { organization: 'employer' }, defaultKey: 'employer', current: 'employer', currentObjects: ['job', 'position', 'role', 'post', 'work', 'company', 'firm', 'employer'] },
  // "packed in my job at Coles", "chucked in the job", "gave up my post at the museum": a job given up (a phrasal verb
  // WordNet does not hold), the employer by the phrase after "at"; never anything but a job word or an organisation.
  { id: 'pack-in-job', lemmas: ['pack', 'jack', 'chuck', 'give'], with: [['in', 'up']], preps: ['at', 'with'], referent: 'object', keyByKind: { organization: 'employer' }, defaultKey: null, current: 'employer', currentObjects: ['job', 'position', 'role', 'post', 'work', 'career'], needsObject: true },
  // "got made redundant from Wilko", "was let go by Argos", "got sacked from the pub": the job is taken away.
  { id: 'redundant', lemmas: ['make', 'get'], with: [['redundant']], preps: ['from', 'at', 'by'], referent: 'object', keyByKind: { organization: 'employer' }, defaultKey: 'employer', current: 'employer', involuntary: true },
  { id: 'dismissed', lemmas: ['sack', 'fire', 'dismiss'], anchors: ['dismiss', 'fire'], preps: ['from', 'at', 'by'], referent: 'object', keyByKind: { organization: 'employer' }, defaultKey: 'employer', current: 'employer', involuntary: true },
  // "took voluntary redundancy from Lloyds", "handed my laptop back at Ocado": the job is left by its tokens, and the
  // employer is the phrase after from/at (JOB_TOKENS are what a leaver hands back).
  { id: 'took-redundancy', lemmas: ['take', 'accept'], with: [['redundancy', 'severance']], preps: ['from', 'at', 'with'], prepFirst: true, referent: 'object', keyByKind: { organization: 'employer' }, defaultKey: 'employer', current: 'employer' },
  // "handed my notice in at Thornbury Academy", "put in my papers at Infosys": the notice handed in is the job left; with no organisation named
  // ("handed in my notice and resigned"), the notice or resignation ends the current employer (kit handed back does not).
  { id: 'hand-back', lemmas: ['hand', 'give', 'turn'], with: [['back', 'in'], ['badge', 'lanyard', 'laptop', 'uniform', 'pass', 'keycard', 'id', 'notice', 'resignation', 'papers']], preps: ['at', 'to'], prepFirst: true, referent: 'object', keyByKind: { organization: 'employer' }, defaultKey: 'employer', current: 'employer', currentObjects: ['notice', 'resignation', 'papers'] },
  { id: 'put-in', lemmas: ['put'], with: [['in'], ['notice', 'resignation', 'papers']], preps: ['at', 'to'], prepFirst: true, referent: 'object', keyByKind: { organization: 'employer' }, defaultKey: 'employer', current: 'employer', currentObjects: ['notice', 'resignation', 'papers'] },
  // "some bloke walked off with my Lambretta", "made off with our bikes": the speaker's thing taken by someone.
  { id: 'taken-off-with', lemmas: ['walk', 'make', 'run'], with: [['off'], ['with']], preps: ['with'], prepFirst: true, referent: 'object', keyByKind: { vehicle: 'vehicle', animal: 'pet' }, defaultKey: 'vehicle', taken: true },
  // "Pinewood Bakery shut its doors for good", "Wilko went bust": the employer closed; ends only an employer so named.
  { id: 'closed', lemmas: ['shut', 'close'], with: [['door', 'doors', 'down']], referent: 'subject', keyByKind: {}, defaultKey: null, heldOnly: ['employer'] },
  { id: 'went-bust', lemmas: ['go'], with: [['bust', 'under', 'bankrupt', 'administration']], referent: 'subject', keyByKind: {}, defaultKey: null, heldOnly: ['employer'] },
  { id: 'split', lemmas: ['split', 'divorce', 'separate'], referent: 'subject', keyByKind: { family: 'partner' }, defaultKey: 'partner', current: 'partner' },
  { id: 'break-up', lemmas: ['break'], with: [['up']], referent: 'subject', keyByKind: { family: 'partner' }, defaultKey: 'partner', current: 'partner' },
  // Idioms by sense: "Ines and I called it quits" (≈ discontinue) ends the bond; "called it quits with judo" the activity.
  { id: 'discontinue', lemmas: [], senses: ['discontinue', 'give_up'], referent: 'object', keyByKind: { activity: 'hobby', instrument: 'hobby' }, defaultKey: null, bond: true },
  // "walked out of Tesco" (≈ leave): ends the employer held, never a place or anything else named.
  { id: 'walk-out', lemmas: [], senses: ['leave', 'abandon'], referent: 'object', keyByKind: {}, defaultKey: null, heldOnly: ['employer'] },
  // "Jo moved out": ends the partner held; a child or flatmate moving out ends nothing.
  { id: 'move-out', lemmas: ['move'], with: [['out']], referent: 'subject', keyByKind: {}, defaultKey: null, heldOnly: ['partner'] },
  // "I'm done with crochet", "karate is over for me": a pastime finished, said of the pastime itself.
  { id: 'done-with', lemmas: ['do'], form: 'done', with: [['with']], preps: ['with'], referent: 'object', keyByKind: { activity: 'hobby', instrument: 'hobby' }, defaultKey: null },
  { id: 'over', lemmas: ['be'], with: [['over', 'finished', 'history']], referent: 'subject', keyByKind: { activity: 'hobby', instrument: 'hobby' }, defaultKey: null, bareSubject: true },
  // "we're done": the speaker's current partner.
  { id: 'done', lemmas: ['do'], form: 'done', together: true, referent: 'subject', keyByKind: {}, defaultKey: null, current: 'partner', bond: true },
  // "we went our separate ways": the bond, said together.
  { id: 'separate-ways', lemmas: ['go'], with: [['separate']], together: true, referent: 'subject', keyByKind: {}, defaultKey: null, current: 'partner', bond: true },

];

/**
 * Endings by reference (entity state): a predicate of an ending class whose argument names a value an earlier turn
 * of the exchange holds ends that memory. Because the referent must be held, the predicate may be read broadly, by
 * its WordNet class (`anchors`: a kind of discard, sell, abandon, steal…) or by a small structure (`shape`): a
 * farewell said to it, "let <it> go", "<it> didn't make it", "<it> is gone/over", a new home found for it.
 * `role` says where the referent stands; `keys` which held memories the row may end (leaving a partner ends the
 * bond, leaving a pet with the neighbours does not).
 */
export interface ReferenceEnding {
  id: string;
  /** WordNet verbs the main verb (or its phrasal verb) may be a kind of, over its first two senses. */
  anchors?: string[];
  /** Verb lemmas of the class WordNet does not hold in that sense (colloquial theft: "nicked", "pinched"). */
  lemmas?: string[];
  /**
   * object: the speaker acts on it ("I ditched the van", "gave up on the pottery"); subject: it is the subject
   * ("Noodle didn't make it"); passive: the subject of a passive ("the bike got nicked"); leaver: it is the subject
   * and the speaker ("me"/"us") the object ("Zara dumped me"); ender: it is the subject and the bond ("it", "things")
   * the object ("Adaeze ended it"); together: "X and I" / "we" end the bond itself.
   */
  role: 'object' | 'subject' | 'passive' | 'leaver' | 'ender' | 'together';
  keys: string[];
  /** A structure the clause must have instead of (or with) a verb class. */
  shape?: 'farewell' | 'survive-negated' | 'release' | 'new-home' | 'state' | 'has-new-home' | 'returned' | 'speaker-out' | 'scrapped' | 'dismissed';
  particle?: string;
  /** For `together`: the objects the bond is ended over (default entity-state BOND_OBJECTS; with this list, one is required). */
  objects?: string[];
  /** Ends only a value the exchange holds (no plain retraction of a name said without a fact). */
  heldOnly?: boolean;
}

export const REFERENCE_ENDINGS: readonly ReferenceEnding[] = [
  { id: 'farewell', shape: 'farewell', role: 'object', keys: ['pet', 'vehicle'] },
  { id: 'did-not-survive', shape: 'survive-negated', role: 'subject', keys: ['pet'] },
  { id: 'let-go', shape: 'release', role: 'object', keys: ['pet', 'vehicle'] },
  { id: 'new-home', shape: 'new-home', role: 'object', keys: ['pet'] },
  { id: 'no-more', shape: 'state', role: 'subject', keys: ['pet', 'vehicle', 'hobby', 'partner', 'employer'] },
  { id: 'taken', anchors: ['steal'], lemmas: ['nick', 'pinch', 'nab', 'swipe', 'nobble'], role: 'passive', keys: ['vehicle', 'pet'] },
  { id: 'disposed', anchors: ['discard', 'get_rid_of', 'sell', 'exchange', 'trade'], role: 'object', keys: ['vehicle', 'pet', 'hobby'] },
  { id: 'disposed-passive', anchors: ['discard', 'get_rid_of', 'sell', 'exchange', 'trade'], role: 'passive', keys: ['vehicle', 'pet'] },
  { id: 'ended-together', anchors: ['end', 'terminate'], role: 'together', keys: ['partner'] },
  // "Elif and I called off the wedding", "we cancelled the engagement": the bond the wedding was to seal ends.
  { id: 'called-off', anchors: ['cancel'], role: 'together', keys: ['partner'], objects: ['wedding', 'engagement'] },
  { id: 'left-by', anchors: ['abandon', 'discard', 'leave'], role: 'leaver', keys: ['partner'] },
  // "Adaeze ended it last night", "Jonas called it off": someone else ending the bond ("it", "things") is the partner leaving.
  { id: 'ended-by', anchors: ['end', 'terminate'], lemmas: ['end', 'call'], role: 'ender', keys: ['partner'] },
  { id: 'left', anchors: ['leave', 'abandon', 'give_up', 'discontinue', 'end'], role: 'object', keys: ['partner', 'employer', 'hobby'] },
  { id: 'hung-up', lemmas: ['hang'], particle: 'up', role: 'object', keys: ['hobby'] },
  // Session 9: "Betsy has a new owner", "Bramble went back to the farm / to my aunt's", "X and I have parted ways".
  { id: 'has-new-home', shape: 'has-new-home', role: 'subject', keys: ['pet', 'vehicle'] },
  { id: 'returned', shape: 'returned', role: 'subject', keys: ['pet'], heldOnly: true },
  { id: 'parted', lemmas: ['part', 'split', 'separate'], role: 'together', keys: ['partner', 'employer'] },
  // Session 14: "so I'm finished at BAE come the 20th", "end of January I'm out of Transnet", "I'm gone from Intel":
  // the speaker out of (an ended state, then at/of/from) a held employer or pastime.
  { id: 'out-of', shape: 'speaker-out', role: 'object', keys: ['employer', 'hobby'], heldOnly: true },
  // Session 17: "the Panda went to the scrapyard in the end", "the old Corsa ended up at the breakers", "went for scrap".
  { id: 'scrapped', shape: 'scrapped', role: 'subject', keys: ['vehicle'], heldOnly: true },
  // "Asda let me go on Friday", "the council laid me off": the employer dismissing the speaker.
  { id: 'dismissed-by', shape: 'dismissed', role: 'subject', keys: ['employer'] },
];

/**
 * Where a landmark seen or passed tells where the speaker lives: a view from the home (`views`: "from my balcony I can
 * see the Eiffel Tower"), a daily round (`rounds`: "walk past Big Ben every morning", "on my way to work"), or a place
 * called the speaker's own (`own`: "my new city"). Word runs, each read in the sentence.
 */
export const LANDMARK_CUES = {
  views: [['from', 'my'], ['from', 'our'], ['out', 'of', 'my'], ['out', 'my'], ['outside', 'my']],
  homes: ['window', 'windows', 'flat', 'apartment', 'balcony', 'kitchen', 'bedroom', 'house', 'place', 'stoep', 'porch', 'garden', 'terrace', 'roof', 'desk', 'office'],
  rounds: [['every', 'morning'], ['every', 'day'], ['every', 'evening'], ['each', 'morning'], ['on', 'my', 'way'], ['my', 'commute'], ['walk', 'past'], ['walked', 'past'], ['cycle', 'past'], ['jog', 'past'], ['run', 'past']],
  own: [['my', 'city'], ['my', 'new', 'city'], ['my', 'town'], ['my', 'new', 'town'], ['my', 'neighbourhood'], ['my', 'new', 'neighbourhood'], ['my', 'neighborhood']],
} as const;

/** How an employer dismisses the speaker: the verb's lemma, "me", and the word that must follow ("let me go"). */
export const DISMISSALS: ReadonlyArray<{ lemma: string; tail?: string }> = [
  { lemma: 'let', tail: 'go' },
  { lemma: 'lay', tail: 'off' },
  { lemma: 'make', tail: 'redundant' },
  { lemma: 'fire' },
  { lemma: 'sack' },
  { lemma: 'dismiss' },
  { lemma: 'axe' },
];

/** Where a vehicle goes when it is done with: the words, and the WordNet nouns a place may be a kind of. */
export const DISPOSAL_PLACES = { words: ['scrapyard', 'scrapheap', 'scrap', 'scrapper', 'scrappers', 'breakers', 'breaker', 'wreckers', 'wrecker', 'crusher', 'auction', 'tip', 'salvage'], anchors: ['junkyard', 'dump'] } as const;

/** Phrases a held thing is said to be when it has ended, after the copula ("the van is no more", "a thing of the past"). */
export const ENDED_PHRASES: readonly string[][] = [['no', 'more'], ['a', 'thing', 'of', 'the', 'past'], ['in', 'the', 'past'], ['ancient', 'history'], ['a', 'goner']];
/** Verbs by which something retires or bars the speaker from a held activity or job ("my knees have retired me from rugby"). */
export const BARRED_FROM: readonly string[] = ['retire', 'ban', 'bar', 'force', 'drive', 'rule'];

/** What a referent may be said to be when it is no more ("the van is gone", "bouldering is over for me"). */
export const ENDED_STATES: readonly string[] = ['gone', 'over', 'dead', 'finished', 'history', 'kaput', 'done'];
/**
 * The dissolution of the bond, completed ("the divorce came through", "our separation is final"): the noun of the
 * dissolution as the subject, and a word of its completion after the verb. It ends the current partner, and the status
 * it leaves (`status`) is the speaker's.
 */
export const DISSOLUTIONS: Readonly<Record<string, string>> = { divorce: 'divorced', decree: 'divorced', separation: 'separated', annulment: 'single', breakup: 'single', 'break-up': 'single' };
export const COMPLETIONS: readonly string[] = ['through', 'final', 'finalised', 'finalized', 'official', 'done', 'complete', 'completed', 'granted', 'absolute'];
/** The farewell a speaker says to a held animal ("said goodbye to Miso"). */
export const FAREWELLS: readonly string[] = ['goodbye', 'farewell', 'goodbyes', 'farewells'];
/** What a rehomed animal is found or given ("found Pretzel a new family"). */
export const NEW_HOMES: readonly string[] = ['home', 'family', 'owner', 'owners', 'household'];
/** Groups one plays, sings or rows in: quitting one ends a pastime ("quit the dragon boat team", "left the choir"). */
export const PASTIME_GROUPS: readonly string[] = ['team', 'club', 'choir', 'band', 'league', 'squad', 'orchestra', 'troupe', 'crew', 'ensemble', 'society'];
/** Where an animal given up is kept ("Bramley is at a rescue now"). */
export const SHELTERS: readonly string[] = ['rescue', 'shelter', 'sanctuary', 'rehoming', 'refuge'];
/** The speaker's state out of a job or pastime ("I'm finished at BAE", "I'm out of Transnet"), then at/of/from it. */
export const OUT_STATES = { states: ['finished', 'done', 'gone', 'out', 'through'], preps: ['at', 'of', 'from'], forNow: ['today', 'tonight', 'now', 'day', 'week', 'weekend', 'night', 'moment', 'while'] } as const;

/** Words that say the speaker is putting a value right (a corrected value is then matched by its shape). */
export const CORRECTION_SIGNALS: readonly string[] = ['actually', 'sorry', 'oops', 'whoops', 'wait', 'i mean', 'i meant', 'typo', 'typed', 'mistyped', 'misread', 'misspoke', 'wrong', 'autocorrect', 'my bad', 'correction', 'with an? \\p{L}', 'fat thumbs', 'fat fingers', 'the digits', 'digits round', 'scratch that', 'correct myself', 'got that wrong', 'misremembered'];
/** Units that make a number a measure, not an age ("42 degrees", "30 minutes", "5k"). */
export const MEASURE_UNITS: readonly string[] = ['degrees?', 'minutes?', 'mins?', 'hours?', 'hrs?', 'seconds?', 'secs?', 'days?', 'weeks?', 'months?', 'years?', 'km', 'k', 'miles?', 'kg', 'kilos?', 'lbs?', 'pounds?', 'quid', 'euros?', 'dollars?', 'percent', 'times', 'people', 'pages?', 'steps', 'reps', 'laps?', 'am', 'pm', 'st', 'nd', 'rd', 'th'];

/**
 * Local services and amenities: a noun of this class that carries a place — as its modifier ("the Tucson water
 * bill", "Leipzig city council") or in the phrase right after it ("our street in Ghent", "the ferry into Hobart",
 * "the high street in Inverness") — presupposes the speaker lives there (implied), whatever the clause's polarity.
 */
/** Local conditions (weather, air, heat): the speaker's place only when said in the present ("Glasgow rain today is…"). */
export const LOCAL_CONDITIONS: readonly string[] = ['weather', 'rain', 'snow', 'heat', 'heatwave', 'humidity', 'smog', 'pollution', 'fog', 'wind', 'degree', 'temperature', 'monsoon', 'drizzle', 'frost', 'traffic'];
export const LOCAL_SERVICES: readonly string[] = ['council', 'councillor', 'bill', 'bin', 'bins', 'lorry', 'collection', 'recycling', 'rates', 'ferry', 'tram', 'trams', 'bus', 'buses', 'metro', 'subway', 'tube', 'street', 'road', 'roads', 'roadworks', 'pothole', 'potholes', 'neighbourhood', 'neighborhood', 'estate', 'gp', 'surgery', 'pharmacy', 'library', 'postman', 'postie', 'parking', 'water', 'traffic', 'commute', 'school run', 'high street', 'leisure centre', 'tax'];

/** Verbs of an illness acting up ("the psoriasis is flaring", "my gout is playing up"): the illness is the speaker's. */
export const FLARE_VERBS: readonly string[] = ['flare', 'act', 'play', 'kick', 'worsen', 'return'];
/** Adjectives of an illness's course after the copula ("the narcolepsy's been worse since…"): the same reading. */
export const COURSE_ADJECTIVES: readonly string[] = ['worse', 'better', 'bad', 'awful', 'terrible', 'rough', 'brutal', 'unbearable', 'manageable', 'horrendous', 'grim', 'dreadful', 'horrible', 'vicious'];

/**
 * Role nouns: "my <role> is <value>" states the key the role names, when the value is of the row's class ("My pet is a
 * porcupine", "my instrument is the xylophone", "my employer is Fernway", "my first language is Cassite"). The role is
 * the subject's head noun (modifiers such as first / main / worst / current do not matter). `arg`: a noun kind the
 * value must be (lexicon), 'proper' a capitalised name, 'place' a name the lexicon reads as a location, 'any' any
 * noun phrase or adjective (a diet: "low-fat").
 */
export const ROLE_NOUNS: ReadonlyArray<{ heads: readonly string[]; key: string; arg: NounKind | 'proper' | 'place' | 'any' }> = [
  { heads: ['pet'], key: 'pet', arg: 'animal' },
  { heads: ['employer', 'company', 'workplace', 'firm'], key: 'employer', arg: 'proper' },
  { heads: ['home', 'base'], key: 'location', arg: 'place' },
  { heads: ['hometown'], key: 'hometown', arg: 'place' },
  { heads: ['diagnosis', 'condition', 'illness'], key: 'health_condition', arg: 'illness' },
  { heads: ['instrument'], key: 'hobby', arg: 'instrument' },
  { heads: ['hobby', 'pastime', 'sport'], key: 'hobby', arg: 'activity' },
  { heads: ['allergy'], key: 'allergy', arg: 'any' },
  { heads: ['job', 'occupation', 'profession', 'title'], key: 'job_title', arg: 'occupation' },
  { heads: ['diet'], key: 'diet', arg: 'any' },
  { heads: ['language'], key: 'language', arg: 'language' },
];
