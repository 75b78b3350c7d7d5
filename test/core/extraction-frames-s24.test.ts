/**
 * @module test/core/extraction-frames-s24
 * Session 24: a heading and a colon before a list ("Kids: …", "Languages I speak: …", "Allergies: …"); a relation said
 * after the name ("X is a midwife in Galway, and she's my older sister"); a list of three objects after "allergic to"
 * or "my hobbies are"; a parent's self-introduction with an age ("Dad of two here, 38"); a named relative's condition
 * said with a possessive ("my uncle Ray's arthritis"); a rash or hives after taking a drug is an allergy; an age put
 * right after "I said N earlier"; a defended or finished degree is education; joining is only a plan while it is
 * thought about. Sentences of our own, each beside negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { TS, wordnetFacts } from './extraction-harness.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { resolveDate } from '../../src/core/extraction/dates.ts';

const wordnet = openLexicon({}).lexicon;
const { said, asked } = wordnetFacts(wordnet);
/** The opinions read from a text, with their stances. */
const wordnetStances = (text: string) =>
  extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet)
    .filter((c) => c.key.startsWith('opinion_'))
    .map((c) => ({ key: c.key, stance: c.metadata?.stance }));
const keyed = (key: string, text: string) => said(text).filter((f) => f.split('|')[1] === key).map((f) => f.replace(/\|assert$/, ''));

describe('a heading and a colon before a list', () => {
  test.each([
    ['Kids: Tomasz (12), Hanna (9), Olek (4).', 'child', ['user|child|tomasz (child)', 'user|child|hanna (child)', 'user|child|olek (child)']],
    ['Languages I speak: Yoruba (native), French, Portuguese (basic).', 'language', ['user|language|yoruba', 'user|language|french', 'user|language|portuguese']],
    ['Languages: Tamil, English, Malay.', 'language', ['user|language|tamil', 'user|language|english', 'user|language|malay']],
    ['Allergies: sesame, kiwi.', 'allergy', ['user|allergy|sesame', 'user|allergy|kiwi']],
    ["Things I'm allergic to: latex, penicillin and wasp stings.", 'allergy', ['user|allergy|latex', 'user|allergy|penicillin', 'user|allergy|wasp stings']],
    ['Hobbies: bouldering, crochet, chess.', 'hobby', ['user|hobby|bouldering', 'user|hobby|crochet', 'user|hobby|chess']],
  ])('%s', (text, key, facts) => expect(keyed(key, text).sort()).toEqual([...facts].sort()));
  test('ages of the listed kids', () => expect(keyed('age', 'Kids: Tomasz (12), Hanna (9), Olek (4).').sort()).toEqual(['child hanna|age|9', 'child olek|age|4', 'child tomasz|age|12']));
  test.each([
    ['Allergies: none.', 'allergy'],
    ['Allergies: none that I know of.', 'allergy'],
    ['Languages I want to learn: Korean, Italian.', 'language'],
    ['Question: what languages should I learn, Korean or Italian?', 'language'],
    ['Note: the boiler is making a noise again.', 'event_appointment'],
  ])('%s: nothing', (text, key) => expect(keyed(key, text)).toEqual([]));
});

describe('a list of three after "allergic to" or "my hobbies are"', () => {
  test.each([
    ["I'm allergic to peanuts, shellfish and latex.", 'allergy', ['user|allergy|peanuts', 'user|allergy|shellfish', 'user|allergy|latex']],
    ['My hobbies are climbing, sourdough and chess.', 'hobby', ['user|hobby|climbing', 'user|hobby|sourdough', 'user|hobby|chess']],
  ])('%s', (text, key, facts) => expect(keyed(key, text).sort()).toEqual([...facts].sort()));
  test.each([
    ["I'm allergic to peanuts, so I always carry an EpiPen.", ['user|allergy|peanuts']],
    ["I'm allergic to cats, which is awkward because my girlfriend has two.", ['user|allergy|cats']],
  ])('%s: one item', (text, facts) => expect(keyed('allergy', text)).toEqual(facts));
});

