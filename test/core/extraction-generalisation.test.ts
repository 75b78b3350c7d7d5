/**
 * @module test/core/extraction-generalisation
 * Table-driven checks of the round-5 general fixes (not corpus lines): apostrophe-less chat
 * spellings, names introduced earlier in the turn or session, nested places, common-noun
 * workplaces, facts spread over two clauses or sentences, lexicon breadth; their hard negatives;
 * and rule failures reported through the service logger without message content.
 */
import { describe, expect, test } from 'vitest';
import { OfflineExtractor, runRule, extractionErrors } from '../../src/core/extraction/offline-extractor.ts';
import type { Clause, Rule } from '../../src/core/extraction/model.ts';
import { MemoryService } from '../../src/core/service.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { brief, extract, TS } from './extraction-harness.ts';

const run = (content: string, recent: string[] = [], name?: string) => extract(content, { recent, name });

describe('general fixes produce the expected memories', () => {
  test.each([
    // apostrophe-less spellings and dropped subjects
    ['im a paramedic so my shifts are all over the place', [], 'user|job_title|paramedic|assert'],
    ['Been living out of a van in New Zealand since January', [], 'user|location|New Zealand|assert'],
    ['been at Shopify almost 2 yrs now', [], 'user|employer|Shopify|assert'],
    ['Did my masters in urban planning at UCL', [], 'user|education|masters in urban planning at UCL|assert'],
    // a name introduced with a relation earlier in the session or the message
    ['Maya lives in Paris.', ['My sister Maya is visiting next week.'], 'sister maya|location|Paris|assert'],
    ['My brother Tom just moved to Denver. Tom\'s a firefighter there.', [], 'brother tom|job_title|firefighter|assert'],
    // nested places, common-noun workplaces, moves
    ["I'm from a tiny village in Cornwall originally", [], 'user|hometown|Cornwall|assert'],
    ['I no longer work at the bakery', [], 'user|employer|bakery|retract'],
    ['she works for a fashion brand', [], null],
    ['I handed in my resignation at Barclays on friday', [], 'user|employer|Barclays|retract'],
    ['we left Paris because of the rent and moved to Lyon', [], 'user|location|Paris|history'],
    ["I've lived in Tokyo for about three years now, moved from Seoul.", [], 'user|location|Tokyo|assert'],
    ["I'm not with Jake anymore, we broke up in april", [], 'user|partner|Jake|retract'],
    // facts over two clauses or sentences
    ['Peanuts are a no-go for me. Severe allergy since I was a kid.', [], 'user|allergy|peanuts|assert'],
    ['Bee stings are dangerous for me, I am allergic.', [], 'user|allergy|bee stings|assert'],
    ['I wrote a screenplay and it got accepted to a film festival yesterday', [], 'user|event_activity|wrote a screenplay|assert|2024-05-07'],
    // lexicon breadth
    ["Had to rehome our parrot because of my son's asthma", [], 'son|health_condition|asthma|assert'],
    ['gave up on the vegetarian thing after about a year', [], 'user|diet|vegetarian|retract'],
    ["I've got two cats and a bearded dragon named Ziggy", [], 'user|pet|bearded dragon named Ziggy|assert'],
    ["I've been learning the guitar for a few months now", [], 'user|hobby|guitar|assert'],
    ['On weekends I mostly go sea swimming', [], 'user|hobby|sea swimming|assert'],
    ['Big fan of old jazz records, Coltrane especially', [], 'user|like|old jazz records|assert'],
    ['Pls keep it brief, I am reading on my phone', [], 'user|communication_style|brief answers|assert'],
    ['Give me the short version, I do not need all the details.', [], 'user|communication_style|short answers|assert'],
    ['I work nights as a security guard at a warehouse.', [], 'user|job_title|security guard|assert'],
    ["I've been freelancing as a translator since 2020.", [], 'user|job_title|translator|assert'],
    // a relative named in a "have" clause is who he/she means next; a possessive chain is another person
    ['I have a twin brother, Sam, he lives in Toronto', [], 'brother sam|location|Toronto|assert'],
    ["my partner's family only speaks Spanish", [], "partner's family|language|Spanish|assert"],
    ['I started taking Spanish lessons online', [], 'user|language|Spanish|assert'],
    ['My favorite thing to cook is Thai green curry', [], 'user|favorite_thing_to_cook|Thai green curry|assert'],
    // dates: an ordinal followed by any word, a capitalised subject-less verb
    ["We're flying out to Marrakech on the 14th for our anniversary", [], 'user|event_trip|flying out to Marrakech|assert|2024-05-14'],
    ['Heading to Barcelona for a conference on the 24th.', [], 'user|event_trip|Heading to Barcelona for a conference|assert|2024-05-24'],
  ] as Array<[string, string[], string | null]>)('%s', (text, recent, want) => {
    const got = brief(run(text, recent));
    if (want) expect(got.map((g) => g.toLowerCase())).toContain(want.toLowerCase());
  });

  test('a fashion brand after a named relative is the relative\'s employer', () => {
    const got = brief(run('Maya lives in Paris, she works for a fashion brand.', ['My sister Maya is visiting next week.']));
    expect(got).toContain('sister maya|employer|fashion brand|assert');
  });

  test('Tailwind is fine I guess, bit verbose → a mixed opinion, not a first-person clause', () => {
    const c = run('Tailwind is fine I guess, bit verbose').find((x) => x.key === 'opinion_tailwind');
    expect(c?.metadata?.stance).toBe('mixed');
  });
});

