/**
 * @module test/core/extraction-frames-s7
 * Session-7 failure classes of the blind rounds r21–r26, each tested in wording of our own (never the rounds' lines),
 * written before the fix: a diet read from an avoidance predicate or an abstinence phrase over a food class (WordNet
 * hyponyms of meat, dairy product), objects coordinated past a prepositional phrase or a partitive, learning verbs
 * over languages, the "as <occupation>" phrase with a start predicate or a duration, in-law and step relations as
 * third parties, and short answers that confirm, elaborate or substitute the question's value. Each class has
 * negatives that must give nothing. Read with the lexicon the service uses (WordNet behind the port).
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { brief, TS } from './extraction-harness.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import type { Message } from '../../src/core/types.ts';

const wordnet = openLexicon({}).lexicon;

const read = (messages: Message[]) => brief(extractOffline(messages, { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet)).map((r) => r.toLowerCase());
/** One user message. */
const once = (text: string) => read([{ role: 'user', content: text }]);
/** A user's answer to the assistant's question. */
const answer = (question: string, reply: string) => read([{ role: 'assistant', content: question }, { role: 'user', content: reply }]);

function expectAll(rows: string[], wants: RegExp[]): void {
  for (const want of wants) expect(rows).toContainEqual(expect.stringMatching(want));
}