describe('a relation said after the name', () => {
  test('the sister, her age, job and city', () =>
    expect(said("Bronagh (31) is a midwife in Galway, and she's my older sister.").sort()).toEqual(
      ['user|sibling|bronagh (sister)', 'sister bronagh|age|31', 'sister bronagh|job_title|midwife', 'sister bronagh|location|galway'].map((f) => `${f}|assert`).sort(),
    ));
  test('a cousin at a company', () => expect(keyed('employer', "Dele works at Unilever in Lagos and he's my cousin.")).toEqual(['cousin dele|employer|unilever']));
  test.each([["Bronagh is a midwife in Galway, and she's my favourite person."], ["Dele works at Unilever and he's my age."]])('%s: no relation', (text) =>
    expect(said(text).filter((f) => /\|(?:sibling|employer|job_title)\|/.test(f) && f.startsWith('user|'))).toEqual([]),
  );
});

describe("a parent's self-introduction with an age", () => {
  test.each([
    ['Dad of two here, 38, and my son just started school.', 'user|age|38'],
    ['Mum of three here (42), looking for quick dinners.', 'user|age|42'],
  ])('%s', (text, fact) => expect(keyed('age', text).filter((f) => f.startsWith('user|'))).toEqual([fact]));
  test.each([['Mum of three here, 5 minutes before the school run.'], ['Dad of two here, 3 kids in the car somehow.']])('%s: no age', (text) =>
    expect(keyed('age', text).filter((f) => f.startsWith('user|'))).toEqual([]),
  );
});

describe("a named relative's condition said with a possessive", () => {
  test.each([
    ["My uncle Ray's arthritis is flaring up again.", 'uncle ray|health_condition|arthritis'],
    ["My friend Suki's asthma has been bad all week.", 'friend suki|health_condition|asthma'],
  ])('%s', (text, fact) => expect(keyed('health_condition', text)).toEqual([fact]));
  test.each([["My uncle Ray's garden is flooding again."], ["My friend Suki's car has been bad all week."]])('%s: no condition', (text) => expect(keyed('health_condition', text)).toEqual([]));
});

describe('hives or a rash after taking a drug: an allergy', () => {
  test.each([
    ['I broke out in hives after taking amoxicillin.', 'user|allergy|amoxicillin'],
    ['Came out in a rash all over after taking ibuprofen last week.', 'user|allergy|ibuprofen'],
  ])('%s', (text, fact) => expect(keyed('allergy', text)).toEqual([fact]));
  test.each([['I felt much better after taking ibuprofen.'], ['I broke out in a sweat after running to the bus.']])('%s: no allergy', (text) => expect(keyed('allergy', text)).toEqual([]));
});

describe('an age put right', () => {
  test.each([
    ["just realised I said 52 earlier, I'm actually 54", 'user|age|54|correct'],
    ["I'm actually 54, not 52", 'user|age|54|correct'],
  ])('%s', (text, fact) => expect(said(text, ["I'm 52 and training for a half marathon"]).filter((f) => f.split('|')[1] === 'age')).toEqual([fact]));
});

describe('a defended or finished degree is education', () => {
  test.each([
    ['Defended my PhD this morning!!', 'phd'],
    ['Finished my MBA last week, still buzzing.', 'mba'],
  ])('%s', (text, degree) => expect(keyed('education', text).map((f) => f.toLowerCase())).toEqual([`user|education|${degree}`]));
  test.each([['My sister defended her PhD today.'], ['Finished my shift last week.']])('%s: not the speaker\'s degree', (text) => expect(keyed('education', text)).toEqual([]));
});

describe('joining is only a plan while it is thought about', () => {
  test.each([["I'm thinking of joining Deloitte."], ['My roommate is thinking about joining the Coast Guard.'], ['considering joining Accenture after graduation']])('%s: no employer', (text) =>
    expect(said(text).filter((f) => f.split('|')[1] === 'employer')).toEqual([]),
  );
  test.each([
    ['I joined Deloitte in March.', 'user|employer|deloitte'],
    ['My roommate just joined the Coast Guard.', 'roommate|employer|coast guard'],
  ])('%s', (text, fact) => expect(keyed('employer', text)).toEqual([fact]));
});

