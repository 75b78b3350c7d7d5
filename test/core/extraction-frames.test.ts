/**
 * @module test/core/extraction-frames
 * The frames (src/core/extraction/frames): clause shape, noun kinds (seed table and the Lexicon
 * port through a test double), the frame table, entity-state endings and their reconciliation
 * (the memory that holds the value ends, whatever its key), and the corrections of a named or
 * numbered value. Tables of statements; each row could fail on its own.
 */
import { describe, expect, test } from 'vitest';
import { shapeOf } from '../../src/core/extraction/frames/clause-shape.ts';
import { isKind, kindOf } from '../../src/core/extraction/frames/kinds.ts';
import { ENDINGS, FRAMES } from '../../src/core/extraction/frames/table.ts';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { reconcile } from '../../src/core/reconcile/reconcile.ts';
import { relatedKeys } from '../../src/core/reconcile/policy.ts';
import type { Lexicon } from '../../src/core/ports.ts';
import type { MemoryCandidate, MemoryRecord, Message } from '../../src/core/types.ts';
import { brief, extract, recentTurn, TS } from './extraction-harness.ts';
import { lexiconDouble } from './lexicon-double.ts';

const lex = lexiconDouble({
  xoloitzcuintli: { pos: 'noun', lexClass: 'noun.animal', ancestors: ['dog', 'domestic_animal', 'animal'] },
  'hurdy gurdy': { pos: 'noun', lexClass: 'noun.artifact', ancestors: ['musical instrument', 'device'] },
  quechua: { pos: 'noun', lexClass: 'noun.communication', ancestors: ['natural language', 'language'] },
  biscuit: { pos: 'noun', lexClass: 'noun.food', ancestors: ['baked goods', 'food'] },
  america: { pos: 'noun', lexClass: 'noun.location', ancestors: ['continent', 'location'] },
  dog: { pos: 'noun', lexClass: 'noun.animal', ancestors: ['domestic animal', 'animal'] },
  clementine: { pos: 'noun', lexClass: 'noun.plant', ancestors: ['citrus', 'fruit'] },
  hair: { pos: 'noun', lexClass: 'noun.body', ancestors: ['body covering'] },
  nottingham: { pos: 'noun', lexClass: 'noun.location', ancestors: ['city', 'location'] },
  narcolepsy: { pos: 'noun', lexClass: 'noun.state', ancestors: ['sleep disorder', 'disorder'] },
  luthier: { pos: 'noun', lexClass: 'noun.person', ancestors: ['craftsman', 'skilled_worker', 'worker', 'person'] },
  cabriolet: { pos: 'noun', lexClass: 'noun.artifact', ancestors: ['car', 'motor_vehicle', 'wheeled_vehicle', 'vehicle'] },
  relinquish: { pos: 'verb', lexClass: 'verb.possession', ancestors: ['sell'] },
});

function run(content: string | Message[], lexicon?: Lexicon, recent: string[] = []): string[] {
  const messages = typeof content === 'string' ? [{ role: 'user' as const, content }] : content;
  return brief(extractOffline(messages, { timestamp: TS, sessionId: 's', recentTurns: recent.map((r, i) => recentTurn([{ role: 'user', content: r }], i)) }, true, undefined, lexicon));
}

describe('clause shape', () => {
  test.each([
    ['I traded in my Civic for an e-bike', { pronoun: 'i', verb: 'trade', particle: 'in', object: 'Civic', negated: false }],
    ['Biscuit crossed the rainbow bridge last night', { subject: 'Biscuit', verb: 'cross', object: 'bridge' }],
    ['I have not touched meat or fish in years', { verb: 'touch', object: 'meat', objects: 2, negated: true }],
    ['I might sell my car', { verb: 'sell', modal: 'might' }],
    ['Brushing Pepper took forever', { verb: 'brush', object: 'Pepper', subjectless: true }],
    ['I am a sonographer', { verb: 'be', complement: 'sonographer' }],
    ['I have a dog and two cats', { verb: 'have', object: 'dog', objects: 2 }],
    ['we split last month', { pronoun: 'we', verb: 'split', object: null }],
  ])('%s', (text, want) => {
    const s = shapeOf(text);
    const got: Record<string, unknown> = { pronoun: s.pronoun, subject: s.subject?.head, verb: s.verb, particle: s.particle, object: s.object?.head ?? null, objects: s.objects.length, negated: s.negated, modal: s.modal, subjectless: s.subjectless, complement: s.complement?.head };
    for (const [k, v] of Object.entries(want)) expect(got[k], k).toEqual(v);
  });
});

