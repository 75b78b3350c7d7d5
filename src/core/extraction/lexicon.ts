/**
 * @module core/extraction/lexicon
 * Closed word lists the rules rely on: relation words, occupations, pet species, languages,
 * diets, evaluative adjectives with their polarity, hobby activities. Data only.
 */

const set = (s: string) => new Set(s.split('|'));

/** Relation word → vocabulary key of the speaker's relation fact (null: no relation key). */
export const RELATIONS: Record<string, string | null> = {
  sister: 'sibling', brother: 'sibling', sibling: 'sibling', siblings: 'sibling', twin: 'sibling', sisters: 'sibling', brothers: 'sibling',
  mom: 'parent', mum: 'parent', mam: 'parent', ma: 'parent', da: 'parent', pa: 'parent', mammy: 'parent', mummy: 'parent', mommy: 'parent', daddy: 'parent', papa: 'parent', mama: 'parent', amma: 'parent', appa: 'parent', mother: 'parent', dad: 'parent', father: 'parent', parents: 'parent', stepmom: 'parent', stepdad: 'parent',
  wife: 'partner', husband: 'partner', partner: 'partner', boyfriend: 'partner', girlfriend: 'partner', fiance: 'partner', 'fiancé': 'partner', 'fiancée': 'partner', spouse: 'partner', hubby: 'partner', wifey: 'partner', missus: 'partner', 'other half': 'partner', 'better half': 'partner',
  son: 'child', daughter: 'child', eldest: 'child', youngest: 'child', oldest: 'child', twins: 'child', triplets: 'child', sons: 'child', daughters: 'child', kids: 'child', kid: 'child', children: 'child', child: 'child', baby: 'child', boys: 'child', girls: 'child',
  lads: 'child', lasses: 'child', bairn: 'child', bairns: 'child', wean: 'child', weans: 'child',
  toddler: 'child', toddlers: 'child', teenager: 'child', teenagers: 'child', newborn: 'child', 'little boy': 'child', 'little girl': 'child', 'baby boy': 'child', 'baby girl': 'child',
  stepson: 'child', stepdaughter: 'child', stepsons: 'child', stepdaughters: 'child', stepkids: 'child', stepchildren: 'child',
  grandson: null, granddaughter: null, grandsons: null, granddaughters: null, grandkids: null, grandchildren: null,
  friend: null, 'best friend': null, friends: null, colleague: null, coworker: null, 'co-worker': null, boss: null, manager: null,
  neighbor: null, neighbour: null, roommate: null, flatmate: null, grandma: null, grandmother: null, grandpa: null, grandfather: null,
  grandparents: null, gran: null, granny: null, nan: null, nana: null, nanna: null, grandad: null, granddad: null, grampa: null, gramps: null, auntie: null, aunty: null, godmother: null, godfather: null, godson: null, goddaughter: null, aunt: null, uncle: null, cousin: null, niece: null, nephew: null, teacher: null, therapist: null, doctor: null,
};
/** Kin titles said as names ("Mum", "Grandad", "Nan"): the singular parent and grandparent words of the table. */
export const KIN_TITLES: readonly string[] = Object.keys(RELATIONS).filter((w) => (RELATIONS[w] === 'parent' || /^(?:gran|nan|grand)/.test(w)) && !/s$/.test(w) && !/^(?:ma|da|pa)$/.test(w) && !/^grand(?:son|daughter|kid|child)/.test(w));
/** Social relations (not family): the people a clause may be about instead of the speaker ("my pal Dave moved to Oslo"). */
export const SOCIAL_NOUNS = set('associate|friend|pal|mate|buddy|colleague|coworker|co-worker|boss|manager|neighbour|neighbor|roommate|flatmate|housemate|classmate|teammate|bestie|bff|mentor|landlord|landlady|grandma|grandmother|grandpa|grandfather|aunt|uncle|cousin|niece|nephew|supervisor|workmate|teacher|therapist|doctor|coach');
for (const w of SOCIAL_NOUNS) if (!(w in RELATIONS)) RELATIONS[w] = null;
/**
 * Relations by marriage and remarriage, formed from the family words: "sister-in-law", "stepmum", "step-brother",
 * "half-sister". A step- or half- relative keeps the base word's key (a stepdad is a parent); an in-law has none (the
 * speaker's relation keys are their own family), but is a person the clause may be about, like a social noun.
 */
