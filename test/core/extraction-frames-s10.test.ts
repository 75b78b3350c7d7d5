/**
 * @module test/core/extraction-frames-s10
 * Session-10 classes read from the misses of blind rounds r33–r35 (never their lines: sentences of our own, written
 * for the mechanism, with other names, nouns and shapes): wh-questions answered by a bare value, a "no" that names
 * the new value, either/or clefts, and the frames and clause rules added after them. Each with negatives.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { TS, wordnetFacts } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const { run, said, asked, has } = wordnetFacts(wordnet);

describe('answers: a wh-question filled by a bare value', () => {
  test.each([
    ['And what is your rabbit called?', 'Clementine!', 'pet', /clementine/],
    ["what's your hamster's name, by the way?", 'nibbler lol', 'pet', /nibbler/],
    ['What is the name of your son?', 'Teodor, after his grandad', 'child', /teodor/],
    ["What's your youngest called again?", 'Ottilie 😊', 'child', /ottilie/],
    ['Where are you living these days?', 'Dundee, still', 'location', /dundee/],
    ['Where do you live again?', 'Galway now', 'location', /galway/],
    ['Which company are you working for now?', 'Arup. structural team', 'employer', /arup/],
    ['Who do you work for?', 'Siemens, mostly on trains', 'employer', /siemens/],
    ['Is it squash or tennis you play on Tuesdays?', 'doubles tennis, badly', 'hobby', /tennis/],
  ])('%s — %s', (q, a, key, value) => expect(has(asked(q, a), 'user', key, value)).toBe(true));

  test.each([
    ['What is your rabbit called?', "I don't have one"],
    ['What is your rabbit called?', 'why do you ask?'],
    ['Where are you living these days?', 'not sure yet honestly'],
    ['Which company are you working for now?', 'none, between jobs'],
    ['Which film are you watching tonight?', 'Alien, the first one'],
    ['What is the capital of Peru?', 'Lima'],
    ['Is it squash or tennis you play on Tuesdays?', 'neither these days'],
    ['What colour are you painting the hall?', 'Sage green'],
  ])('nothing filled: %s — %s', (q, a) =>
    expect(asked(q, a).filter((f) => /^user\|(?:pet|child|location|employer|hobby)\|/.test(f) && f.endsWith('|assert'))).toEqual([]),
  );

  test.each([
    ['Are you still with Accenture?', 'no, Capgemini now', 'employer', /capgemini/],
    ['Do you still live in Preston?', 'nope, Lancaster', 'location', /lancaster/],
  ])('a "no" that names the new value: %s — %s', (q, a, key, value) => {
    const facts = asked(q, a);
    expect(has(facts, 'user', key, value, 'assert')).toBe(true);
  });
  test.each([
    ['Are you still with Accenture?', 'no, sadly'],
    ['Are you still with Accenture?', 'nope. Long story'],
  ])('a "no" with no new value asserts nothing: %s — %s', (q, a) => expect(asked(q, a).filter((f) => f.endsWith('|assert') && f.includes('|employer|'))).toEqual([]));
});

describe('rosters that name no relation: names with children’s ages open the sentence', () => {
  test.each([
    ['Hattie (8) and Bram (5), both obsessed with dinosaurs', [['hattie', /^8$/], ['bram', /^5$/]]],
    ["two of them: Ada's 7 and Rufus just turned 3", [['ada', /^7$/], ['rufus', /^3$/]]],
    ['Esme is 11, Jonah is 9 and Pip is 4 so the car is chaos', [['esme', /^11$/], ['jonah', /^9$/], ['pip', /^4$/]]],
  ])('%s', (text, kids) => {
    const facts = said(text);
    for (const [name, age] of kids as Array<[string, RegExp]>) {
      expect(has(facts, 'user', 'child', new RegExp(name))).toBe(true);
      expect(has(facts, name, 'age', age)).toBe(true);
    }
  });
  test.each([
    ['Tom (45) and Jerry (50) are coming over for dinner'],
    ['Rex (3) and Bella (5), both rescue greyhounds'],
    ["Mila's 6 and already reads better than me"],
    ['Leeds 2, Derby 1 at half time'],
    ['Marta is 12 minutes away and Joe is 5 behind her'],
  ])('no children: %s', (text) => expect(said(text).filter((f) => f.startsWith('user|child|'))).toEqual([]));
});

describe('attribution: relations named without "my", and people placed by a group', () => {
  test.each([
    ['older sister Kasia has moved to Leeds for work', 'kasia', 'location', /leeds/],
    ['baby brother Tomos is a plumber now', 'tomos', 'job_title', /plumber/],
    ["Wojtek, that's my brother-in-law, is 52 and still plays five-a-side", 'wojtek', 'age', /^52$/],
    ['Delia, who is my aunt, is 70 this year', 'delia', 'age', /^70$/],
    ['Priya from pottery is allergic to cats', 'priya', 'allergy', /cat/],
    ['we cancelled the nut cake, Oskar from the choir is allergic to almonds', 'oskar', 'allergy', /almond/],
    ['my manager Ruth is off to Kyoto for a fortnight', 'ruth', 'event_trip', /kyoto/],
  ])('%s', (text, who, key, value) => expect(has(said(text), who, key, value)).toBe(true));

  test.each([
    ['older sister Kasia has moved to Leeds for work', 'location'],
    ['Priya from pottery is allergic to cats', 'allergy'],
    ['we cancelled the nut cake, Oskar from the choir is allergic to almonds', 'allergy'],
    ['my manager Ruth is off to Kyoto for a fortnight', 'event_trip'],
  ])('not the speaker’s: %s', (text, key) => expect(said(text).filter((f) => f.startsWith(`user|${key}|`))).toEqual([]));

  test.each([['Parcel from Amazon is late again'], ['Letter from the council has arrived'], ['I went to Kyoto once'], ['I go to Kyoto for work a lot']])(
    'no person and no trip: %s',
    (text) => expect(said(text).filter((f) => /\|(?:allergy|event_trip|location)\|/.test(f))).toEqual([]),
  );
  test('a trip under way is read undated', () => expect(has(said("I'm off to Tallinn for the week"), 'user', 'event_trip', /tallinn/)).toBe(true));
});

describe('illnesses: eponyms in the possessive, and an illness whose course is told', () => {
  test.each([
    ["my grandad Alf has Alzheimer's.", 'alf', /alzheimer/],
    ["I've got Crohn's", 'user', /crohn/],
    ['the endometriosis has been awful this month', 'user', /endometriosis/],
    ['the psoriasis is worse in the winter', 'user', /psoriasis/],
  ])('%s', (text, who, value) => expect(has(said(text), who, 'health_condition', value)).toBe(true));
  test.each([
    ["I have Steve's car this week."],
    ["we've got Nando's tonight"],
    ['the traffic is worse today'],
    ['the weather has been awful this month'],
    ["her sciatica is worse in the mornings"],
  ])('no condition of the speaker: %s', (text) => expect(said(text).filter((f) => f.startsWith('user|health_condition|'))).toEqual([]));
});

describe('the bond ended: its dissolution completed leaves the status it names', () => {
  const held = ['my husband Anselm is cooking tonight'];
  test.each([
    ['our divorce is final as of this morning', 'divorced'],
    ['the separation went through in the summer', 'separated'],
    ['me and Anselm split up on Friday', 'single'],
  ])('%s', (text, status) => {
    const facts = said(text, held);
    expect(has(facts, 'user', 'partner', /anselm|partner/, 'retract')).toBe(true);
    expect(has(facts, 'user', 'relationship_status', new RegExp(`^${status}$`))).toBe(true);
  });
  test('one retraction for one partner', () => expect(said('Anselm and I have split up.', held).filter((f) => f.startsWith('user|partner|'))).toHaveLength(1));
  test.each([
    ['my sister’s divorce came through last week'],
    ['the divorce might go through in spring'],
    ['the divorce has not come through yet'],
    ['the divorce rate is going through the roof'],
    ['we went through a lot this year'],
  ])('no ending: %s', (text) => expect(said(text, held).filter((f) => /^user\|(?:partner|relationship_status)\|/.test(f))).toEqual([]));
});

describe('attribution: a relation in brackets after a name', () => {
  test.each([
    ['Ottoline (wife) reckons I snore', 'user', 'partner', /ottoline/],
    ['Kai (my nephew) is a chef in Bristol', 'kai', 'job_title', /chef/],
  ])('%s', (text, who, key, value) => expect(has(said(text), who, key, value)).toBe(true));
  test('a bracketed aside that is no relation', () => expect(said('Bristol (the city) is lovely').filter((f) => /\|(?:partner|sibling|child|parent)\|/.test(f))).toEqual([]));
});

describe('work kit named for its organisation: the employer, implied', () => {
  test.each([
    ['forgot to take off my Asda lanyard before the pub', /asda/],
    ['spilled coffee all down the Primark uniform, second time this week', /primark/],
    ['parked my DHL van outside the house for lunch', /dhl/],
    ['my Screwfix polo shirt has a hole in it already', /screwfix/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'employer', value)).toBe(true));
  test.each([
    ['my Ford van failed its MOT'],
    ['the Tesco van was late again'],
    ['his Argos uniform is in the wash'],
    ['I might buy a Barbour jacket'],
    ['if I wore my Asda lanyard they would laugh'],
    ['my Paris apron from the market is my favourite'],
  ])('no employer: %s', (text) => expect(said(text).filter((f) => f.startsWith('user|employer|'))).toEqual([]));
});

describe('milestones: a birth told as an arrival, vows renewed, a certificate earned', () => {
  const at = (text: string) =>
    extractOffline([{ role: 'user', content: text }], { timestamp: '2026-11-03T10:00:00.000Z', sessionId: 's', recentTurns: [] }, true, undefined, wordnet).map(
      (m) => `${m.subject}|${m.key}|${m.value.toLowerCase()}|${m.op}|${m.eventDate ?? ''}`,
    );
  test.each([
    ['our daughter arrived safely on Friday, we called her Ines', 'event_milestone', /daughter/],
    ['our daughter arrived safely on Friday, we called her Ines', 'child', /ines/],
    ['my baby boy was born on Sunday at 4am', 'event_milestone', /baby boy/],
    ['we renewed our wedding vows on Saturday in the garden', 'event_milestone', /vows/],
    ['we renewed our wedding vows on Saturday in the garden', 'relationship_status', /^married$/],
    ['passed my forklift operator certificate yesterday', 'event_milestone', /certificate/],
  ])('%s → %s', (text, key, value) => expect(has(at(text), 'user', key, value)).toBe(true));
  test.each([
    ['my son arrived home on Monday after his gap year', 'event_milestone'],
    ["my sister's baby arrived on Monday", 'event_milestone'],
    ['our parcel arrived on Monday', 'event_milestone'],
    ['they renewed their vows on Saturday', 'relationship_status'],
    ['our baby girl was born on Sunday', 'event_milestone|baby due'],
  ])('not the speaker’s milestone: %s', (text, key) => {
    const [k, v] = key.split('|');
    expect(at(text).filter((f) => f.startsWith(`user|${k}|`) && (!v || f.includes(v)))).toEqual([]);
  });
});

describe('pastimes: a gerund fragment with how often, and an outing given up', () => {
  test.each([
    ['kayaking on the canal every sunday, rain or shine', /kayaking/],
    ['fencing practice twice a week at the leisure centre', /fencing/],
    ["I don't go fishing anymore, no time", /fishing/],
    ["don't really go clubbing any more", /clubbing/],
  ])('%s', (text, value) => {
    const facts = said(text);
    const op = /anymore|any more/.test(text) ? 'retract' : 'assert';
    expect(has(facts, 'user', 'hobby', value, op)).toBe(true);
  });
  test.each([
    ['cooking dinner every night is exhausting'],
    ['working every weekend at the pub'],
    ["I don't go home anymore"],
    ["didn't go running today"],
    ['shopping every saturday with my mum'],
  ])('no pastime: %s', (text) => expect(said(text).filter((f) => f.startsWith('user|hobby|'))).toEqual([]));
});

describe('entity state: endings over coordinated objects, a pet that never woke, a thing taken, notice handed in', () => {
  test('each coordinated object ends', () => {
    const facts = said('sold Pip and Squeak to a family with a big garden', ['our guinea pigs Pip and Squeak love cucumber']);
    expect(has(facts, 'user', 'pet', /pip/, 'retract')).toBe(true);
    expect(has(facts, 'user', 'pet', /squeak/, 'retract')).toBe(true);
  });
  test.each([
    ['Biscuit never woke up from his nap yesterday', /biscuit/],
    ["our old tabby Moth didn't wake up this morning", /moth/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'pet', value, 'retract')).toBe(true));
  test.each([["the baby didn't wake up once last night"], ["I didn't wake up until noon"], ["my alarm didn't wake me up"], ['Biscuit woke up at 5 again']])(
    'no ending: %s',
    (text) => expect(said(text).filter((f) => f.endsWith('|retract'))).toEqual([]),
  );
  test('a thing of the speaker taken by someone ends', () =>
    expect(has(said('some lad made off with my Brompton outside the station', ['my Brompton is the best thing I own']), 'user', 'vehicle', /brompton/, 'retract')).toBe(true));
  test.each([['he walked off with his trophy'], ['my nephew ran off with the ball'], ['the dog made off with my sandwich']])('nothing of the speaker’s taken: %s', (text) =>
    expect(said(text).filter((f) => /\|(?:vehicle|pet)\|.*\|retract$/.test(f))).toEqual([]),
  );
  test('notice handed in at a named employer, after a sentence adverb', () =>
    expect(has(said('so eventually I handed my notice in at Greggs, best decision'), 'user', 'employer', /greggs/, 'retract')).toBe(true));
  test.each([['I handed my essay in at the office'], ['she handed her notice in at Boots']])('no job left: %s', (text) =>
    expect(said(text).filter((f) => f.startsWith('user|employer|') && f.endsWith('|retract'))).toEqual([]),
  );
});

describe('ages said as a birthday or after "me,"; compound occupations; languages grown up with', () => {
  test.each([
    ['thirty-eight today and the cake is already gone', /^38$/],
    ['52 today! feeling every year of it', /^52$/],
    ['me, 33 and still living off toast', /^33$/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'age', value)).toBe(true));
  test.each([['30 today was a lot of emails'], ['me, 3 coffees in already'], ['12 today, 9 tomorrow, the numbers keep changing']])('no age: %s', (text) =>
    expect(said(text).filter((f) => f.startsWith('user|age|'))).toEqual([]),
  );
  test.each([
    ['I work as a dog walker these days', /dog walker/],
    ["I'm a lock keeper on the canal", /lock keeper/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'job_title', value)).toBe(true));
  test.each([
    ['grew up with Tamil at home and Malay at school', ['tamil', 'malay']],
    ['I speak Polish with my gran and English at work', ['polish', 'english']],
  ])('%s', (text, langs) => {
    const facts = said(text);
    for (const l of langs) expect(has(facts, 'user', 'language', new RegExp(l))).toBe(true);
  });
  test.each([['grew up with dogs and cats'], ['I speak Polish and France is lovely']])('no other language: %s', (text) =>
    expect(said(text).filter((f) => f.startsWith('user|language|') && !f.includes('polish'))).toEqual([]),
  );
});

describe('undecided: thinking about maybe doing something, toying with the idea, on the fence: nothing stated', () => {
  test.each([['thinking about maybe adopting a cat, not sure yet'], ['considering maybe moving to Bristol'], ['considering moving to Bristol next year'], ['toying with the idea of a motorbike'], ['on the fence about getting chickens']])(
    '%s',
    (text) => expect(said(text).filter((f) => /\|(?:pet|location|vehicle)\|/.test(f))).toEqual([]),
  );
  test('a plain statement still reads', () => expect(has(said('adopted a cat last month'), 'user', 'pet', /cat/)).toBe(true));
});

describe('opinions that turn: won over by what one went to, a stance taken back, a taste gone off', () => {
  const stance = (text: string, topic: string) =>
    extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet).find((m) => m.key === `opinion_${topic}`)?.metadata?.stance;
  test.each([
    ['dragged along to the ballet last night and... I genuinely enjoyed it?', 'ballet', 'positive'],
    ['watched the musical with my mate and honestly hated it', 'musical', 'negative'],
    ['fine, I take it all back about audiobooks, three in a week and I am hooked', 'audiobooks', 'positive'],
    ['have gone completely off kombucha, smells like feet now', 'kombucha', 'negative'],
  ])('%s', (text, topic, want) => expect(stance(text, topic)).toBe(want));
  test.each([['the milk has gone off again'], ['the alarm went off at six'], ['I went off to Spain for a week'], ['did you actually enjoy it?'], ['I take it back to the shop tomorrow']])(
    'no opinion: %s',
    (text) => expect(said(text).filter((f) => /\|opinion_/.test(f))).toEqual([]),
  );
});

describe('names: a kind in apposition, a name given by pronoun; an ending as a passive purpose', () => {
  test.each([
    ['Boris the tortoise is hibernating in the shed again', 'pet', /boris/],
    ['Pickle the ferret stole a sock this morning', 'pet', /pickle/],
    ['we got a puppy on Saturday and we named him Bramble', 'pet', /bramble/],
    ["Our daughter was born on Tuesday! we've named her Wren", 'child', /wren/],
  ])('%s', (text, key, value) => expect(has(said(text), 'user', key, value)).toBe(true));
  test.each([
    ['Pingu the penguin was my favourite show as a kid', 'pet'],
    ['Paris the city is lovely in spring', 'pet'],
    ['my brother had a baby and they called him Leo', 'child'],
    ['if we ever get a dog we will call him Rex', 'pet'],
  ])('none of the speaker’s: %s', (text, key) => expect(said(text).filter((f) => f.startsWith(`user|${key}|`) && !/\|(?:dog|brother)\|/.test(f))).toEqual([]));
  test.each([
    ['took Rolo in to be put down this morning, worst day', 'pet', /rolo/],
    ['dropped the old Micra off to be scrapped', 'vehicle', /micra/],
  ])('%s', (text, key, value) => expect(has(said(text), 'user', key, value, 'retract')).toBe(true));
  test('a purpose that ends nothing', () => expect(said('took Rex in to be groomed').filter((f) => f.endsWith('|retract'))).toEqual([]));
  test('a clause after "so" and a sentence adverb is split off', () =>
    expect(has(said('the term was mad with inspections and cover lessons, so eventually I handed my notice in at Ofsted'), 'user', 'employer', /ofsted/, 'retract')).toBe(true));
});

describe('entity state: a held animal that lives with someone else now', () => {
  const held = ['Clover the rabbit has chewed through another cable'];
  test('it lives with another household now', () => expect(has(said('Clover lives with my cousin’s kids now, they adore her', held), 'user', 'pet', /clover/, 'retract')).toBe(true));
  test.each([['Clover lives with us now'], ['Clover still lives with my mum now'], ['Clover lives with my mum for the summer']])('no ending: %s', (text) =>
    expect(said(text, held).filter((f) => f.endsWith('|retract'))).toEqual([]),
  );
});

describe('a trade done for a named organisation, and finished with a held employer', () => {
  test.each([
    ['I drive for Addison Lee, mostly nights', 'addison lee'],
    ['I write for the Observer these days', 'observer'],
  ])('%s', (text, org) => {
    const facts = said(text);
    expect(has(facts, 'user', 'employer', new RegExp(org))).toBe(true);
    expect(facts.some((f) => f.startsWith('user|job_title|'))).toBe(true);
  });
  test.each([['I drive for miles every day'], ['I play for fun'], ['I cook for my kids']])('no employer: %s', (text) => expect(said(text).filter((f) => f.startsWith('user|employer|'))).toEqual([]));
  const held = ['I work at Morrisons four nights a week'];
  test('finished with the held employer', () => expect(has(said("as of Friday that's me finished with Morrisons", held), 'user', 'employer', /morrisons/, 'retract')).toBe(true));
  test.each([["I'm done with Morrisons for today, home time"], ["I'm done with my dinner"]])('no ending: %s', (text) =>
    expect(said(text, held).filter((f) => f.startsWith('user|employer|') && f.endsWith('|retract'))).toEqual([]),
  );
});

describe('a name in commas after an animal object, and a name corrected after its exclamation', () => {
  test('the object’s name in commas', () => {
    const facts = said('we adopted a greyhound, Juno, last spring and she sleeps all day');
    expect(has(facts, 'user', 'pet', /greyhound named juno/)).toBe(true);
    expect(facts.filter((f) => f === 'user|pet|greyhound|assert')).toEqual([]);
  });
  test.each([['I met a guy, Dave, at the pub'], ['we got a kitten and a puppy']])('no named pet: %s', (text) => expect(said(text).filter((f) => / named /.test(f))).toEqual([]));
  test('"Name!! not OLD" corrects the held name', () => {
    const facts = run([{ role: 'user', content: 'Pesto!! not Basil. the kids chose it' }], ['we adopted a puppy, Basil, on Sunday']);
    expect(facts.some((f) => /^user\|pet\|.*pesto.*\|correct$/.test(f))).toBe(true);
  });
});