describe('noun kinds', () => {
  test.each([
    ['schnauzer', 'animal'],
    ['puppies', 'animal'],
    ['oboe', 'instrument'],
    ['Prius', 'vehicle'],
    ['sonographer', 'occupation'],
    ['pal', 'social'],
    ['daughter', 'family'],
    ['fibromyalgia', 'illness'],
  ])('%s is %s from the seed table', (w, kind) => expect(kindOf(w)).toBe(kind));

  test('a noun the seed table lacks is classified through the lexicon port, and only with it', () => {
    expect(kindOf('xoloitzcuintli')).toBeNull();
    expect(kindOf('xoloitzcuintli', lex)).toBe('animal');
    expect(kindOf('luthier', lex)).toBe('occupation');
    expect(isKind('cabriolet', 'vehicle', lex)).toBe(true);
    expect(isKind('cabriolet', 'animal', lex)).toBe(false);
  });
});

describe('frames: predicate class x argument class', () => {
  test.each([
    ['I play the oboe', undefined, 'user|hobby|oboe|assert'],
    ['Brushing Pepper took forever this morning', undefined, 'user|pet|pet named Pepper|assert'],
    ['my second day at Monzo and I already have a laptop', undefined, 'user|employer|Monzo|assert'],
    ['my PhD lab at Caltech is freezing', undefined, 'user|education|Caltech|assert'],
    ['I have not touched meat or fish in years', undefined, 'user|diet|vegetarian|assert'],
    ['My daughter is called Anna.', undefined, 'user|child|Anna (daughter)|assert'],
    ['spent the evening combing the knots out of Juniper’s fur', undefined, 'user|pet|pet named Juniper|assert'],
    ['first week at Octopus Energy and the onboarding is intense', undefined, 'user|employer|Octopus Energy|assert'],
    ['I have narcolepsy', lex, 'user|health_condition|narcolepsy|assert'],
    ['Just got back from walking Biscuit this morning.', undefined, 'user|pet|pet named Biscuit|assert'],
    ['Just got back from walking Biscuit this morning.', lex, 'user|pet|pet named Biscuit|assert'],
    ['I need to feed Whiskers before I leave.', undefined, 'user|pet|pet named Whiskers|assert'],
    ['Gotta take Bella to the vet, she ate a sock.', undefined, 'user|pet|pet named Bella|assert'],
    ['My manager at Spotify keeps moving deadlines.', undefined, 'user|employer|Spotify|assert'],
    ['My commute to the Notion office is brutal today.', undefined, 'user|employer|Notion|assert'],
    ['I am 35 in March', undefined, 'user|age|34|assert'],
    ['I am 35 in March', undefined, 'user|birthday|March|assert'],
    ['dairy wrecks my stomach', undefined, 'user|allergy|dairy|assert'],
    ['shellfish gives me hives', undefined, 'user|allergy|shellfish|assert'],
    ['Shellfish makes me really sick, I can not eat it.', undefined, 'user|allergy|shellfish|assert'],
    ['dropped Rolo off at the kennels before our flight', undefined, 'user|pet|pet named Rolo|assert'],
    ['we have twin girls', undefined, 'user|child|girls|assert'],
    ['I adopted a xoloitzcuintli', lex, 'user|pet|xoloitzcuintli|assert'],
    ['I play the hurdy gurdy on Sundays', lex, 'user|hobby|hurdy gurdy|assert'],
    ['I work as a luthier', lex, 'user|job_title|luthier|assert'],
  ])('%s', (text, lexicon, want) => {
    expect(run(text, lexicon)).toContain(want);
  });

  test.each([
    // An all-lower-case chat: names the lexicon does not know, or knows as a fruit, and places it knows as places.
    ['brushing clementine takes half an hour in spring', 'user|pet|pet named Clementine|assert'],
    ['bruno passed away in his sleep on sunday', 'user|pet|Bruno|retract'],
    ['sold the yamaha on sunday', 'user|vehicle|Yamaha|retract'],
  ])('lower-case chat with the lexicon: %s', (text, want) => {
    expect(run(text, lex)).toContain(want);
  });

  test('a bare body word is no pet name ("brushing hair")', () => {
    expect(run('brushing hair takes ages', lex).filter((x) => x.includes('|pet|'))).toEqual([]);
  });

  test('"no brothers" is no relative', () => {
    expect(run('I have three sisters and no brothers.').some((x) => x.includes('|brother|'))).toBe(false);
  });

  test('a name the lexicon knows as a place is no pet name ("feeding America")', () => {
    expect(run('I spent the day feeding America', lex).filter((x) => x.includes('|pet|'))).toEqual([]);
  });

  test('without the lexicon an unknown breed is no pet (the lexicon path is what finds it)', () => {
    expect(run('I adopted a xoloitzcuintli').filter((x) => x.includes('|pet|'))).toEqual([]);
  });

  test.each([
    ['I might adopt a cat next year'],
    ['We are adopting a kitten next weekend'],
    ['my neighbour just got a tesla'],
    ['Feeding America is a great charity.'],
    ['I can not have gluten'],
    ['I have a shellfish allergy'],
    ['I turned 40 in August'],
    ['If I had a dog I would walk it daily'],
    ['Would you ever play the oboe?'],
  ])('no fact from the frames: %s', (text) => {
    expect(run(text).filter((x) => /\|(?:pet|vehicle|hobby|diet|health_condition|birthday)\|/.test(x) && x.endsWith('|assert'))).toEqual([]);
  });

  test('every frame names a key of the vocabulary and an argument class', () => {
    for (const f of FRAMES) expect(f.key).toMatch(/^[a-z_]+$/);
    // An ending is found by its verb lemmas or, for idioms, by the WordNet senses of its phrasal verb.
    for (const e of ENDINGS) expect(e.lemmas.length + (e.senses?.length ?? 0)).toBeGreaterThan(0);
  });
});

