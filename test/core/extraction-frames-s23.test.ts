/**
 * @module test/core/extraction-frames-s23
 * Session 23: a body part is no language ("my tongue went numb"); "shift" as a verb names no workplace; a sentence that
 * keeps fish while ruling meat out is pescatarian, whichever reader saw it; "Been a chef for years" (a capitalised
 * auxiliary); an activity of two words taken up; a fond word before a pet's name ("our old girl Bella was put down");
 * a capitalised name the tagger read as a verb ("we found Scout a new home"); a milestone told of "he" / "she" is not
 * the speaker's; "that's me done at X after N years" ends a job; "he's got skin cancer"; a colleague "from IT"; amma /
 * appa; a newborn named with its birth weight; "our little boy Sam" is no vehicle. Sentences of our own, each beside
 * negatives.
 */
import { describe, expect, test } from 'vitest';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { wordnetFacts } from './extraction-harness.ts';
import { dietByFoods } from '../../src/core/extraction/rules/health.ts';
import { opinions } from '../../src/core/extraction/rules/opinions.ts';

const wordnet = openLexicon({}).lexicon;
const { said } = wordnetFacts(wordnet);
const keyed = (key: string, text: string) => said(text).filter((f) => f.split('|')[1] === key).map((f) => f.replace(/\|assert$/, ''));
/** The opinion keys read from a text. */
const opinionKeys = (text: string) => said(text).filter((f) => f.split('|')[1].startsWith('opinion_')).map((f) => f.split('|')[1]);

describe('a body part is no language', () => {
  test.each([['My tongue went numb after the prawns.'], ['my lips and tongue swelled up at dinner'], ['My tongue is still sore from the burn.']])('%s', (text) =>
    expect(keyed('language', text)).toEqual([]),
  );
  test.each([
    ['my spanish is rusty', 'spanish'],
    ['My Tagalog is fluent but my reading is slow.', 'tagalog'],
  ])('%s', (text, lang) => expect(keyed('language', text)).toEqual([`user|language|${lang}`]));
});

describe('"shift" as a verb names no workplace', () => {
  test.each([['should I shift closer to my office in Whitefield or buy a scooter?'], ['we might shift to a flat in Northcote'], ['can you shift my meeting at Deloitte to Friday?']])('%s', (text) =>
    expect(keyed('employer', text)).toEqual([]),
  );
  test.each([
    ['any tips for staying awake on night shifts at the Amazon warehouse?', 'amazon'],
    ['did a double shift at Nando\'s and my feet are done', "nando's"],
  ])('%s', (text, org) => expect(keyed('employer', text)).toEqual([`user|employer|${org}`]));
});

describe('fish kept, meat ruled out: pescatarian', () => {
  test.each([
    ["I'm fine with seafood but I gave up beef and pork years ago"],
    ["I eat fish and prawns but I haven't had chicken in years"],
    ["I haven't touched red meat or chicken since 2019, still have salmon though"],
    ["haven't touched red meat or chicken since 2019, still have salmon though"],
  ])('%s', (text) => expect(keyed('diet', text)).toEqual(['user|diet|pescatarian']));
  test.each([
    ["I haven't touched meat since March", 'user|diet|vegetarian'],
    ["I don't eat meat", 'user|diet|vegetarian'],
  ])('%s', (text, fact) => expect(keyed('diet', text)).toEqual([fact]));
  test.each([["I'd eat fish but no meat if I could"], ['I still have fish']])('%s: no diet', (text) => expect(keyed('diet', text)).toEqual([]));
  test.each([
    ["I haven't touched beef in a decade but I still eat fish", 'pescatarian'],
    ["I'm fine with salmon, just no chicken or lamb", 'pescatarian'],
    ["haven't eaten meat or fish in years, I still have eggs", 'vegetarian'],
    ['I still have fish', null],
  ])('dietByFoods: %s', (text, want) => expect(dietByFoods(text)).toBe(want));
});

describe('a capitalised auxiliary opens a subjectless role', () => {
  test.each([
    ['Been a sous chef for four years now and the hours are wrecking me', 'sous chef'],
    ['Been a postman for twenty years.', 'postman'],
  ])('%s', (text, role) => expect(keyed('job_title', text)).toEqual([`user|job_title|${role}`]));
  test.each([['Been to Paris twice.'], ['Been a long week.']])('%s: no role', (text) => expect(keyed('job_title', text)).toEqual([]));
});