describe('hard negatives stay empty or unattributed', () => {
  test.each([
    ['Maya Angelou is my favourite poet.', ['My sister Maya is visiting.'], /^sister maya\|/],
    ["Tom's car broke down again.", ['My brother Tom is here.'], /^brother tom\|/],
    ['Maya lives in Paris.', [], /location/],
    ['Big fan of your work, honestly.', [], /like/],
    ['I work as a cashier at a warehouse.', [], /employer/],
    ['the kids are learning the piano at school', [], /hobby/],
    ['Peanuts are cheap. I am allergic to cats.', [], /peanut/],
    ['My mother-in-law moves in with us next month.', [], /\|parent\|/],
    ["my partner's family only speaks Spanish", [], /^partner\|/],
    ['I sold my bike last week, I hardly used it', [], /hardly/],
    ['been vegan for about 4 years now and never looked back', [], /\|retract/],
    ['I am thinking about a masters in urban planning.', [], /education/],
    ['If I ever get a dog I am naming it Waffles.', [], /./],
    ['Do you think I should move to Berlin?', [], /./],
  ] as Array<[string, string[], RegExp]>)('%s', (text, recent, forbidden) => {
    for (const g of brief(run(text, recent))) expect(g).not.toMatch(forbidden);
  });
});

describe('rule failures are visible', () => {
  const clause = { sentence: 's', text: 's', subject: { id: 'user', self: true }, speaker: 'user', pre: '', core: 's', pred: 's', negated: false, ending: false, past: false, date: null, confidence: 0.9, ref: new Date(TS) } as Clause;
  const boom: Rule = function employerLike() {
    throw new TypeError('secret user text');
  };

  test('a throwing rule yields nothing, is counted per rule and reported by name and class only', () => {
    const seen: unknown[] = [];
    const before = extractionErrors.count;
    expect(runRule(boom, clause, (e) => seen.push(e))).toEqual([]);
    expect(extractionErrors.count).toBe(before + 1);
    expect(extractionErrors.byRule.employerLike).toBeGreaterThan(0);
    expect(seen).toEqual([{ rule: 'employerLike', errorName: 'TypeError' }]);
    expect(JSON.stringify(seen)).not.toContain('secret');
  });

  test('the service logs a warn with the rule name and no content', () => {
    const warns: Array<[object, string | undefined]> = [];
    const logger = { info() {}, error() {}, warn: (o: object, m?: string) => void warns.push([o, m]) };
    const extractor = new OfflineExtractor();
    new MemoryService({ store: new InMemoryStore(), offlineExtractor: extractor, logger });
    runRule(boom, clause, extractor.onRuleError);
    expect(warns).toHaveLength(1);
    expect(warns[0][0]).toMatchObject({ rule: 'employerLike', errorName: 'TypeError' });
    expect(JSON.stringify(warns)).not.toContain('secret');
  });
});