export const IN_LAW_BASES = ['mother', 'father', 'sister', 'brother', 'son', 'daughter'];
const STEP_BASES = ['mum', 'mom', 'mother', 'dad', 'father', 'sister', 'brother', 'son', 'daughter', 'kids', 'children', 'parents', 'siblings', 'sisters', 'brothers'];
for (const b of IN_LAW_BASES) RELATIONS[`${b}-in-law`] ??= null;
for (const b of STEP_BASES) for (const form of [`step${b}`, `step-${b}`]) RELATIONS[form] ??= RELATIONS[b] ?? null;
for (const b of ['sister', 'brother', 'sisters', 'brothers']) RELATIONS[`half-${b}`] ??= RELATIONS[b] ?? null;
export const RELATION_WORDS = Object.keys(RELATIONS).sort((a, b) => b.length - a.length);
export const RELATION_RE = RELATION_WORDS.join('|');
export const RELATION_ADJ = '(?:younger|older|little|big|baby|kid|twin|step|eldest|oldest|youngest|best|new|ex|dear|late|old|former)';
/**
 * Where a named person stands to the speaker when no relation noun says it: "Ines from work", "Tobias next door",
 * "Brodie, the lad across the road". The place stands for the social relation (a colleague, a neighbour).
 */
export const SOCIAL_PLACES: Record<string, string> = {
  'from work': 'colleague', 'at work': 'colleague', 'from the office': 'colleague', 'from my work': 'colleague', 'from my team': 'colleague', 'from my job': 'colleague',
  'next door': 'neighbour', 'across the road': 'neighbour', 'across the street': 'neighbour', 'over the road': 'neighbour',
  'down the road': 'neighbour', 'down the street': 'neighbour', 'up the road': 'neighbour', 'across the hall': 'neighbour',
  upstairs: 'neighbour', downstairs: 'neighbour', 'over the fence': 'neighbour',
};
/** SOCIAL_PLACES as a regex alternation, longest first, spaces as \s+ ("from\s+the\s+office|at\s+work|…"). */
export const SOCIAL_PLACES_RE = Object.keys(SOCIAL_PLACES).sort((a, b) => b.length - a.length).map((p) => p.replace(/ /g, '\\s+')).join('|');
/** Groups of the speaker's at work or study ("on my team", "in my class"): who a person in one is to the speaker. */
export const WORK_GROUPS = 'team|squad|course|class|shift|crew|unit|ward|department';

/** Plain words for a person ("a bloke at work", "this girl from my team"): who they are is where they stand to the speaker. */
export const PERSON_WORDS = 'guy|bloke|girl|lad|lass|woman|man|lady|fella|fellow|chap|dude|gal|person|mum|dad';
/** Parts of a workplace a colleague is "in" or "from": "Steve in accounts", "Priya from payroll", "Gary from IT". */
export const WORK_UNITS = 'IT|HR|QA|R&D|human\\s+resources|accounts|accounting|finance|marketing|sales|payroll|admin|operations|ops|engineering|legal|compliance|procurement|purchasing|reception|logistics|dispatch|customer\\s+service|support|design|research|the\\s+office|the\\s+warehouse|the\\s+kitchen|the\\s+lab';

