/**
 * @module test/core/extraction-frames-s8
 * Session-8 classes read from the misses of blind rounds r28–r32 (never their lines: sentences of our own, written
 * before the code that reads them): who a clause is about when a named relative or acquaintance opens it, ages said
 * as "at N" or as a bare number the speaker opens with, languages by proficiency, wishes and "say I…" suppositions,
 * and rosters of kin. Each with negatives.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { recentTurn, TS } from './extraction-harness.ts';

const wordnet = openLexicon({}).lexicon;
const said = (text: string) =>
  extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet).map(
    (m) => `${m.subject}|${m.key}|${m.value.toLowerCase()}|${m.op}`,
  );
/** A fact whose subject ends with `who` (a relative is `uncle tobias`), key and value matching. */
const has = (facts: string[], who: string, key: string, value: RegExp) =>
  facts.some((f) => {
    const [s, k, v] = f.split('|');
    return (s === who || s.endsWith(` ${who}`)) && k === key && value.test(v);
  });

describe('attribution: a named relative or acquaintance opens the clause', () => {
  test.each([
    ['my niece Saoirse’s a paramedic over in Galway', 'saoirse', 'job_title', /paramedic/],
    ["my nephew Ciaran's a welder up in Aberdeen", 'ciaran', 'location', /aberdeen/],
    ['Ingrid my aunt is a vet, she has seen it all', 'ingrid', 'job_title', /\bvet/],
    ['Bertil my neighbour is a retired postman', 'bertil', 'job_title', /postman/],
    ['my old housemate Priyanka moved to Leeds in the spring', 'priyanka', 'location', /leeds/],
    ['my former boss Gunnar lives in Bergen now', 'gunnar', 'location', /bergen/],
    ['Ines from work has a new kitten, a ragdoll called Mochi', 'ines', 'pet', /mochi|ragdoll|kitten/],
    ['Tobias next door has got three goats now', 'tobias', 'pet', /goat/],
  ])('%s', (text, who, key, value) => expect(has(said(text), who, key, value)).toBe(true));

  test.each([
    ['my old housemate Priyanka moved to Leeds in the spring', 'location'],
    ['my former boss Gunnar lives in Bergen now', 'location'],
    ['Tobias next door has got three goats now', 'pet'],
    ['Ines from work has a new kitten', 'pet'],
    ["my niece Saoirse's a paramedic over in Galway", 'job_title'],
  ])('not the speaker’s: %s', (text, key) => expect(said(text).filter((f) => f.startsWith(`user|${key}|`))).toEqual([]));

  test.each([["my niece Saoirse's car is a wreck"], ['my old car is a wreck'], ['the lad next door is a nightmare']])('no job or person: %s', (text) =>
    expect(said(text).filter((f) => /\|job_title\|/.test(f))).toEqual([]),
  );
});

describe('ages: "at N" on a life event, and a bare number the speaker opens with', () => {
  test.each([
    ['my uncle Bram has just taken up surfing at 67', 'bram', /^67$/],
    ['my mother-in-law Dorota is learning Welsh at 74', 'dorota', /^74$/],
    ['my grandad Wilf has finally learned to drive at 70, terrifying', 'wilf', /^70$/],
    ['At 58 I have finally learned to swim', 'user', /^58$/],
    ['me: 41. my back: 90', 'user', /^41$/],
    ['am 29, feel 60', 'user', /^29$/],
    ['forty-three and just started running', 'user', /^43$/],
  ])('%s', (text, who, value) => expect(has(said(text), who, 'age', value)).toBe(true));

  test.each([
    ['the meeting is at 10 and I am already late'],
    ['we left at 6 and got there by noon'],
    ['I was doing 70 on the motorway'],
    ['am 5 minutes away'],
    ['50 and counting, these emails never stop'],
    ['me: 3 coffees down already'],
    ['my gran moved to Spain at 30'],
    ['At 18 I moved to London'],
    ['the battery is at 80 percent'],
  ])('no age: %s', (text) => expect(said(text).filter((f) => /\|age\|/.test(f))).toEqual([]));
});