describe('diet by avoidance or abstinence over a food class', () => {
  test.each([
    // an avoidance predicate (avoid, steer clear of, cut out, give up, swear off) over a food
    ['I steer clear of gluten since the diagnosis', /^user\|diet\|gluten-free\|assert$/],
    ['cut out dairy completely last spring', /^user\|diet\|dairy-free\|assert$/],
    ['gave up pork and lamb when I was twenty', /^user\|diet\|vegetarian\|assert$/],
    // the food is a kind of meat or dairy product to WordNet, not a listed word
    ['haven\'t eaten bacon or sausages since 2019', /^user\|diet\|vegetarian\|assert$/],
    ['I avoid cheese and yoghurt these days', /^user\|diet\|dairy-free\|assert$/],
    // abstinence: a duration without a food, or since the last one
    ['five years without meat now and I feel great', /^user\|diet\|vegetarian\|assert$/],
    ['two years since my last burger or steak, lentils all the way', /^user\|diet\|vegetarian\|assert$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    // someone else's avoidance, a question, a plan, a refusal to give up, an avoided place
    ['my sister avoids dairy like the plague'], // (hers, if anyone's)
    ['should I cut out gluten for a while?'],
    ['I would never give up bacon'],
    ['I steer clear of the meat aisle on saturdays, too busy'],
    ['three years without a holiday, I need a break'],
    ['I might cut out dairy next month'],
  ])('%s gives the speaker no diet', (text) => {
    expect(once(text).filter((r) => r.startsWith('user|diet|'))).toEqual([]);
  });
});

describe('objects coordinated past a phrase or a partitive; learning verbs over languages', () => {
  test.each([
    ['I speak Dutch at work and Frisian with my gran', [/^user\|language\|dutch\|assert$/, /^user\|language\|frisian\|assert$/]],
    ['I speak Tagalog and a bit of Cebuano', [/^user\|language\|tagalog\|assert$/, /^user\|language\|cebuano\|assert$/]],
    ['I play the oboe and a little piano', [/^user\|hobby\|oboe\|assert$/, /^user\|hobby\|piano\|assert$/]],
    ['picked up some Italian from my grandmother', [/^user\|language\|italian\|assert$/]],
    // lower-case chat: the tagger reads "tamil" as an adjective with nothing after it
    ['i speak tamil at work and kannada with my nan', [/^user\|language\|tamil\|assert$/, /^user\|language\|kannada\|assert$/]],
    ['I learnt Greek at school and still use it', [/^user\|language\|greek\|assert$/]],
  ])('%s', (text, wants) => {
    expectAll(once(text), wants);
  });

  test.each([
    // a language learnt about, wished for, or someone else's
    ['I wish I had picked up some Italian as a kid'],
    ['my brother learnt Greek at school'],
    ['I speak to my gran at work and Frisian people with my dad'],
  ])('%s gives no language of the speaker', (text) => {
    expect(once(text).filter((r) => r.startsWith('user|language|'))).toEqual([]);
  });
});

describe('an occupation in an "as" phrase: start predicates and durations', () => {
  test.each([
    ['I started as a junior architect at Foster Partners', [/^user\|job_title\|junior architect\|assert$/, /^user\|employer\|foster partners\|assert$/]],
    ['joined Halden Robotics as a test engineer', [/^user\|employer\|halden robotics\|assert$/, /^user\|job_title\|test engineer\|assert$/]],
    ['ten years as a plumber and my knees are shot', [/^user\|job_title\|plumber\|assert$/]],
    ['fifteen years now as a paramedic, still love it', [/^user\|job_title\|paramedic\|assert$/]],
  ])('%s', (text, wants) => {
    expectAll(once(text), wants);
  });

  test.each([
    // a role, not a job; someone else's; a wish
    ['ten years as a member of the choir'],
    ['my dad spent thirty years as a plumber'],
    ['I would love ten years as a pilot'],
  ])('%s gives no job of the speaker', (text) => {
    expect(once(text).filter((r) => r.startsWith('user|job_title|'))).toEqual([]);
  });
});

describe('in-law and step relations are relatives (the lexicon), and third parties', () => {
  test.each([
    ['my sister-in-law Kirsty is a midwife', [/^.*kirsty\|job_title\|midwife\|assert$/]],
    ['Kirsty, my sister-in-law, lives in Inverness', [/^.*kirsty\|location\|inverness\|assert$/]],
    ['my father-in-law Desmond plays the bagpipes', [/^.*desmond\|hobby\|bagpipes\|assert$/]],
  ])('%s', (text, wants) => {
    const rows = once(text);
    expectAll(rows, wants);
    expect(rows.filter((r) => /^user\|(?:job_title|location|hobby|employer)\|/.test(r))).toEqual([]);
  });

  test.each([
    ['my brother-in-law works at Tesco'],
    ['my stepmum moved to Malaga last year'],
    ['my mother-in-law is a retired nurse'],
  ])('%s is not the speaker\'s', (text) => {
    expect(once(text).filter((r) => /^user\|(?:job_title|location|employer)\|/.test(r))).toEqual([]);
  });
});

describe('short answers that confirm, elaborate or substitute', () => {
  test.each([
    // an elaboration with no "yes": a frequency, a duration, a place of practice
    ['Do you still play the trumpet?', 'every weekend, in a brass band', /^user\|hobby\|trumpet\|assert$/],
    ['Do you still live in Leeds?', 'for six years now', /^user\|location\|leeds\|assert$/],
    // a "yes" after a hedge
    ['You mentioned you\'re learning Welsh, how\'s it going?', 'slowly, but yes', /^user\|language\|welsh\|assert$/],
    ['Is your brother\'s name Tomasz?', 'haha yep that\'s him', /^user\|sibling\|tomasz.*\|assert$/],
    // the question's slot filled with another value of the same kind
    ['Are you vegan?', 'vegetarian actually', /^user\|diet\|vegetarian\|assert$/],
    ['Any allergies I should know about?', 'sesame, quite badly', /^user\|allergy\|sesame\|assert$/],
    ['Do you have any food allergies?', 'kiwi and shellfish', /^user\|allergy\|kiwi\|assert$/],
  ])('%s / %s', (q, a, want) => {
    expect(answer(q, a)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['Do you still play the trumpet?', 'not since the kids arrived'],
    ['Do you still live in Leeds?', 'haha no, long gone'],
    ['Are you vegan?', 'no way, I love cheese too much'],
    ['Any allergies I should know about?', 'none at all'],
    ['Any allergies I should know about?', 'not that I know of, my son has a peanut one though'],
    ['Do you still play the trumpet?', 'why do you ask?'],
  ])('%s / %s states nothing of the question', (q, a) => {
    expect(answer(q, a).filter((r) => r.startsWith('user|') && /\|(?:hobby|location|diet|allergy)\|/.test(r) && r.endsWith('|assert'))).toEqual([]);
  });
});

describe('starting a pastime: take up, start + gerund, learning, grew up speaking', () => {
  test.each([
    ['took up archery again after years off', [/^user\|hobby\|archery\|assert$/]],
    ['started kayaking at uni and still paddle most weekends', [/^user\|hobby\|kayaking\|assert$/]],
    ['grew up speaking Punjabi at home', [/^user\|language\|punjabi\|assert$/]],
    ['been learning the harp at a community class', [/^user\|hobby\|harp\|assert$/]],
    ['two months into learning the ukulele and my fingers hurt', [/^user\|hobby\|ukulele\|assert$/]],
    ['my aunt has taken up pottery since she retired', [/aunt\|hobby\|pottery\|assert$/]],
  ])('%s', (text, wants) => {
    expectAll(once(text), wants);
  });

  test.each([
    ['started crying at the wedding, so embarrassing'],
    ['took up the offer of a lift home'],
    ['I might take up golf one day'],
    ['my son has been learning the violin for a year'],
  ])('%s gives the speaker no hobby', (text) => {
    expect(once(text).filter((r) => r.startsWith('user|hobby|'))).toEqual([]);
  });
});

describe('practice heads over languages; fragments of state and of frequency', () => {
  test.each([
    ['between my Polish lessons and work I am exhausted', [/^user\|language\|polish\|assert$/]],
    ['vegan here, so no cheese board for me', [/^user\|diet\|vegan\|assert$/]],
    ['single again, I guess', [/^user\|relationship_status\|single\|assert$/]],
    ['volleyball every thursday with the church lot', [/^user\|hobby\|volleyball\|assert$/]],
    ['chess twice a week at the library, I always lose', [/^user\|hobby\|chess\|assert$/]],
  ])('%s', (text, wants) => {
    expectAll(once(text), wants);
  });

  test.each([
    ['his Spanish lessons cost a fortune', /^user\|language\|/],
    ['the vegan options here are great', /^user\|diet\|/],
    ['rain every day this week, typical', /^user\|hobby\|/],
    ['meetings every monday with the whole team', /^user\|hobby\|/],
  ])('%s gives nothing of that kind', (text, none) => {
    expect(once(text).filter((r) => none.test(r))).toEqual([]);
  });
});

describe('third parties named by a relation without "my", and their new jobs', () => {
  test.each([
    ['my flatmate Oona just got a job as a radiographer', [/oona\|job_title\|radiographer\|assert$/]],
    ['Neighbour of mine, Joss, plays the tuba', [/joss\|hobby\|tuba\|assert$/]],
    ['Cousin Pietro lives in Turin now', [/pietro\|location\|turin\|assert$/]],
  ])('%s', (text, wants) => {
    const rows = once(text);
    expectAll(rows, wants);
    expect(rows.filter((r) => /^user\|(?:job_title|hobby|location)\|/.test(r))).toEqual([]);
  });
});

describe('endings said in active idioms, with nothing held', () => {
  test.each([
    ['Pickle slipped out the back gate last night and never came home', /^user\|pet\|pickle\|retract$/],
    ['our budgie flew off when I opened the cage', /^user\|pet\|budgie\|retract$/],
    ['Rolo went to a sanctuary up north, we could not cope', /^user\|pet\|rolo\|retract$/],
    ['traded the Micra for a Honda Jazz', /^user\|vehicle\|micra\|retract$/],
    ['traded the Micra for a Honda Jazz', /^user\|vehicle\|honda jazz\|assert$/],
    ['I am done with crochet, too fiddly', /^user\|hobby\|crochet\|retract$/],
    ['karate is over for me after the knee op', /^user\|hobby\|karate\|retract$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['my brother went to Spain and never came back', /\|retract$/],
    ['the film is over, finally', /\|retract$/],
    ['I am done with the dishes', /\|retract$/],
    ['traded stories with my gran for an hour', /\|vehicle\|/],
    ['our budgie flew around the room all morning', /\|retract$/],
  ])('%s ends nothing', (text, none) => {
    expect(once(text).filter((r) => none.test(r))).toEqual([]);
  });
});

describe('an allergy from a reaction and the food it followed', () => {
  test.each([
    ['every time I eat anything with mustard my throat gets scratchy', /^user\|allergy\|mustard\|assert$/],
    ['had to use my epipen after the hazelnut incident at work', /^user\|allergy\|hazelnut\|assert$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['my son needed his epipen after the peanut incident'],
    ['the hazelnut incident at work was hilarious'],
  ])('%s gives the speaker no allergy', (text) => {
    expect(once(text).filter((r) => r.startsWith('user|allergy|'))).toEqual([]);
  });
});

describe('endings of a car, a job or a pastime by phrasal idiom, nothing held', () => {
  test.each([
    ['the Clio has been written off after the crash', /^user\|vehicle\|clio\|retract$/],
    ['took voluntary redundancy from Lloyds last month', /^user\|employer\|lloyds\|retract$/],
    ['handed my laptop back at Ocado on friday, strange feeling', /^user\|employer\|ocado\|retract$/],
    ['Pinewood Bakery shut its doors for good', /^user\|employer\|pinewood bakery\|retract$/],
    ['walked out of greggs for the last time', /^user\|employer\|greggs\|retract$/],
    ['packed in tennis for good, my elbow is wrecked', /^user\|hobby\|tennis\|retract$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['handed the keys back to the landlord', /\|employer\|/],
    ['handed my laptop back at Ocado on friday, strange feeling', /^user\|employer\|.*\|assert$/],
    ['the printer shut down again', /\|retract$/],
    ['I wrote off the whole weekend, too tired', /\|vehicle\|/],
    ['my favourite cafe closed down', /\|retract$/],
  ])('%s gives nothing of that kind', (text, none) => {
    expect(once(text).filter((r) => none.test(r))).toEqual([]);
  });
});

describe('lower-case chat and clause joins (own wording)', () => {
  test.each([
    ['we rehomed pickle with a family near the coast', /^user\|pet\|pickle\|retract$/],
    ['i am done with paddleboarding, too cold', /^user\|hobby\|paddleboarding\|retract$/],
    ["the clio's been written off after the crash", /^user\|vehicle\|clio\|retract$/],
    ['been learning the cello at a community class every tuesday', /^user\|hobby\|cello\|assert$/],
    ['grew up speaking tamil, picked up french at school', /^user\|language\|french\|assert$/],
    ['went to urgent care because every time i eat anything with celery my lips swell', /^user\|allergy\|celery\|assert$/],
    ['my housemate Priti just got a job as a sonographer', /priti\|job_title\|sonographer\|assert$/],
    ['my uncle Bashir is a dentist in Karachi', /bashir\|location\|karachi\|assert$/],
    ['swapped the corsa for a Toyota Yaris last week', /^user\|vehicle\|corsa\|retract$/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['every time i eat at that place the service is slow', /\|allergy\|/],
    ['my uncle is a dentist in the city, loves it', /\|location\|/],
    ['swapped seats with my brother for the second half', /\|vehicle\|/],
    ['my housemate Priti keeps asking about a job as a sonographer', /^user\|job_title\|/],
  ])('%s gives nothing of that kind', (text, none) => {
    expect(once(text).filter((r) => none.test(r))).toEqual([]);
  });
});

describe('a thing that turns the speaker for or against it (stance-turn verbs)', () => {
  test.each([
    ['honestly the oat milk latte has converted me', /^user\|opinion_latte\|/],
    ['Notion has won me over, I use it for everything now', /^user\|opinion_notion\|/],
    ["Spotify's new shuffle has put me off the whole thing", /^user\|opinion_spotify\|/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['my brother converted me to rugby years ago'],
    ['the council converted the old barn into flats'],
    ['it won me over in the end'],
  ])('%s gives no opinion', (text) => {
    expect(once(text).filter((r) => /\|opinion_/.test(r))).toEqual([]);
  });
});

describe('a fresh check in other words (written after a probe of new wording)', () => {
  test.each([
    ['stayed away from pork and beef since 2020', /^user\|diet\|vegetarian\|assert$/],
    ['been off dairy for a year now', /^user\|diet\|dairy-free\|assert$/],
    ['twenty years as a teacher and I still get nervous on the first day', /^user\|job_title\|teacher\|assert$/],
    ['the new Notion editor has put me off it completely', /^user\|opinion_notion\|/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['traded my PS4 for a bike', /\|vehicle\|ps4\|assert$/],
    ['the lights are off in the kitchen', /\|diet\|/],
    ['stayed away from the party, too tired', /\|diet\|/],
  ])('%s gives nothing of that kind', (text, none) => {
    expect(once(text).filter((r) => none.test(r))).toEqual([]);
  });
});

describe('a conversion said after the thing (topic from the clause before)', () => {
  test.each([
    ['Rust finally clicked after the borrow checker stopped yelling at me, I get it now', /^user\|opinion_rust\|/],
    ['went to a salsa class at the community centre and honestly, I see the appeal now', /^user\|opinion_salsa\|/],
    ['Obsidian saved my thesis notes twice this week, I am a believer', /^user\|opinion_obsidian\|/],
    // lower-case chat, a discourse word first, an occasion named by a time of day
    ["ok, duckdb chewed through the whole csv in a second, i'm a believer", /^user\|opinion_duckdb\|/],
    ['went to a ceilidh evening at the village hall and i see the appeal now', /^user\|opinion_ceilidh\|/],
  ])('%s', (text, want) => {
    expect(once(text)).toContainEqual(expect.stringMatching(want));
  });

  test.each([
    ['my brother keeps talking about crypto and I do not get it'],
    ['I get it now, you meant the other form'],
    ['he went to a salsa class and now he gets it'],
  ])('%s gives no opinion of the speaker', (text) => {
    expect(once(text).filter((r) => /^user\|opinion_/.test(r))).toEqual([]);
  });
});
