/**
 * @module test/core/extraction-frames-s16
 * Session 16: clause shapes the read blind rounds r57–r59 showed missing — rosters of kin that share one age or end
 * with a bare apposed age, the speaker's age fronted ("at 83 I…") or as a gerund subject, language lists whose last
 * item is said with a verb, endings of held things by a phrasal verb of giving up a job, by going no more, by a
 * musical group the lexicon knows, by a euphemism of dying, by whose ashes were scattered; a vehicle told of by its
 * part. Sentences of our own (other names, places and words than the rounds), each class beside hard negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { wordnetFacts } from './extraction-harness.ts';
import { analyseNegation } from '../../src/core/extraction/negation.ts';

const wordnet = openLexicon({}).lexicon;
const { said, has } = wordnetFacts(wordnet);
const keyed = (facts: string[], key: string, who = 'user') => facts.filter((f) => f.split('|')[1] === key && f.split('|')[0] === who);

describe('kin rosters', () => {
  test.each([
    ['our twins Ottilie and Bram both turned 6 in August', [['ottilie', '6'], ['bram', '6']]],
    ['my girls Noor, Hala and Rima are 3', [['noor', '3'], ['hala', '3'], ['rima', '3']]],
    ['my kids are Benedek, 12, and Zsofi, 9', [['benedek', '12'], ['zsofi', '9']]],
    ['my two lads are Caspar 13 and Fitz who just turned 8', [['caspar', '13'], ['fitz', '8']]],
    ['one of each — Ilse is 11 and Joost is 6', [['ilse', '11'], ['joost', '6']]],
  ])('%s', (text, kids) => {
    const facts = said(text);
    for (const [name, age] of kids) {
      expect(has(facts, 'user', 'child', new RegExp(name))).toBe(true);
      expect(has(facts, name, 'age', new RegExp(`^${age}$`))).toBe(true);
    }
  });

  test("a relative's age from a relative clause is not the speaker's", () => {
    expect(keyed(said('my three boys are Anders 10, Stig 7 and Nils who just turned 2'), 'age')).toEqual([]);
    expect(has(said("I'm 41 and my son Per just turned 9"), 'user', 'age', /^41$/)).toBe(true);
  });

  test('a named person across the road is no child', () => {
    expect(keyed(said('Keziah, the lad across the road, passed his theory test today'), 'child')).toEqual([]);
  });
});

describe("the speaker's age by clause position", () => {
  test.each([
    ['at 87 I reckon I can eat cake for breakfast', '87'],
    ["at 72 I think I've earned a lie-in", '72'],
    ['being 61 is no reason not to learn the drums, my neighbours disagree', '61'],
    ['59 and finally learning to swim, better late than never', '59'],
  ])('%s', (text, age) => expect(has(said(text), 'user', 'age', new RegExp(`^${age}$`))).toBe(true));

  test.each([
    ['at 25 I moved to Porto'],
    ['said goodbye to Biscuit today. fifteen and stubborn to the end'],
    ['being 30 is strange'],
  ])('no age — %s', (text) => expect(keyed(said(text), 'age')).toEqual([]));

  test('a comparison with never negates nothing', () => {
    expect(analyseNegation('finally doing it, better late than never').negated).toBe(false);
    expect(analyseNegation('never going back').negated).toBe(true);
  });
});

describe('language lists', () => {
  test.each([
    ['Catalan with my cousins, Spanish at school, and English came later with work', ['catalan', 'spanish', 'english']],
    ['raised in Aruba so Papiamento at home, Dutch in class, and I learned English off the radio', ['papiamento', 'dutch']],
  ])('%s', (text, langs) => {
    const facts = said(text);
    for (const l of langs) expect(has(facts, 'user', 'language', new RegExp(l))).toBe(true);
  });

  test('one setting is no list: a language after it is not read from the list', () => {
    expect(keyed(said('Porto with my aunt, and English came later'), 'language')).toEqual([]);
  });
});

describe('endings', () => {
  test.each([
    ['packed in my job at Lidl on Friday', 'employer', /lidl/],
    ['chucked in the job at Aldi, done', 'employer', /aldi/],
    ['I stopped going to kickboxing, the coach left', 'hobby', /kickboxing/],
    ['quit the string quartet, rehearsals clashed with work', 'hobby', /string/],
    ['Marmaduke slipped away in his sleep last night', 'pet', /marmaduke/],
    ["we scattered Peregrine's ashes in the bluebell wood", 'pet', /peregrine/],
  ])('%s', (text, key, value) => expect(has(said(text), 'user', key, value, 'retract')).toBe(true));

  test('a home found for a held animal ends it, whatever the home is called', () => {
    expect(has(said('found Bolivar a lovely home with a reptile keeper', ['Bolivar the bearded dragon shed his skin again']), 'user', 'pet', /bolivar/, 'retract')).toBe(true);
  });

  test.each([
    ['gave up on the crossword, too hard'],
    ['packed in being vegetarian last year'],
    ['Orla slipped away from the party early'],
    ['I slipped away at ten'],
    ['stopped going to the gym'],
  ])('no employer or pet ended — %s', (text) => {
    const facts = said(text);
    expect([...keyed(facts, 'employer'), ...keyed(facts, 'pet')]).toEqual([]);
  });

  test('a held vehicle named by its part is ended when gone', () => {
    const prev = ["the Peugeot Partner's gearbox is grinding again"];
    expect(has(said(prev[0]), 'user', 'vehicle', /peugeot partner/)).toBe(true);
    expect(has(said("the partner's gone, a farmer paid cash", prev), 'user', 'vehicle', /peugeot/, 'retract')).toBe(true);
  });
});

describe('third parties', () => {
  test.each([
    ['Radmila from work (44) found out she has got shingles', 'radmila', 'health_condition', /shingles/],
    ['my uncle was told he has angina', 'uncle', 'health_condition', /angina/],
    ['my colleague Eero (52) is signed off with sciatica for a month', 'eero', 'health_condition', /sciatica/],
    ['my colleague Eero (52) is signed off with sciatica for a month', 'eero', 'age', /^52$/],
    ['Saoirse from choir is a radiographer up in Sligo', 'saoirse', 'job_title', /radiographer/],
    ['Saoirse from choir is a radiographer up in Sligo', 'saoirse', 'location', /sligo/],
    ['my kid sister Elodie, 19, has landed a junior chemist job at Unilever', 'elodie', 'job_title', /junior chemist/],
    ['my kid sister Elodie, 19, has landed a junior chemist job at Unilever', 'elodie', 'employer', /unilever/],
  ])('%s → %s %s', (text, who, key, value) => expect(has(said(text), who, key, value)).toBe(true));

  test("a kid sister is a sibling, not a child; a finding the speaker made about someone is not the speaker's", () => {
    expect(keyed(said('my kid sister Elodie has landed a job at Unilever'), 'child')).toEqual([]);
    expect(keyed(said('I found out she has got a new boyfriend'), 'partner')).toEqual([]);
  });

  test('a fish landed is no job and no pet', () => {
    const facts = said('landed a huge pike at the reservoir on Sunday');
    expect([...keyed(facts, 'job_title'), ...keyed(facts, 'pet')]).toEqual([]);
  });
});

describe('ending news after a bare cue, and a traded "it"', () => {
  test('"actually" before an ending keeps it a retraction', () => {
    expect(has(said('Actually I have resigned from Infosys, my last day is Friday'), 'user', 'employer', /infosys/, 'retract')).toBe(true);
  });

  test('"it" traded for a vehicle ends the held one and the new one holds', () => {
    const facts = said('I swapped it for a Honda Jazz at the weekend', ['my Fiat Panda failed its MOT again']);
    expect(has(facts, 'user', 'vehicle', /panda/, 'retract')).toBe(true);
    expect(has(facts, 'user', 'vehicle', /jazz/, 'assert')).toBe(true);
    expect(keyed(said('sold it for a tenner at the car boot'), 'vehicle')).toEqual([]);
  });
});

describe('what a noun is, by word formation and clause position', () => {
  test.each([
    ['as a perfusionist I spend my nights on call', 'job_title', /perfusionist/],
    ['As a wheelwright, I get asked about cart wheels a lot', 'job_title', /wheelwright/],
    ["my Crohn's is always worse in January", 'health_condition', /crohn/],
    ['bursitis is back, could barely lift the kettle', 'health_condition', /bursitis/],
    ["the scan came back and it's a slipped disc", 'health_condition', /slipped disc/],
    ['bought a battered old banjo and I have been teaching myself', 'hobby', /banjo/],
  ])('%s', (text, key, value) => expect(has(said(text), 'user', key, value)).toBe(true));

  test.each([
    ['as a kid I loved ponies', 'job_title'],
    ['as a tourist I got lost in Venice', 'job_title'],
    ['my sister had tests and it is anaemia', 'health_condition'],
    ["it's hay fever season again", 'health_condition'],
    ['Dara is back from Lagos', 'health_condition'],
    ['bought a new van and I am learning fast', 'hobby'],
  ])('no fact of the speaker — %s', (text, key) => expect(keyed(said(text), key)).toEqual([]));

  test('a pronoun reporter after a statement refers back; another person reporting is still skipped', () => {
    expect(has(said("our whippet Figaro stole a sausage again, he thinks he's invisible"), 'user', 'pet', /figaro/)).toBe(true);
    expect(keyed(said('the meeting ran late, my boss says she is moving to Leeds'), 'location')).toEqual([]);
  });
});

describe('bookings and their corrections', () => {
  test.each([
    ["I've got the chiropodist on Monday 16 November", /chiropodist/, '2026-11-16'],
    ['got my booster jab on Thursday 12 November', /booster jab/, '2026-11-12'],
    ["blood test's on Tuesday 17 November", /blood test/, '2026-11-17'],
  ])('%s is an appointment', (text, value) => expect(has(said(text), 'user', 'event_appointment', value)).toBe(true));

  test.each([
    [["I've got the physio on Monday 16 November"], "the physio's been moved to wednesday the 18th", /physio/],
    [["I've got the podiatrist on Tuesday 17 November"], 'podiatrist has been moved from tuesday the 17th to friday 27 november', /podiatrist/],
    [["I've got the dentist on Monday 16 November"], "the practice rang, it's thursday the 19th now instead", /dentist/],
  ])('%s → %s', (prev, text, value) => expect(has(said(text, prev), 'user', 'event_appointment', value, 'correct')).toBe(true));

  test('a number corrected by a bare number after "scratch that"; a "not N," followed by words is no correction', () => {
    expect(has(said('scratch that, 41. not 44, long day', ['44 and still learning to code']), 'user', 'age', /^41$/, 'correct')).toBe(true);
    expect(said('not 44, typing with one hand here', ['44 and still learning to code']).filter((f) => f.endsWith('|correct'))).toEqual([]);
  });

  test('a new animal named with "the" in the speaker\'s clause is theirs, and a name after "not … lol" is corrected', () => {
    expect(has(said('the new puppy Brisket is chewing everything'), 'user', 'pet', /brisket/)).toBe(true);
    expect(has(said("not Brisket haha, it's Pastrami, the kids voted", ['the new puppy Brisket is chewing everything']), 'user', 'pet', /pastrami/, 'correct')).toBe(true);
  });
});

describe('answers to the assistant', () => {
  const { asked } = wordnetFacts(wordnet);
  test.each([
    ['Which town are you living in now?', 'Tromsø, since the summer', 'location', /tromsø/],
    ['Which town are you from?', 'Wrexham', 'hometown', /wrexham/],
    ['What car do you drive these days?', 'a battered Skoda Yeti', 'vehicle', /yeti/],
    ['What are you driving at the moment?', 'an ancient Volvo estate, still going', 'vehicle', /volvo/],
    ['Which language do you speak at home?', 'Ilocano mostly', 'language', /ilocano/],
    ['Any pets?', 'only the one, a corn snake called Noodle', 'pet', /noodle/],
    ['Do you still have the campervan?', 'the VW California? yep, she is staying', 'vehicle', /california/],
  ])('%s — %s', (q, a, key, value) => expect(has(asked(q, a), 'user', key, value)).toBe(true));

  test.each([
    ['What are you reading at the moment?', 'nothing, no time'],
    ['Which town are you from?', 'not telling'],
  ])('no value — %s — %s', (q, a) => expect(asked(q, a).filter((f) => f.startsWith('user|location') || f.startsWith('user|hometown'))).toEqual([]));
});

describe('stances that turn', () => {
  test('a topic judged with words no lexicon scores is held; a later stance on it is a new one', () => {
    expect(has(said('ok, pavlova is actually wonderful, I finally understand it', ['pavlova is just sugar and air, never again']), 'user', 'opinion_pavlova', /pavlova/)).toBe(true);
  });
  test('a discourse marker before the topic is no part of it', () => {
    const facts = said('fine, Wordle is brilliant, played it every morning this week');
    expect(facts.some((f) => f.startsWith('user|opinion_wordle|'))).toBe(true);
    expect(facts.some((f) => f.startsWith('user|opinion_fine'))).toBe(false);
  });
  test('a fact said of a thing is no stance on it', () => {
    expect(said('the bus is late again', ['the bus is just a joke round here']).filter((f) => f.includes('|opinion_'))).toEqual([]);
  });
});

describe('milestones, dates of the day, likenesses', () => {
  test.each([
    ['reached the summit of Helvellyn at dawn this morning, legs like jelly', /helvellyn|summit/],
    ['made it to the top of Kinder Scout yesterday', /top/],
    ['FIRST MARATHON this morning!!! four hours and change', /marathon/i],
  ])('%s is a milestone', (text, value) => expect(has(said(text), 'user', 'event_milestone', value)).toBe(true));

  test.each([['reached Leeds at 6 this morning'], ['first standup at the new place this morning, cameras on']])('no milestone — %s', (text) =>
    expect(keyed(said(text), 'event_milestone')).toEqual([]),
  );

  test('"this morning" is the turn\'s day, whichever way the clause looks', async () => {
    const { resolveDate } = await import('../../src/core/extraction/dates.ts');
    const ref = new Date('2026-10-21T15:00:00Z');
    for (const t of ['first parkrun this morning', 'dentist this afternoon', 'quiz tonight']) expect(resolveDate(t, ref, true)?.iso).toBe('2026-10-21');
    expect(resolveDate('tomorrow morning', ref, true)?.iso).toBe('2026-10-22');
  });

  test('a likeness is no class: "basically a chef" is no job', () => {
    expect(keyed(said("yeah I'm basically a professional chef, burnt the rice again"), 'job_title')).toEqual([]);
    expect(has(said("I'm a chef at a hotel in Bath"), 'user', 'job_title', /chef/)).toBe(true);
  });

  test('a role fronted before a comma is read', () => {
    expect(has(said('as a sonographer, I see this every day'), 'user', 'job_title', /sonographer/)).toBe(true);
    expect(has(said('as a perfusionist, I see this every day'), 'user', 'job_title', /perfusionist/)).toBe(true);
  });

  test('a hedge makes a turned stance mixed', () => {
    expect(said('crocs are still comfy but the strap snapped in a week so idk', ['crocs are basically all I wear']).some((f) => f.startsWith('user|opinion_crocs|'))).toBe(true);
  });
});

describe('pets by what only animals do, among other names', () => {
  test.each([
    ["topped up the seed tray and Pimento's been chirping along to Classic FM all day, she adores Elgar", /pimento/],
    ['Bartholomew does laps of the tank every time I switch the light on', /bartholomew/],
    ['Wellington spends all night in his hutch chewing cardboard', /wellington/],
  ])('%s', (text, name) => expect(has(said(text), 'user', 'pet', name)).toBe(true));

  test.each([['Ruairi filled the tank with diesel'], ['Priya cleaned out the cage at the zoo'], ['Marguerite was chirping about her holiday']])('no pet — %s', (text) =>
    expect(keyed(said(text), 'pet')).toEqual([]),
  );
});

describe('a newcomer named by pronoun', () => {
  test.each([
    ['our daughter was born on Friday, her name is Maeve', 'child', /maeve/],
    ['our new kitten is tiny, she is called Pip', 'pet', /pip/],
    ['our son was born on Tuesday, he is gorgeous', 'event_milestone', /birth of son/],
  ])('%s', (text, key, value) => expect(has(said(text), 'user', key, value)).toBe(true));
  test('a person named by pronoun is no child or pet', () => {
    const facts = said('my boss is lovely, her name is Joan');
    expect([...keyed(facts, 'child'), ...keyed(facts, 'pet')]).toEqual([]);
  });
});

describe('a dissolution by its papers, a diet of one food, weekday plurals', () => {
  test('the divorce papers received end the partner and leave the status', () => {
    const facts = said('got the divorce papers this morning, eleven years done', ['Ottoline and I are off to Rome in May']);
    expect(has(facts, 'user', 'relationship_status', /divorced/)).toBe(true);
    expect(keyed(said('got the newspapers this morning'), 'relationship_status')).toEqual([]);
  });
  test.each([['nothing but fruit since Easter, plus a few nuts', /fruit/], ['I only eat fish these days', /fish/]])('%s is a diet', (text, value) =>
    expect(has(said(text), 'user', 'diet', value)).toBe(true),
  );
  test.each([['I only eat fish on Fridays'], ['nothing but toast for breakfast'], ['nothing but rain all week']])('no diet or pet — %s', (text) => {
    const facts = said(text);
    expect([...keyed(facts, 'diet'), ...keyed(facts, 'pet')]).toEqual([]);
  });
});

describe('a medicine taken, then the body reacting', () => {
  test('is an allergy to the medicine', () => {
    expect(has(said('last time I took penicillin my lips swelled up and I came out in hives'), 'user', 'allergy', /penicillin/)).toBe(true);
  });
  test.each([['took the bus and my feet swelled up in the heat'], ['I took ibuprofen and the pain went']])('no allergy — %s', (text) => expect(keyed(said(text), 'allergy')).toEqual([]));
});

describe("someone's report in a later clause", () => {
  test("is dropped, not the speaker's clauses before it", () => {
    const facts = said('so, news, packed in my job at Kmart on Friday, walked out at lunch, mum reckons I will be back in a week', ['another shift at Kmart tonight']);
    expect(has(facts, 'user', 'employer', /kmart/, 'retract')).toBe(true);
    expect(has(said('traded the Hilux in for a Leaf, my uncle says I have gone soft'), 'user', 'vehicle', /leaf/)).toBe(true);
  });
  test('a report that opens the sentence is still skipped', () => {
    expect(keyed(said('my mum says I should move to Leeds'), 'location')).toEqual([]);
  });
});

describe('a shift worked, and the last one', () => {
  test.each([
    ['on a late at Greggs again, the stockroom is chaos', /greggs/],
    ['another double shift at Nando’s, feet are gone', /nando/],
  ])('%s', (text, value) => expect(has(said(text), 'user', 'employer', value)).toBe(true));
  test('no employer from a day out or a journey', () => {
    expect(keyed(said('another day at Bondi Beach, bliss'), 'employer')).toEqual([]);
    expect(keyed(said('on a train at Euston, delayed again'), 'employer')).toEqual([]);
  });
  test('a last shift with no place named ends the employer the exchange holds', () => {
    expect(has(said('last shift is on Saturday, can not wait', ['on a late at Greggs again']), 'user', 'employer', /greggs/, 'retract')).toBe(true);
    expect(keyed(said('last shift is on Saturday, can not wait'), 'employer')).toEqual([]);
  });
});

describe('where one drives', () => {
  test('is where one lives, for the clause about now', () => {
    expect(has(said('my cousin Ibrahim drives a taxi in Mombasa'), 'ibrahim', 'location', /mombasa/)).toBe(true);
    expect(keyed(said('we drove a campervan in Iceland last summer'), 'location')).toEqual([]);
  });
});

describe('the body reacting is no activity', () => {
  test('no event for a symptom, still one for a doing', () => {
    expect(keyed(said('tried the satay yesterday and my throat closed up in minutes'), 'event_activity').filter((f) => /throat/.test(f))).toEqual([]);
    expect(keyed(said('my lips swelled up again at lunch yesterday'), 'event_activity')).toEqual([]);
    expect(has(said('climbed Pen y Fan yesterday with the dog'), 'user', 'event_activity', /climbed/)).toBe(true);
  });
});

describe('a breed the lexicon does not hold, beside a name, with no commas', () => {
  test.each([
    ['my Lagotto Fennel dug up the whole lawn again', /fennel/],
    ['Pickering our Schipperke has shed enough fur to knit another dog', /pickering/],
  ])('%s', (text, name) => expect(has(said(text), 'user', 'pet', name)).toBe(true));
  test.each([['our Airbnb Host was rude'], ['my Instagram Stories got loads of views'], ['my Uncle Joe lives in Leeds']])('no pet — %s', (text) => expect(keyed(said(text), 'pet')).toEqual([]));
  test('a new workplace in a place is where they live', () => {
    expect(has(said('my cousin Fionnuala, 20, just started at Lidl in Galway'), 'fionnuala', 'location', /galway/)).toBe(true);
  });
});

describe('after reading r60–r62 (scored once): unions as of a day, a first thing done, "-based", "ja"', () => {
  const { asked } = wordnetFacts(wordnet);
  test('"married as of Saturday" is the speaker\'s milestone and status', () => {
    const facts = said('officially married as of Sunday!! still grinning');
    expect(has(facts, 'user', 'event_milestone', /married/)).toBe(true);
    expect(has(facts, 'user', 'relationship_status', /married/)).toBe(true);
    expect(keyed(said('we have been married since 2010'), 'event_milestone')).toEqual([]);
  });
  test('a first thing said done is a first feat', () => {
    expect(has(said('FIRST BUNGEE JUMP done today!!! never again'), 'user', 'event_milestone', /bungee/i)).toBe(true);
  });
  test('"-based" places, and a hyphenated place is no name', () => {
    expect(has(said("I'm Bristol-based these days"), 'user', 'location', /bristol/)).toBe(true);
    const facts = said('my brother is Glasgow-based');
    expect(has(facts, 'brother', 'location', /glasgow/)).toBe(true);
    expect(facts.filter((f) => /sibling\|glasgow/.test(f))).toEqual([]);
  });
  test('"ja" is a yes', () => {
    expect(has(asked('Still in Durban?', 'ja, still here'), 'user', 'location', /durban/)).toBe(true);
  });
});