describe('languages by proficiency and by who they are spoken with', () => {
  test.each([
    ['Fluent in Tamil and Malay, rubbish at Spanish', ['tamil', 'malay']],
    ['getting by in Czech, mostly with hand signals', ['czech']],
    ['Tagalog with my cousins, English at work', ['tagalog']],
    ['conversational in Swahili these days', ['swahili']],
  ])('%s', (text, want) => {
    const langs = said(text).filter((f) => f.startsWith('user|language|'));
    for (const w of want) expect(langs.some((f) => f.includes(w))).toBe(true);
  });

  test.each([['my brother is fluent in Dutch'], ['fluent in nonsense, mostly'], ['French with a side of fries'], ['Spanish omelette with my cousins']])('none: %s', (text) =>
    expect(said(text).filter((f) => f.startsWith('user|language|'))).toEqual([]),
  );
});

describe('wishes and suppositions state nothing', () => {
  test.each([['wish I could play the cello'], ['really wish I spoke Italian'], ['say I moved to Lyon, what would rent be like'], ["let's say I bought a Tesla, would insurance go up"]])(
    '%s',
    (text) => expect(said(text).filter((f) => f.startsWith('user|') && !/\|(?:like|dislike|goal)\|/.test(f))).toEqual([]),
  );

  test.each([
    ['I play the cello, wish I practised more', 'user|hobby|cello'],
    ['I moved to Lyon, say what you like about the rent', 'user|location|lyon'],
  ])('still: %s', (text, want) => expect(said(text).some((f) => f.startsWith(want))).toBe(true));
});

describe('rosters of kin', () => {
  test.each([
    ["The triplets are 6 and Odile's 9, it's a zoo", [['odile', /^9$/]]],
    ["Two sons: Bram's 7, Theo's 5 and the baby, Otto, turned two in May", [['bram', /^7$/], ['theo', /^5$/], ['otto', /^2$/]]],
    ["One son, Felix, he's 12 going on 30", [['felix', /^12$/]]],
  ] as Array<[string, Array<[string, RegExp]>]>)('%s', (text, want) => {
    const out = said(text);
    for (const [who, age] of want) expect(has(out, who, 'age', age)).toBe(true);
  });

  test.each([["my sister has two sons: Bram's 7 and Theo's 5"], ["Two tickets: Anna's is 12, mine is 14"]])('not the speaker’s: %s', (text) =>
    expect(said(text).filter((f) => /^user\|child\|/.test(f))).toEqual([]),
  );
});

describe('an ending on a name in apposition', () => {
  test.each([
    ['our cat, Mortimer, died on Sunday', /mortimer/],
    ['My old Labrador, Rufus, passed away in the night', /rufus/],
  ])('%s', (text, value) => {
    const out = said(text).filter((f) => f.includes('|pet|'));
    expect(out.some((f) => value.test(f) && f.endsWith('|retract'))).toBe(true);
    expect(out.some((f) => value.test(f) && f.endsWith('|assert'))).toBe(false);
  });
});

/** The candidates for `now` after an earlier user turn `earlier` of the same session. */
const after = (earlier: string, now: string) =>
  extractOffline([{ role: 'user', content: now }], { timestamp: TS, sessionId: 's', recentTurns: [recentTurn([{ role: 'user', content: earlier }], 0, '2024-05-01T10:00:00.000Z')] }, true, undefined, wordnet).map(
    (m) => `${m.subject}|${m.key}|${m.value.toLowerCase()}|${m.op}`,
  );