describe('entity state: ending predicates', () => {
  test.each([
    ['Biscuit crossed the rainbow bridge last night', 'user|pet|Biscuit|retract', 'rainbow-bridge'],
    ['our cat Luna went to live with my aunt', 'user|pet|Luna|retract', 'went-to-live'],
    ['I traded in my Civic for an e-bike', 'user|vehicle|Civic|retract', 'dispose'],
    ['we got rid of the van', 'user|vehicle|van|retract', 'get-rid'],
    ['I resigned yesterday', 'user|employer|job|retract', 'resign'],
    ['we split last month', 'user|partner|partner|retract', 'split'],
    ['Our old Golf finally died on the motorway', 'user|vehicle|Golf|retract', 'death'],
    // Chained, passive and causative endings; an inflection the tagger keeps ("rehomed").
    ['We had to rehome Luna because of my allergies.', 'user|pet|Luna|retract', 'rehome'],
    ['our old cat Misty had to be put down yesterday', 'user|pet|Misty|retract', 'put-down'],
    ['we had to have our old cat Mabel put to sleep', 'user|pet|Mabel|retract', 'put-down'],
    ['We rehomed Luna last week.', 'user|pet|Luna|retract', 'rehome'],
    ['We gave our rabbit to a friend’s farm.', 'user|pet|rabbit|retract', 'give-to'],
    ['I resigned on Friday.', 'user|employer|job|retract', 'resign'],
    ['Jess and I divorced in 2022', 'user|partner|Jess|retract', 'split'],
  ])('%s', (text, want, ending) => {
    const got = extractOffline([{ role: 'user', content: text }], { timestamp: TS, sessionId: 's', recentTurns: [] });
    const hit = got.find((c) => brief([c])[0] === want);
    expect(hit, brief(got).join(', ')).toBeDefined();
    expect(hit!.metadata?.anyKey).toBe(true);
    expect(hit!.metadata?.ending).toBe(ending);
  });

  test('an ending verb the table does not list is found through the lexicon (a kind of "sell")', () => {
    expect(run('I relinquished my cabriolet', lex)).toContain('user|vehicle|cabriolet|retract');
    expect(run('I relinquished my cabriolet')).not.toContain('user|vehicle|cabriolet|retract');
  });

  test.each([
    ['I did not sell my bike'],
    ['I might sell my car'],
    ['my sister’s dog died last week'],
    ['I quit the gym, way too pricey'],
    ['My son broke his ankle playing soccer'],
    ['the ending of the film died on me'],
    ['my cousin sold her Mini'],
  ])('ends nothing of the speaker: %s', (text) => {
    expect(run(text).filter((x) => x.endsWith('|retract') && /\|(?:pet|vehicle|employer|partner)\|/.test(x))).toEqual([]);
  });

  test('the ending that knows its referent is a vehicle replaces a pet guess for the same name', () => {
    expect(run('Our old Golf finally died on the motorway')).not.toContain('user|pet|Golf|retract');
  });

  test('the mention of what an ending ends is not asserted in the same message', () => {
    expect(run('our cat Luna went to live with my aunt').filter((x) => x.includes('|pet|') && x.endsWith('|assert'))).toEqual([]);
  });
});