describe('an activity of two words taken up', () => {
  test.each([
    ['Took up lawn bowls at the local club on Saturdays', 'lawn bowls'],
    ['I took up rock climbing', 'rock climbing'],
    ['took up wild swimming this summer', 'wild swimming'],
    ['I took up bowling', 'bowling'],
  ])('%s', (text, hobby) => expect(keyed('hobby', text)).toEqual([`user|hobby|${hobby}`]));
  test.each([['it took up too much time'], ['took up the offer'], ['the sofa takes up half the room']])('%s: no hobby', (text) => expect(keyed('hobby', text)).toEqual([]));
});

describe('a pet named after a fond word, or after a verb the tagger read it as', () => {
  test.each([
    ['Our boy Rex had to be put to sleep today', 'rex'],
    ['Our old girl Bella had to be put down this morning. 14 years of her sleeping by the door.', 'bella'],
    ['we found Scout a new home on a cattle farm near Dubbo', 'scout'],
  ])('%s', (text, name) => expect(keyed('pet', text)).toEqual([`user|pet|${name}|retract`]));
  test.each([['Our boy Tom died last year'], ['My girl Ava got a new phone'], ['my boy Sam went to live with his dad in Perth'], ['our lad Kai ran off with the car keys again']])('%s: no pet ended', (text) =>
    expect(keyed('pet', text)).toEqual([]),
  );
});

describe('a milestone told of he / she is not the speaker\'s', () => {
  test.each([['he turned 14 last month'], ["she only turned 9 in March so she's 9 not 10"]])('%s', (text) => expect(keyed('event_milestone', text)).toEqual([]));
  test('the speaker\'s own still is', () => expect(keyed('age', 'I turned 40 last week')).toEqual(['user|age|40']));
});

describe('out of a named workplace after a span: the job ended', () => {
  test.each([
    ["that's me done at Telstra, handed back the laptop this arvo after six years on the help desk", 'telstra'],
    ["Well that's me finished at Asda after 8 years!", 'asda'],
    ["I'm finished at Asda after six years", 'asda'],
  ])('%s', (text, org) => expect(keyed('employer', text)).toEqual([`user|employer|${org}|retract`]));
  test.each([["that's me done for the day"], ["I'm done at Leeds after three years, moving south"]])('%s: no employer ended', (text) =>
    expect(keyed('employer', text).filter((f) => f.endsWith('|retract'))).toEqual([]),
  );
});

describe('conditions and colleagues', () => {
  test.each([
    ["Gary from IT, he's 50, told us at lunch that he's got skin cancer. What do I say?", 'colleague gary|health_condition|skin cancer'],
    ['Colin from work told us he has skin cancer', 'colleague colin|health_condition|skin cancer'],
    ["I've got asthma", 'user|health_condition|asthma'],
  ])('%s', (text, fact) => expect(keyed('health_condition', text)).toEqual([fact]));
  test.each([["I haven't got cancer, thank god"], ['Does he have skin cancer?']])('%s: no condition', (text) => expect(keyed('health_condition', text)).toEqual([]));
});