describe('endings of a held value, by the state or the change said of it', () => {
  test.each([
    ['I drive an old Fiat Panda', 'the panda is no more, the clutch finally went', /^user\|vehicle\|.*panda.*\|retract$/],
    ['I do archery on Sundays', 'archery is a thing of the past now, my shoulder is shot', /^user\|hobby\|archery\|retract$/],
    ['I do pottery on Tuesday evenings', 'no more pottery for me, my wrists have had it', /^user\|hobby\|pottery\|retract$/],
    ['I play squash with my brother every week', 'my back has retired me from squash, sadly', /^user\|hobby\|squash\|retract$/],
    ['Noodle our hamster runs on his wheel all night', 'we had to rehome Noodle with a friend in the end', /^user\|pet\|.*noodle.*\|retract$/],
    ['we have a goat called Bramble', 'Bramble went back to the farm she came from, she hated the garden', /^user\|pet\|.*bramble.*\|retract$/],
    ['I drive a campervan called Betsy', 'Betsy has a new owner now, a couple from Leeds', /^user\|vehicle\|.*betsy.*\|retract$|^user\|pet\|.*betsy.*\|retract$/],
    ['I work as a barista at Grindhouse Coffee', 'it was my leaving do at Grindhouse tonight, lots of cake', /^user\|employer\|.*grindhouse.*\|retract$/],
    ['I work at Millbrook Bakery', 'Millbrook Bakery and I have parted ways', /^user\|employer\|.*millbrook.*\|retract$/],
    ['I work in the kitchen at The Swan in Ely', 'well that is that: six years at The Swan came to an end last night', /^user\|employer\|.*swan.*\|retract$/],
    ['I work at Lidl on the tills', 'my time at Lidl is over, onwards', /^user\|employer\|lidl\|retract$/],
    ['my fiancée Mireille is an architect', 'the engagement is off. I need a drink', /^user\|partner\|.*mireille.*\|retract$/],
  ])('%s → %s', (earlier, now, want) => expect(after(earlier, now).some((f) => want.test(f))).toBe(true));

  test.each([
    ['I drive an old Fiat Panda', 'the traffic is no more bearable than last year'],
    ['I do pottery on Tuesday evenings', 'no more excuses, I am going to pottery tonight'],
    ['Noodle our hamster runs on his wheel all night', 'Noodle went back to his wheel after dinner'],
    ['I work as a barista at Grindhouse Coffee', "my colleague's leaving do at Grindhouse is on Friday"],
    ['I work at Lidl on the tills', 'my time at Lidl has been great so far'],
    ['my fiancée Mireille is an architect', 'the engagement party is off, the venue flooded'],
  ])('ends nothing: %s → %s', (earlier, now) => expect(after(earlier, now).filter((f) => f.endsWith('|retract'))).toEqual([]));
});

describe('corrections of a held name, number or date', () => {
  test.each([
    ['my son Rory starts school on Monday', 'Ruairi!! not Rory, autocorrect again', /ruairi/],
    ['our daughter Nadine is learning to swim', 'Nadia* not Nadine', /nadia/],
    ['my wife Siobhan loves gardening', '*Sorcha, sorry, autocorrect', /sorcha/],
    ['my boyfriend Matthias is a nurse', 'ugh, Mathias. he hates the double t', /mathias/],
    ['my son Eamon is 9 and mad about dinosaurs', "Eamon's 10 actually, I keep forgetting", /^10$/],
    ["I'm 52 if it matters", 'wait no, 51. not 52 until March', /^51$/],
    ["I'm 33, for the form", 'haha 34 not 33. I wish', /^34$/],
  ])('%s → %s', (earlier, now, want) => {
    const out = after(earlier, now).filter((f) => f.endsWith('|correct'));
    expect(out.some((f) => want.test(f.split('|')[2]))).toBe(true);
  });

  test('a day after "not" puts the held dated event right', () => {
    const out = extractOffline([{ role: 'user', content: "flight's the 6th not the 4th, I checked" }], {
      timestamp: TS,
      sessionId: 's',
      recentTurns: [recentTurn([{ role: 'user', content: 'my flight to Oslo is on the 4th' }], 0, '2024-05-01T10:00:00.000Z')],
    }, true, undefined, wordnet);
    expect(out.some((m) => m.op === 'correct' && m.key === 'event_trip' && m.eventDate?.endsWith('-06'))).toBe(true);
  });
});