describe("a third party's condition told after a clause of theirs, or as \"his\" / \"her\" illness", () => {
  test.each([
    ['My neighbour Jim retired last year and he says he has Parkinson\'s.', "neighbour jim|health_condition|parkinson's"],
    ['My dad is moving in with us because his dementia has got worse.', 'dad|health_condition|dementia'],
    ['My older brother Kofi, 44, drives a bus in Accra and his gout is playing up again.', 'brother kofi|health_condition|gout'],
  ])('%s', (text, fact) => expect(keyed('health_condition', text)).toEqual([fact]));
  test.each([['My brother is worried his wife\'s diabetes is getting worse.'], ['My sister says her boss\'s asthma is bad.'], ['My boss Tina moved to Leeds and she told me I have to work Saturdays.']])('%s: none of theirs', (text) =>
    expect(keyed('health_condition', text).filter((f) => !f.includes('wife') && !f.includes('boss'))).toEqual([]),
  );
});

describe('a late yes to a still-check, with news after it', () => {
  test.each([
    ['Are you still at Sainsbury\'s?', 'still there, yeah. on the tills now', "user|employer|sainsbury's"],
  ])('%s — %s', (q, a, fact) => expect(asked(q, a).filter((f) => f.split('|')[1] === 'employer').map((f) => f.replace(/\|assert$/, ''))).toEqual([fact]));
  test.each([['Are you still at Sainsbury\'s?', 'left in May, yeah. I\'m at Lidl now']])('%s — %s: not confirmed', (q, a) =>
    expect(asked(q, a).filter((f) => f.includes("sainsbury's") && f.endsWith('|assert'))).toEqual([]),
  );
});

describe('a liking for a while that wears off is mixed', () => {
  const stanceOf = (text: string, key: string) => {
    const c = wordnetStances(text).find((x) => x.key === key);
    return c ? c.stance : null;
  };
  test.each([
    ["summer is great for about two weeks, then I'm over it", 'opinion_summer'],
    ['karaoke is fun for an hour, then I get bored', 'opinion_karaoke'],
    ['camping is lovely for a night, then it gets old', 'opinion_camping'],
  ])('%s', (text, key) => expect(stanceOf(text, key)).toBe('mixed'));
  test.each([['summer is great for a long weekend away'], ['karaoke is fun for an hour or two']])('%s: positive', (text) => expect(wordnetStances(text).map((x) => x.stance)).toEqual(['positive']));
});

describe('a booked thing named by a medical kind before its head; a corrected day of the month stays in its month', () => {
  const dated = (text: string, prev: string[] = []) =>
    extractOffline(
      [{ role: 'user', content: text }],
      { timestamp: TS, sessionId: 's', recentTurns: prev.map((p, i) => ({ id: `p${i}`, scope: 'u:t', sessionId: 's', userId: 't', agentId: null, seq: i + 1, timestamp: TS, messages: [{ role: 'user' as const, content: p }], text: '', terms: '', termCount: 0, metadata: {}, createdAt: TS })) },
      true,
      undefined,
      wordnet,
    ).map((c) => `${c.key}|${c.value.toLowerCase()}|${c.op}|${c.eventDate ?? ''}`);
  test('physical therapy evaluation', () => expect(dated('my physical therapy evaluation is Friday 20 December')).toEqual(['event_appointment|physical therapy evaluation|assert|2024-12-20']));
  test('speech therapy review', () => expect(dated('my speech therapy review is on the 3rd of June')).toEqual(['event_appointment|speech therapy review|assert|2024-06-03']));
  test.each([['the school play is on Friday'], ['my car service is on Friday']])('%s: no appointment', (text) => expect(dated(text).filter((f) => f.startsWith('event_appointment'))).toEqual([]));
  test('Thursday the 19th, not Friday', () =>
    expect(dated("my bad, it's Thursday the 19th, not Friday.", ['my physical therapy evaluation is Friday 20 December'])).toEqual(['event_appointment|physical therapy evaluation|correct|2024-12-19']));
});