export const OCCUPATIONS = set(
  'postie|engineer|developer|designer|nurse|teacher|doctor|physician|surgeon|photographer|manager|scientist|lawyer|attorney|accountant|banker|chef|cook|writer|author|student|consultant|analyst|architect|firefighter|pilot|artist|musician|researcher|professor|programmer|barista|electrician|plumber|pharmacist|therapist|counselor|counsellor|dentist|vet|veterinarian|journalist|editor|officer|director|founder|cofounder|co-founder|ceo|cto|cfo|intern|freelancer|carpenter|mechanic|paramedic|waiter|waitress|bartender|cashier|salesman|saleswoman|recruiter|marketer|librarian|translator|driver|farmer|soldier|police|detective|actor|actress|singer|dancer|painter|sculptor|illustrator|animator|producer|entrepreneur|economist|statistician|mathematician|physicist|chemist|biologist|psychologist|psychiatrist|nanny|tutor|coach|trainer|administrator|secretary|assistant|clerk|technician|specialist|coordinator|lead|head|president|vp|owner|contractor|investor|strategist|auditor|lecturer|principal|midwife|caregiver|hairdresser|barber|baker|butcher|tailor|jeweler|welder|builder|scrum|sre|devops|homemaker|retiree|historian|curator|ranger|diplomat|politician|judge|banker|broker|trader|realtor|agent|fisherman|gardener|landscaper|pastor|priest|rabbi|imam|nun|monk|volunteer|streamer|youtuber|influencer|blogger|podcaster|copywriter|ux|ui|guard|cleaner|courier|receptionist|housekeeper|porter|janitor|caretaker|carer|physio|physiotherapist|optician|optometrist|surveyor|solicitor|barrister|paralegal|postman|dispatcher|machinist|operator|foreman|laborer|labourer|roofer|plasterer|decorator|locksmith|lifeguard|instructor|teller|underwriter|actuary|bookkeeper|planner|buyer|stylist|videographer|reporter|presenter|dj|sommelier|server|steward|stewardess|attendant|conductor|sonographer|radiographer|hygienist|pharmacologist|geologist|ecologist|zookeeper|groomer|florist|welder|sailor|marine|medic|emt|cop|firefighter|nutritionist|dietitian|dietician|midwife|doula|social\s+worker|worker|admin|manager|supervisor|dev|swe|pm|designer',
);

export const PET_SPECIES = set(
  'dog|puppy|pup|cat|kitten|kitty|parrot|hamster|rabbit|bunny|bird|fish|goldfish|turtle|tortoise|snake|lizard|gecko|horse|pony|guinea pig|ferret|chinchilla|budgie|cockatiel|canary|rat|mouse|hedgehog|iguana|chicken|chickens|goat|golden retriever|labrador|lab|poodle|beagle|terrier|corgi|dachshund|husky|bulldog|pug|collie|spaniel|shepherd|german shepherd|greyhound|chihuahua|retriever|tabby|siamese|maine coon|persian|bearded dragon|axolotl|cockatoo|macaw|parakeet|lovebird|finch|frog|tarantula|alpaca|donkey|duck|pig|mini pig|shih tzu|pomeranian|maltese|schnauzer|rottweiler|doberman|boxer|whippet|lurcher|sphynx|ragdoll|bengal|cockapoo|labradoodle|goldendoodle|cavapoo|staffy|border collie|jack russell|dalmatian|great dane|sheepdog|kitty cat|puppies|kittens|' +
    // Common dog breeds (the head word people use: "my lab", "our frenchie").
    'shiba|shiba inu|akita|samoyed|malamute|vizsla|weimaraner|basset|basset hound|bloodhound|beagle mix|lab mix|mutt|pit bull|pitbull|staffie|mastiff|bullmastiff|newfoundland|bernese|st bernard|saint bernard|cavalier king charles spaniel|king charles spaniel|bichon|bichon frise|westie|scottie|sheltie|australian shepherd|heeler|cattle dog|kelpie|papillon|havanese|lhasa apso|yorkie|frenchie|french bulldog|boston terrier|springer|cocker|cocker spaniel|springer spaniel|bernedoodle|sheepadoodle|maltipoo|schnoodle|puggle|jackapoo|cavoodle|spoodle|groodle|cavachon|yorkipoo|shihpoo|shih-poo|pomsky|chiweenie|chow chow|shar pei|basenji|whippet mix|great pyrenees|borzoi|saluki|keeshond|spitz|pinscher|miniature pinscher|min pin|airedale|border terrier|cairn terrier|rat terrier|bull terrier|wolfhound|deerhound|leonberger|husky mix|' +
    // Cat breeds and coat names used as the noun ("my tortie", "our calico").
    'british shorthair|shorthair|scottish fold|russian blue|abyssinian|norwegian forest cat|birman|burmese|tonkinese|devon rex|cornish rex|tuxedo cat|calico|tortie|tortoiseshell|moggy|moggie|' +
    // Other animals kept as pets.
    'gerbil|degu|sugar glider|hermit crab|leopard gecko|crested gecko|chameleon|corn snake|ball python|king snake|budgerigar|conure|african grey|lovebirds|betta|betta fish|guppy',
);
export const PET_RE = [...PET_SPECIES].sort((a, b) => b.length - a.length).join('|');