/** Applies reconcile ops to an in-memory table. */
function store() {
  const rows = new Map<string, MemoryRecord>();
  let n = 0;
  let minute = 0;
  const ingest = (cands: MemoryCandidate[]) => {
    const ts = `2024-05-08T15:${String(minute++).padStart(2, '0')}:00.000Z`;
    const keys = new Set(cands.flatMap((c) => relatedKeys(c.key, c.metadata?.anyKey === true)));
    const existing = [...rows.values()].filter((r) => r.active && keys.has(r.key));
    for (const op of reconcile({ scope: { key: 'u:a', userId: 'a', agentId: null }, turn: { id: `t${minute}`, sessionId: 's', timestamp: ts }, candidates: cands, existing, now: ts, newId: () => `m${++n}` })) {
      if (op.kind === 'insert') rows.set(op.memory.id, { ...op.memory });
      else Object.assign(rows.get(op.id)!, op.patch);
    }
  };
  return { rows, ingest, active: () => [...rows.values()].filter((r) => r.active).map((r) => `${r.key}|${r.value}`) };
}

describe('entity state: reconciliation ends the memory that holds the value, whatever its key', () => {
  test.each([
    // [what was stored, as a candidate] → ending statement
    [{ key: 'pet', value: 'dog named Biscuit' }, 'Biscuit crossed the rainbow bridge last night'],
    [{ key: 'hobby', value: 'showing Biscuit at agility trials' }, 'Biscuit crossed the rainbow bridge last night'],
    [{ key: 'vehicle', value: 'Honda Civic' }, 'I traded in my Civic for an e-bike'],
    [{ key: 'employer', value: 'Stripe' }, 'I resigned yesterday'],
    [{ key: 'partner', value: 'Sam' }, 'we split last month'],
    [{ key: 'hobby', value: 'running' }, 'I gave up running after my knee surgery'],
  ])('%o, then "%s"', (held, ending) => {
    const s = store();
    s.ingest([{ type: 'fact', subject: 'user', confidence: 0.9, op: 'assert', evidence: held.value, ...held }]);
    s.ingest(extractOffline([{ role: 'user', content: ending }], { timestamp: TS, sessionId: 's', recentTurns: [] }));
    expect(s.active()).not.toContain(`${held.key}|${held.value}`);
    const row = [...s.rows.values()].find((r) => r.key === held.key && r.value === held.value)!;
    expect(row.validTo).not.toBeNull();
    expect(row.status).toBe('retracted');
    expect((row.metadata.ending as { evidence: string }).evidence).toContain(ending.split(' ')[0]);
  });

  test('an ending that names something the speaker never stored ends nothing', () => {
    const s = store();
    s.ingest([{ type: 'fact', subject: 'user', key: 'pet', value: 'cat named Luna', confidence: 0.9, op: 'assert', evidence: '' }]);
    s.ingest(extractOffline([{ role: 'user', content: 'Biscuit crossed the rainbow bridge last night' }], { timestamp: TS, sessionId: 's', recentTurns: [] }));
    expect(s.active()).toEqual(['pet|cat named Luna']);
  });
});

describe('corrections of a named or numbered value', () => {
  test.each([
    [['My daughter is called Anna.', 'I typed Anna but it is Hannah'], 'user|child|Hannah (daughter)|correct'],
    [['I live in Porto.', 'Porto, sorry, Lisbon'], 'user|location|Lisbon|correct'],
    [['I have two dogs.', 'not two dogs, three'], 'user|pet|three dogs|correct'],
  ])('%o', (msgs, want) => {
    expect(run(msgs.map((content) => ({ role: 'user' as const, content })))).toContain(want);
  });

  test('"Sorry, I meant Lisbon" is still the plain correction, not a take-back of "Sorry"', () => {
    expect(extract('Sorry, I meant Lisbon.', { recent: ['I am flying to Porto on June 3rd.'] }).some((c) => c.replaces === 'Sorry')).toBe(false);
  });
});