describe('an age and a role under one copula; an acronym before a full stop ends the sentence', () => {
  test.each([
    ['My uncle Femi is 60 and a retired teacher.', 'uncle femi|job_title|retired teacher'],
    ["I'm 34 and a nurse in Cork.", 'user|job_title|nurse'],
  ])('%s', (text, fact) => expect(keyed('job_title', text)).toEqual([fact]));
  test('a condition in capitals before a closing question', () =>
    expect(keyed('health_condition', "My cousin Abi has just been diagnosed with MS. What can I do to help?")).toEqual(['cousin abi|health_condition|ms']));
  test('a job title after an age is not the age', () => expect(keyed('age', "I'm 34 and a nurse in Cork.")).toEqual(['user|age|34']));
});

describe('a list of languages after a label, with notes; a relative named in a fragment before "he"', () => {
  test.each([
    ['For my CV: Somali (native), Arabic (reading only) and a bit of Italian from school.', ['somali', 'arabic', 'italian']],
    ['Fluent Spanish, rusty French and a bit of German.', ['spanish', 'french', 'german']],
  ])('%s', (text, langs) => expect(keyed('language', text).sort()).toEqual(langs.map((l) => `user|language|${l}`).sort()));
  test.each([['Spanish, French and German.'], ['For the quiz: Paris, Rome and Madrid.']])('%s: no language', (text) => expect(keyed('language', text)).toEqual([]));
  test('so proud of my cousin, she…', () => expect(keyed('employer', 'So proud of my cousin Aisha, she just started on the graduate scheme at Unilever.')).toEqual(['cousin aisha|employer|unilever']));
});

describe('a later subject keeps its own negation; a bare "pass" is no death; leaving a pastime told to its leader; a clinician said short', () => {
  test('our road in a city, and now the bus does not stop', () =>
    expect(keyed('location', "Our street in Norwich has been dug up again and now the bin lorry into town doesn't come down it.")).toEqual(['user|location|norwich']));
  test.each([['Season ticket it is, then.'], ['Bus pass it is for now.']])('%s: nothing ends', (text) => expect(said(text).filter((f) => f.endsWith('|retract'))).toEqual([]));
  test.each([
    ["Told the orchestra conductor I won't be coming back.", 'user|hobby|orchestra|retract'],
    ["I won't be going back to choir, the new director is awful.", 'user|hobby|choir|retract'],
  ])('%s', (text, fact) => expect(said(text).filter((f) => f.split('|')[1] === 'hobby')).toEqual([fact]));
  test.each([["Told the team leader I won't be coming back after lunch."], ["I won't be going back to choir until after Christmas."]])('%s: no pastime ended', (text) =>
    expect(said(text).filter((f) => f.split('|')[1] === 'hobby')).toEqual([]),
  );
  test.each([
    ["the derm says it's psoriasis", 'user|health_condition|psoriasis'],
    ["after months of tests the neuro thinks it's migraine", 'user|health_condition|migraine'],
  ])('%s', (text, fact) => expect(keyed('health_condition', text)).toEqual([fact]));
});

describe("an animal's food with its name; a state the speaker checked is no opinion", () => {
  test.each([
    ["Pickle hasn't touched his flakes since Sunday and just hangs near the filter.", 'user|pet|pet named pickle'],
    ['Clover won\'t eat her pellets and sits in the corner all day.', 'user|pet|pet named clover'],
  ])('%s', (text, fact) => expect(keyed('pet', text)).toEqual([fact]));
  test("Tom hasn't touched his cornflakes.", () => expect(keyed('pet', "Tom hasn't touched his cornflakes.")).toEqual([]));
  test.each([['the water temperature is fine, I checked.'], ["The wiring is fine, I've checked it twice."]])('%s: no opinion', (text) => expect(wordnetStances(text)).toEqual([]));
  test('a stance stays one', () => expect(wordnetStances('The new Dune film is fine, honestly.').map((x) => x.stance)).toEqual(['positive']));
});