describe('milestones: stages of life the speaker passed, dated', () => {
  test.each([
    ['We tied the knot in Porto last Saturday', ['user|event_milestone|', 'user|relationship_status|married']],
    ['finally got hitched on Friday, tiny ceremony', ['user|event_milestone|', 'user|relationship_status|married']],
    ['Passed my final nursing exam yesterday!!', ['user|event_milestone|']],
    ['Defended the dissertation on Tuesday, still shaking', ['user|event_milestone|']],
    ['We adopted our son in March after two years of paperwork', ['user|event_milestone|']],
    ['signed my first record deal on Monday', ['user|event_milestone|']],
    // Session 14: a test passed and the speaker's own engagement are milestones too (the blind rounds' reading since
    // r21; the corpus's older lines kept them as an exam and an engagement).
    ['passed my driving test yesterday', ['user|event_milestone|']],
    ['got engaged on the pier on Sunday!', ['user|event_milestone|', 'user|relationship_status|engaged']],
  ])('%s', (text, want) => {
    const out = said(text);
    for (const w of want) expect(out.some((f) => f.startsWith(w))).toBe(true);
  });

  test.each([
    ['my sister got married on Saturday'],
    ["we're getting married next June"],
    ['opened my laptop yesterday and the screen was cracked'],
    ['signed the lease on Monday'],
    ['We got married in Lisbon in 2009'],
  ])('no milestone of the speaker: %s', (text) => expect(said(text).filter((f) => f.startsWith('user|event_milestone|'))).toEqual([]));
});