export const LANGUAGES = set(
  'english|spanish|french|german|italian|portuguese|dutch|polish|russian|ukrainian|czech|slovak|hungarian|romanian|bulgarian|greek|turkish|arabic|hebrew|persian|farsi|hindi|urdu|bengali|punjabi|tamil|telugu|marathi|gujarati|chinese|mandarin|cantonese|japanese|korean|vietnamese|thai|indonesian|malay|tagalog|filipino|swahili|amharic|yoruba|igbo|zulu|afrikaans|swedish|norwegian|danish|finnish|icelandic|estonian|latvian|lithuanian|serbian|croatian|bosnian|slovenian|albanian|catalan|basque|galician|irish|welsh|gaelic|latin|esperanto|asl|sign language',
);
export const LANG_RE = [...LANGUAGES].sort((a, b) => b.length - a.length).join('|');

export const DIETS: Record<string, string> = {
  vegetarian: 'vegetarian', veggie: 'vegetarian', vegan: 'vegan', pescatarian: 'pescatarian', pescetarian: 'pescatarian',
  keto: 'keto', ketogenic: 'keto', paleo: 'paleo', 'gluten-free': 'gluten-free', 'gluten free': 'gluten-free', halal: 'halal', kosher: 'kosher',
  'plant-based': 'plant-based', 'plant based': 'plant-based', carnivore: 'carnivore', 'low-carb': 'low-carb', 'low carb': 'low-carb', 'dairy-free': 'dairy-free',
  'intermittent fasting': 'intermittent fasting', whole30: 'whole30', flexitarian: 'flexitarian', omnivore: 'omnivore',
};
export const DIET_RE = Object.keys(DIETS).sort((a, b) => b.length - a.length).join('|');

export const RELATIONSHIP_STATUS = set('single|married|engaged|divorced|widowed|separated|dating someone|in a relationship');

export const POSITIVE = set(
  'better|nicer|easier|cleaner|faster|safer|superior|more\\s+fun|great|good|amazing|awesome|excellent|brilliant|fantastic|wonderful|fine|nice|love|lovely|perfect|essential|useful|helpful|productive|elegant|beautiful|fun|cool|solid|underrated|impressive|powerful|reliable|fast|clean|simple|easy|intuitive|best|superb|decent|okay|ok|worth it|great for|the future|a game changer|game-changing|smart|clever|readable|enjoyable|incredible|outstanding|pleasant|safe|stable|robust|delightful|a joy|a pleasure|a breeze|a lifesaver|lifesaver|underappreciated|handy|neat|slick|snappy|rock-solid|worth\s+it',
);
export const NEGATIVE = set(
  'worse|slower|harder|uglier|inferior|clunkier|bad|terrible|awful|horrible|annoying|overrated|overkill|ugly|slow|complicated|complex|confusing|boring|painful|useless|broken|bloated|messy|clunky|frustrating|hard|difficult|expensive|buggy|dead|dying|a mess|a nightmare|a waste of time|garbage|trash|worse|worst|pointless|unreliable|toxic|overhyped|tedious|verbose|clumsy|outdated|a pain|dangerous|unreadable|sucks|meh|mediocre|disappointing|hype|a drag|a headache|a chore|a slog|a disaster|a letdown|janky|flaky|fragile|unusable|half-baked|downhill|cluttered|sluggish|lonely|gone off|letdown|let-down|rip-off|ripoff|a scam|a flop|a dud|a con|overpriced|nonsense',
);
export const EVAL_RE = [...POSITIVE, ...NEGATIVE].sort((a, b) => b.length - a.length).map((w) => w.replace(/ /g, '\\s+')).join('|');