describe('a loan paid off by its last payment; a spaced dash after "today" is no subtraction; designer breeds', () => {
  test('the last payment on a loan, today', () =>
    expect(said("Made the last payment on our home loan today - 20 years and the house is fully ours!").filter((f) => f.split('|')[1] === 'event_milestone')).toEqual(['user|event_milestone|made the last payment on our home loan|assert']));
  test('dated today', () => expect(resolveDate('Paid off the car today - 5 years of payments done', new Date(TS), false)?.iso).toBe('2024-05-08'));
  test('made the last payment on the sofa is no milestone', () => expect(said('Made the last payment on the sofa today.').filter((f) => f.split('|')[1] === 'event_milestone')).toEqual([]));
  test.each([['Our cavoodle Bonnie keeps licking her paws.', 'user|pet|cavoodle named bonnie'], ['My spoodle Ziggy ate a sock.', 'user|pet|spoodle named ziggy']])('%s', (text, fact) =>
    expect(keyed('pet', text)).toEqual([fact]),
  );
});

describe('r82 classes by our own sentences', () => {
  test.each([
    ["My cousin Deepa, 41, teaches in Mysore and she has lupus.", 'cousin deepa|health_condition|lupus'],
    ["Gordon from the allotment is 70 and told me last week that he's got emphysema.", 'gordon|health_condition|emphysema'],
  ])('a condition after a clause of theirs: %s', (text, fact) => expect(keyed('health_condition', text).map((f) => f.replace(/^[a-z]+ gordon/, 'gordon'))).toEqual([fact]));
  test.each([
    ['The last time I had prawns my lips blew up and I was wheezing.', 'user|allergy|prawns'],
    ['The first time I tried kiwi I came out in hives.', 'user|allergy|kiwi'],
  ])('%s', (text, fact) => expect(keyed('allergy', text)).toEqual([fact]));
  test('the first time I … is when, not what', () => expect(keyed('allergy', 'The first time I had sushi I loved it.')).toEqual([]));
  test('a parent of N with an age, then a roster', () =>
    expect(said("Dad of two here, 39 - Maya's 12 and Leo's 9 and they never stop bickering.").filter((f) => /\|(?:age|child)\|/.test(f)).sort()).toEqual(
      ['child leo|age|9|assert', 'child maya|age|12|assert', 'user|age|39|assert', 'user|child|leo (child)|assert', 'user|child|maya (child)|assert'].sort(),
    ));
  test('twins named with their weights', () =>
    expect(keyed('child', 'Our twins arrived on Friday! Rosa and Elias, both doing well, 2.9 and 3.1 kg.').sort()).toEqual(['user|child|elias (child)', 'user|child|rosa (child)']));
  test.each([
    ['Sold the Fiesta and drove home in a Skoda Octavia.', 'user|vehicle|skoda octavia'],
    ['drove out of the showroom in my new Tesla', 'user|vehicle|tesla'],
  ])('%s', (text, fact) => expect(keyed('vehicle', text).filter((f) => !f.includes('fiesta'))).toEqual([fact]));
  test.each([['We drove around Skye in a hire car.'], ['I drove to work in Leeds.']])('%s: no vehicle', (text) => expect(keyed('vehicle', text)).toEqual([]));
  test('pulled the pin on an activity', () => expect(said('I pulled the pin on netball after my knee went.').filter((f) => f.split('|')[1] === 'hobby')).toEqual(['user|hobby|netball|retract']));
});

describe('a religious standard the food fails, worked round by the speaker', () => {
  test.each([
    ["The team dinner is at a grill house and none of the meat there is halal, so I'll just get the salad.", 'user|diet|halal'],
    ["The burgers at the stall aren't kosher so I'm eating before we go.", 'user|diet|kosher'],
  ])('%s', (text, fact) => expect(keyed('diet', text)).toEqual([fact]));
  test.each([['none of the meat there is halal.'], ["I don't eat halal, so I'll skip it."], ['Is the meat there halal?']])('%s: no diet', (text) => expect(keyed('diet', text)).toEqual([]));
});