describe('answers: a late yes after a specification, an echoed value, a name said as "<relation>\'s name is X"', () => {
  const answered = (q: string, a: string) =>
    extractOffline([{ role: 'assistant', content: q }, { role: 'user', content: a }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet).map(
      (m) => `${m.subject}|${m.key}|${m.value.toLowerCase()}`,
    );
  test.each([
    ["You're asthmatic, right? I'll keep that in mind for the plan.", 'mild, yeah', /^user\|health_condition\|asthma/],
    ["Your daughter's name is Noor, right?", 'Noor, yes. no h', /^user\|child\|noor/],
    ['Is your dog called Biscuit?', 'Biscuit, yep, the menace', /^user\|pet\|.*biscuit/],
  ])('%s — %s', (q, a, want) => expect(answered(q, a).some((f) => want.test(f))).toBe(true));

  test.each([
    ["You're asthmatic, right? I'll keep that in mind for the plan.", 'not really, yeah'],
    ["Your daughter's name is Noor, right?", 'Nora, actually'],
  ])('no: %s — %s', (q, a) => expect(answered(q, a).some((f) => /asthma|\|child\|noor/.test(f))).toBe(false));

  test.each([
    ["my brother's name is Anders", /^user\|sibling\|anders/],
    ["our cat's name is Pip", /^user\|pet\|.*pip/],
  ])('%s', (text, want) => expect(said(text).some((f) => want.test(f))).toBe(true));
  test("someone else's: my brother's friend's name is Tom", () => expect(said("my brother's friend's name is Tom").some((f) => /\|sibling\|tom/.test(f))).toBe(false));
});

describe('third parties: relative clauses, names in brackets, roles conferred, illness "with", kept insects', () => {
  test.each([
    ['Coffee with my mentor Ingeborg, who has been at Siemens for thirty years', 'ingeborg', 'employer', /siemens/],
    ['my aunt (Dagny) is off to Peru for a month in June', 'dagny', 'event_trip', /peru/],
    ['My colleague Rohan has just been made head of procurement', 'rohan', 'job_title', /head of procurement/],
    ['my brother Lars got promoted to shift supervisor', 'lars', 'job_title', /shift supervisor/],
    ['my friend Odile has been laid up with shingles all week', 'odile', 'health_condition', /shingles/],
    ['neighbour Ferris is off work with sciatica again', 'ferris', 'health_condition', /sciatica/],
    ['my uncle Piet keeps bees on his allotment', 'piet', 'hobby', /bee/],
  ])('%s', (text, who, key, value) => expect(has(said(text), who, key, value)).toBe(true));

  test.each([
    ['Coffee with my mentor Ingeborg, who has been at Siemens for thirty years', 'user|employer|'],
    ['my uncle Piet keeps bees on his allotment', '|pet|'],
    ['my uncle Piet keeps bees on his allotment, six hives now', '|health_condition|'],
    ['I was helping my mum with her shopping', '|health_condition|'],
  ])('not: %s', (text, bad) => expect(said(text).filter((f) => f.includes(bad))).toEqual([]));

  test.each([['Fluent in Farsi, getting by in Dutch', ['farsi', 'dutch']]])('%s', (text, want) => {
    const langs = said(text).filter((f) => f.startsWith('user|language|'));
    for (const w of want) expect(langs.some((f) => f.includes(w))).toBe(true);
  });
});

describe('clause analysis: accented relation words, a role without its article, a possessed vehicle by make', () => {
  test.each([
    ['my fiancée Solène is a translator', 'user|partner|solène'],
    ["I'm sous chef at The Grapes in Hull", 'user|job_title|sous chef'],
    ['My Range Rover Evoque is on its last legs', 'user|vehicle|range rover evoque'],
    ['our Volvo estate has done 200k miles', 'user|vehicle|volvo'],
  ])('%s', (text, want) => expect(said(text).some((f) => f.startsWith(want))).toBe(true));

  test.each([["I'm home at Christmas", '|job_title|'], ["my brother's Range Rover is enormous", 'user|vehicle|'], ['the Volvo in front of me braked hard', 'user|vehicle|']])('none: %s', (text, bad) =>
    expect(said(text).filter((f) => f.includes(bad))).toEqual([]),
  );
});

test.each([['first month at Octopus done, my brain is full'], ['two years at Arup finished with a promotion']])('a span completed is no job left: %s', (text) =>
  expect(said(text).filter((f) => f.endsWith('|retract'))).toEqual([]),
);

describe('pets by the kit and care of a named animal', () => {
  test.each([
    ["topped up Pickle's hay before bed", ['pickle']],
    ["cleaned out Ziggy's vivarium this morning, he sulked", ['ziggy']],
    ["Fig and Olive's coop needs a new roof", ['fig', 'olive']],
    ["booked Rolo's booster for next week", ['rolo']],
  ])('%s', (text, names) => {
    const pets = said(text).filter((f) => f.startsWith('user|pet|'));
    for (const n of names) expect(pets.some((f) => f.includes(n))).toBe(true);
  });
  test.each([["Sarah's hay fever is awful this year"], ["Tom's booster seat is in my car"]])('none: %s', (text) =>
    expect(said(text).filter((f) => f.startsWith('user|pet|'))).toEqual([]),
  );
});

test.each([
  ["brushed Pudding's coat after the walk, hands still haven't warmed up", 'user|pet|pet named pudding|assert'],
  ['I have a cat, dogs are not my thing', 'user|pet|cat|assert'],
])('negation after a comma and a plural noun subject is its own clause: %s', (text, want) => expect(said(text)).toContain(want));

describe('strangers and states', () => {
  test.each([['Read about a woman who works as a glassblower in Murano'], ['I met a guy who works at Deloitte'], ['saw a couple that lives in Tromsø on telly']])(
    'a stranger’s relative clause is theirs: %s',
    (text) => expect(said(text).filter((f) => f.startsWith('user|') && /\|(?:job_title|employer|location)\|/.test(f))).toEqual([]),
  );
  test('the speaker’s own facts around it stay', () => expect(said('I work with someone who lives in Oslo, and I live in Bergen')).toContain('user|location|bergen|assert'));
  test.each([
    ['since I retired I have got into bowls', false],
    ['Retired on Friday after 30 years at the post office', false],
    ["I'm retired now", true],
  ])('retired as a title only as a state: %s', (text, title) => expect(said(text).some((f) => f.startsWith('user|job_title|retired'))).toBe(title));
});

test.each([
  ['tried bouldering last week and I am hooked', 'user|opinion_bouldering|'],
  ["played squash with my cousin and I'm obsessed now", 'user|opinion_squash|'],
])('taken by what one just did is a positive opinion: %s', (text, want) => {
  const out = extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, wordnet);
  expect(out.some((m) => `${m.subject}|${m.key}|`.startsWith(want) && m.metadata?.stance === 'positive')).toBe(true);
});
test.each([["played cards all night and I'm hooked on the snacks"], ['tried the new cafe, I am so tired']])('no opinion: %s', (text) =>
  expect(said(text).filter((f) => f.includes('|opinion_'))).toEqual([]),
);

test.each([
  ['Pickle never came home', true],
  ['our cat Pickle never came back from his wander last month', true],
  ['Tom never came back to the party', false],
  ['Pickle did not come back for dinner', false],
])('a return that never happened, said of the subject itself: %s', (text, ends) =>
  expect(said(text).some((f) => f.includes('|pet|') && f.endsWith('|retract'))).toBe(ends),
);