describe('kin and newborns', () => {
  test('amma with her name and age', () =>
    expect(said('Amma (Lakshmi) is 59 and she is flying to Perth in January.').filter((f) => /\|(?:parent|age)\|/.test(f))).toEqual(['user|parent|lakshmi (amma)|assert', 'amma lakshmi|age|59|assert']));
  test.each([
    ['Our little boy arrived on Tuesday!! Oliver, 3.5kg and perfect.', 'oliver (son)'],
    ['Our daughter arrived last night - Freya, 3kg', 'freya (daughter)'],
    ["Our baby girl arrived on Saturday!! Ivy, 7lb 2oz, and she's perfect", 'ivy (daughter)'],
    ['Our son arrived on Wednesday. Arlo, 3.6kg. How often should he feed?', 'arlo (son)'],
  ])('%s', (text, child) => expect(keyed('child', text)).toContain(`user|child|${child}`));
  test.each([['The parcel arrived today. Monty, 4kg bag of dog food.'], ['Our friend Sam arrived on Tuesday. Ruby, 3kg, is their cat.']])('%s: no named child', (text) =>
    expect(keyed('child', text).filter((f) => /\(/.test(f))).toEqual([]),
  );
  test('a name after a person\'s noun is no vehicle', () => expect(keyed('vehicle', 'our little boy Sam is 4')).toEqual([]));
  test('a make after "my" still is', () => expect(keyed('vehicle', 'My Land Rover Defender is older than I am')).toEqual(['user|vehicle|land rover defender']));
});

describe('a finding on the body told by a clinician; a food a clinician says to avoid', () => {
  test.each([
    ['The dermatologist says the patches on my elbows are psoriasis.', 'psoriasis'],
    ['the GP reckons the pain in my wrist is tendonitis', 'tendonitis'],
  ])('%s', (text, condition) => expect(keyed('health_condition', text)).toEqual([`user|health_condition|${condition}`]));
  test.each([['the doctor says the rash on his arm is eczema'], ['my mate says the rash on my leg is scabies'], ['the GP thinks the rash on my leg might be eczema']])('%s: no condition', (text) =>
    expect(keyed('health_condition', text)).toEqual([]),
  );
  test.each([
    ['my lips went tingly after some cashews and the doctor says I have to avoid all tree nuts now', 'tree nuts'],
    ['the allergist says I have to avoid shellfish completely', 'shellfish'],
    ['my throat went tight at dinner and the GP says I should avoid sesame', 'sesame'],
  ])('%s', (text, food) => expect(keyed('allergy', text)).toEqual([`user|allergy|${food}`]));
  test.each([['my GP says I need to avoid salt'], ['my personal trainer says I have to avoid sugar'], ['my lips went numb at the dentist and my mum says I should avoid toffee']])('%s: no allergy', (text) =>
    expect(keyed('allergy', text)).toEqual([]),
  );
});

describe('a job left, then a new one started, in one sentence; a roster at work', () => {
  test('the job left ends, the new one starts', () => {
    const facts = said('Left Tesco last week, starting at Aldi next month');
    expect(facts.filter((f) => /\|(?:employer|event_job_start)\|/.test(f))).toEqual(['user|employer|tesco|retract', 'user|employer|aldi|assert', 'user|event_job_start|starting at aldi|assert']);
  });
  test('a gerund start after anything but leaving stays in its clause', () => expect(said('left the house early, starting at the gym at 6').filter((f) => /\|employer\|/.test(f))).toEqual([]));
  test.each([
    ['got rostered on the tills at Kmart again, any tips for long shifts?', 'kmart'],
    ["I'm rostered on at Woolworths all weekend", 'woolworths'],
  ])('%s', (text, org) => expect(keyed('employer', text)).toEqual([`user|employer|${org}`]));
  test.each([['got stuck in traffic again, any tips?'], ['the rota at Kmart is a mess, any tips?']])('%s: no employer', (text) => expect(keyed('employer', text)).toEqual([]));
});

describe('children named with ages after a service done for them are not the speaker\'s', () => {
  test.each([['I tutor maths for Ava (12) and Leo (9) on Saturdays'], ['I coach football for Sam (8) and Theo (10)'], ['we mostly mind Ruby (3) and Jack (1) for the neighbours']])('%s', (text) =>
    expect(keyed('child', text)).toEqual([]),
  );
  test('a thing the speaker does for their own still names them', () =>
    expect(keyed('child', 'packing lunches for Zoe (7), Max (5) and Lily (3) again')).toEqual(['user|child|zoe (child)', 'user|child|max (child)', 'user|child|lily (child)']));
});

describe('an adverb after a relation is no name', () => {
  test.each([['my grandad nearly died last year', /nearly/i], ['my mum really loves gardening', /really/i]])('%s', (text, word) =>
    expect(said(text).some((f) => word.test(f.split('|')[0]) || word.test(f.split('|')[2]))).toBe(false),
  );
});

describe('a named work judged after the fact', () => {
  test.each([
    ['Honestly the new Dune film was a massive letdown', 'opinion_dune_film'],
    ['the Oasis gig was incredible', 'opinion_oasis_gig'],
    ['the new iPhone is a rip-off', 'opinion_iphone'],
  ])('%s', (text, key) => expect(opinionKeys(text)).toEqual([key]));
  test.each([['The weather was great'], ['Dinner was great'], ['the film was a documentary about Dune']])('%s: no opinion', (text) => expect(opinionKeys(text)).toEqual([]));
});

describe('a treatment is care, not a pastime', () => {
  test.each([['just finished my last chemo session, ringing the bell tomorrow'], ['physio sessions twice a week for my knee'], ['my therapy sessions are helping a lot']])('%s', (text) =>
    expect(keyed('hobby', text)).toEqual([]),
  );
  test.each([
    ['great yoga session this morning', 'yoga'],
    ['I go to shakuhachi lessons', 'shakuhachi'],
  ])('%s', (text, hobby) => expect(keyed('hobby', text)).toEqual([`user|hobby|${hobby}`]));
  test('a clipped treatment is no name', () => expect(said('just finished my last chemo session').join(' ')).not.toMatch(/Chemo/));
});

describe('stance: openers, turns, a "not" before the verdict, a gerund subject', () => {
  test.each([
    ['Gotta admit, padel has won me over. played three times this week', 'opinion_padel'],
    ['Lisbon blew me away, already planning to go back', 'opinion_lisbon'],
    ["swimming's become a chore lately, I keep skipping it", 'opinion_swimming'],
    ['vinyl is overpriced nonsense, I am sticking with Spotify', 'opinion_vinyl'],
  ])('%s', (text, key) => expect(opinionKeys(text)).toEqual([key]));
  test.each([['the storm blew my fence away'], ['I have to admit I forgot'], ['running is my therapy']])('%s: no opinion', (text) => expect(opinionKeys(text)).toEqual([]));
  test('"not" before the verdict turns the stance', () => {
    const stances = (text: string) => opinions(null, text, null, text).map((d) => d.metadata?.stance);
    expect(stances('golf is not boring')).toEqual(['positive']);
    expect(stances('golf is really not great')).toEqual(['negative']);
    expect(stances('golf is just boring')).toEqual(['negative']);
  });
  test('a gerund subject keeps its hobby reading', () => expect(keyed('hobby', 'running is my therapy')).toEqual(['user|hobby|running']));
});

describe('fed up with a thing: an opinion against it', () => {
  test.each([
    ["I'm so over Marvel films", 'opinion_marvel'],
    ["after the third flat tyre I'm officially sick of cycling to work", 'opinion_cycling'],
    ["I'm so bored of Netflix these days", 'opinion_netflix'],
  ])('%s', (text, key) => expect(opinionKeys(text)).toEqual([key]));
  test.each([["I'm over it"], ["I'm so tired of waiting"], ['Am I sick of the course?'], ["I'm done with woodturning, way too noisy"], ["I'm tired of being an afterthought"]])('%s: no opinion', (text) =>
    expect(opinionKeys(text)).toEqual([]),
  );
});

describe('a thing given a go, then the experience of it', () => {
  test.each([
    ['so I gave opera a proper go last night and hated every minute', 'opinion_opera'],
    ['gave padel a try and loved it', 'opinion_padel'],
  ])('%s', (text, key) => expect(opinionKeys(text)).toEqual([key]));
  test.each([['gave him a chance and loved it'], ['gave it a go and hated it']])('%s: no opinion', (text) => expect(opinionKeys(text)).toEqual([]));
});

describe('a thing judged by whether it suits the speaker', () => {
  test.each([
    ["Jazz just isn't my thing", 'opinion_jazz'],
    ['opera is not my cup of tea', 'opinion_opera'],
    ['camping is not for me', 'opinion_camping'],
    ['padel is my jam', 'opinion_padel'],
  ])('%s', (text, key) => expect(opinionKeys(text)).toEqual([key]));
  test.each([['this one is for me'], ["it's not my thing"], ["that dress isn't for me"], ['My sister is not my thing']])('%s: no opinion', (text) => expect(opinionKeys(text)).toEqual([]));
  test('the stance follows the denial', () => {
    expect(opinions(null, 'x', null).length).toBe(0);
    const facts = wordnetFacts(wordnet).run([{ role: 'user', content: 'golf is not really my thing' }]);
    expect(facts.filter((f) => f.includes('opinion_golf'))).toEqual(['user|opinion_golf|golf: not my thing|assert']);
  });
});