describe('free time said by what fills it', () => {
  test.each([
    ['Saturdays are all wild swimming for me now.', 'user|hobby|wild swimming'],
    ['My evenings are mostly spent crocheting these days.', 'user|hobby|crocheting'],
    ['My spare time is basically pottery at the moment.', 'user|hobby|pottery'],
  ])('%s', (text, fact) => expect(keyed('hobby', text)).toEqual([fact]));
  test.each([['My evenings are mostly spent working.'], ['Weekends are all driving the kids to football.'], ['My days off are spent sleeping.']])('%s: no pastime', (text) => expect(keyed('hobby', text)).toEqual([]));
});

describe('idioms of appraisal on their subject; not a fan; an adverb is no pet name', () => {
  test.each([
    ['Loud open-plan offices drive me up the wall.', 'negative'],
    ['Honestly the school run does my head in.', 'negative'],
    ['Group chats get on my nerves.', 'negative'],
    ['Bluey never gets old.', 'positive'],
  ])('%s', (text, stance) => expect(wordnetStances(text).map((x) => x.stance)).toEqual([stance]));
  test.each([['It drives me crazy.'], ['He gets on my nerves.'], ['That drives me mad.']])('%s: no topic', (text) => expect(wordnetStances(text)).toEqual([]));
  test.each([
    ["I'm not a fan of sushi.", 'user|dislike|sushi'],
    ["I'm a fan of sushi.", 'user|like|sushi'],
    ["I can't get enough of Korean dramas.", 'user|like|korean dramas'],
  ])('%s', (text, fact) => expect(said(text).filter((f) => /\|(?:like|dislike)\|/.test(f)).map((f) => f.replace(/\|assert$/, ''))).toEqual([fact]));
  test('Honestly the commute does my head in: no pet', () => expect(keyed('pet', 'Honestly the commute does my head in.')).toEqual([]));
});

describe('starting at a place of learning is no job start', () => {
  test.each([['My son started at Bristol Uni in September.'], ['I started at Leeds College of Art last week!']])('%s', (text) => expect(said(text).filter((f) => f.split('|')[1] === 'event_job_start')).toEqual([]));
  test('a job at a school stays one', () =>
    expect(said('I start at Kingsmead Primary School on Monday as a teaching assistant.').filter((f) => f.split('|')[1] === 'event_job_start').length).toBe(1));
});

describe('a dropped subject before a verb with its object; back on a food', () => {
  test.each([
    ['Adopted our dog Pippin from the shelter.', ['user|pet|dog named pippin|assert']],
    ['Walked our dog Pippin in the rain.', ['user|pet|dog named pippin|assert']],
    ['Rehomed our rabbit Nibbles with a family in Kent.', ['user|pet|nibbles|retract']],
    ['Winifred our cat is 12.', ['user|pet|cat named winifred|assert']],
  ])('%s', (text, facts) => expect(said(text).filter((f) => f.split('|')[1] === 'pet')).toEqual(facts));
  test.each([["I'm back on the meat after five years veggie."], ["I'm back on meat."]])('%s', (text) =>
    expect(said(text).filter((f) => f.split('|')[1] === 'diet')).toEqual(['user|diet|vegetarian|retract']),
  );
  test("I'm back on the night shift: no diet", () => expect(said("I'm back on the night shift.").filter((f) => f.split('|')[1] === 'diet')).toEqual([]));
});

describe('a couple no longer together', () => {
  test.each([
    ["Priya and I aren't together anymore.", ['user|partner|priya|retract', 'user|relationship_status|single|assert']],
    ["My boyfriend Luca and I are no longer together.", ['user|partner|luca|retract', 'user|relationship_status|single|assert']],
    ["We're not together anymore.", ['user|relationship_status|single|assert']],
  ])('%s', (text, facts) => expect(said(text).filter((f) => /\|(?:partner|relationship_status)\|/.test(f)).sort()).toEqual([...facts].sort()));
  test.each([['Priya and I are still together.'], ["We're not together yet, just dating."]])('%s: nothing ends', (text) => expect(said(text).filter((f) => f.endsWith('|retract') || f.includes('|single|'))).toEqual([]));
});