/** Activities that make a hobby when someone "loves"/"does" them. */
export const HOBBY_NOUNS = set(
  'chess|yoga|pottery|bowls|lawn bowls|photography|tennis|golf|football|soccer|basketball|baseball|volleyball|badminton|squash|rugby|cricket|hockey|guitar|piano|violin|drums|bass|ukulele|cello|saxophone|gardening|knitting|crochet|baking|cooking|painting|drawing|sketching|reading|writing|poetry|surfing|skiing|snowboarding|climbing|bouldering|hiking|running|cycling|swimming|dancing|ballet|salsa|karate|judo|boxing|fencing|archery|fishing|camping|kayaking|sailing|rowing|meditation|pilates|crossfit|weightlifting|woodworking|calligraphy|origami|embroidery|sewing|quilting|gaming|video games|board games|skateboarding|birdwatching|astronomy|podcasting|blogging|singing|karaoke|theater|theatre|improv|stand-up|martial arts|jiu-jitsu|kickboxing|parkour|trail running|marathons|triathlons|scuba diving|diving|horse riding|horseback riding|ice skating|rock climbing|volunteering|journaling|scrapbooking|jigsaw puzzles|puzzles|crosswords|sudoku|lego|cosplay|coding|programming|bowling|darts|pool|snooker|ping pong|table tennis|sea swimming|wild swimming|open water swimming|paddleboarding|paddle boarding|windsurfing|kitesurfing|mountain biking|bikepacking|running|jogging|walking|gardening|foraging|pickleball|padel|frisbee|ultimate frisbee|disc golf|tabletop games|dnd|d&d|dungeons and dragons|warhammer|model trains|film photography|vinyl|record collecting|stamp collecting|collecting|harmonica|flute|clarinet|trumpet|accordion|mandolin|banjo|harp|pottery|ceramics|glassblowing|leathercraft|beekeeping|brewing|homebrewing|baking bread|sourdough|watercolor|watercolour|oil painting|acrylic painting|digital art|graphic design|animation|filmmaking|songwriting|music production|djing|rapping|beatboxing|stand-up comedy|drag|skating|roller skating|rollerblading|snorkeling|snorkelling|spearfishing|hunting|shooting|climbing|caving|orienteering|geocaching|running marathons|powerlifting|bodybuilding|spin|spinning|zumba|aerobics|tai chi|qigong|capoeira|muay thai|taekwondo|aikido|kendo|fencing|rowing|canoeing|rafting|ice hockey|figure skating|curling|sledding|snowshoeing',
);
export const HOBBY_RE = [...HOBBY_NOUNS].sort((a, b) => b.length - a.length).join('|');

export const MONTHS = set('january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec');
export const WEEKDAYS = set('monday|tuesday|wednesday|thursday|friday|saturday|sunday');

/** The words of a working schedule (rules/work-schedule.ts): weekdays as people write them, kinds of shift, load. */
export const SCHEDULE = {
  weekdays:
    '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|weds?|thu(?:rs?)?|fri|sat|sun)s?|weekends?|weekdays?|weeknights?|nights|earlies|lates',
  shiftKinds: 'night|day|early|late|evening|morning|afternoon|weekend|split|double|rotating|rotational|long|graveyard|overnight|back-to-back|swing|on-call|the',
  load: 'part[- ]time|full[- ]time|nine[- ]to[- ]five|9[- ]to[- ]5|on[- ]call|from\\s+home|remotely|hybrid|compressed\\s+hours|flexi[- ]?time',
  adverbs: 'only|mostly|usually|normally|currently|now|just|still|always|generally|mainly|also',
} as const;

/** Capitalised words that start sentences or are otherwise not names. */
export const NOT_NAMES = set(
  'i|the|a|an|my|our|we|you|he|she|they|it|this|that|these|those|so|and|but|or|then|today|tomorrow|yesterday|monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|may|june|july|august|september|october|november|december|christmas|easter|god|mom|dad|mum|ok|okay|yes|no|lol|haha|thanks|hey|hi|hello|please|sorry|oops|actually|well|oh|yeah|just|also|still|there|here|what|when|where|who|why|how|english|work|home|school|church|gym|vet|office',
);
/** The NOT_NAMES that are places one goes to: capitalised before another capitalised word they open a name ("Home Depot"). */
export const PLACE_NOUNS: ReadonlySet<string> = new Set(['work', 'home', 'school', 'church', 'gym', 'vet', 'office']);
/** Weekdays in the plural are habits ("on Fridays"), never names either. */
for (const d of ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']) NOT_NAMES.add(`${d}s`);

/** Nouns that name something one attends or takes part in (a concert, a market, a party): "the Coldplay concert last night was…". */
export const OCCASION_NOUNS =
  'concert|gig|show|festival|game|match|party|market|fair|class|workshop|recital|race|marathon|parade|trip|wedding|ceremony|reunion|dinner|barbecue|bbq|picnic|play|musical|exhibition|exhibit|tournament|meetup|hike|tour|retreat|funeral|shower|launch|opening|premiere|screening|open\\s+mic|talk|lecture|course|session|camp|sleepover|playdate|date|brunch|potluck|fundraiser|gala|ball|prom|quiz\\s+night|karaoke|performance|competition|contest|tasting|cookout|visit|outing|excursion';
