/** The inspector's pure view logic (web/model): chains per key, turns by session, recall lines. */
import { describe, expect, test } from 'vitest';
import { attributeLines, chainsOf, coverage, sessionsOf, validity } from '../../web/model.ts';
import type { Citation, Memory, SearchResult, Turn } from '../../client/index.ts';

function mem(id: string, key: string, value: string, over: Partial<Memory> = {}): Memory {
  return {
    id, type: 'fact', subject: 'user', key, value, confidence: 0.9, source_session: 's', source_turn: 't', created_at: '2024-05-01T00:00:00Z',
    updated_at: '2024-05-01T00:00:00Z', valid_from: '2024-05-01T00:00:00Z', valid_to: null, supersedes: null, superseded_by: null, active: true,
    status: 'active', event_date: null, evidence: '', agent_id: null, metadata: {}, ...over,
  };
}

describe('chainsOf', () => {
  test('follows supersession links oldest → newest whatever the input order; the active row is current', () => {
    const a = mem('a', 'employer', 'Stripe', { active: false, status: 'superseded', superseded_by: 'b', valid_to: '2024-06-01T00:00:00Z' });
    const b = mem('b', 'employer', 'Notion', { supersedes: 'a', superseded_by: 'c', active: false, status: 'superseded', valid_from: '2024-06-01T00:00:00Z', created_at: '2024-06-01T00:00:00Z' });
    const c = mem('c', 'employer', 'Figma', { supersedes: 'b', valid_from: '2024-09-01T00:00:00Z', created_at: '2024-09-01T00:00:00Z' });
    const other = mem('d', 'location', 'Berlin');
    const chains = chainsOf([c, other, a, b]);
    expect(chains.map((x) => x.key)).toEqual(['employer', 'location']);
    expect(chains[0].entries.map((m) => m.value)).toEqual(['Stripe', 'Notion', 'Figma']);
    expect(chains[0].current?.value).toBe('Figma');
  });

  test.each([
    ['unlinked rows of a key: by start time', [mem('x', 'diet', 'vegan', { valid_from: '2024-07-01T00:00:00Z' }), mem('y', 'diet', 'vegetarian', { valid_from: '2024-01-01T00:00:00Z', active: false, status: 'retracted' })], ['vegetarian', 'vegan'], 'vegan'],
    ['a link to a row not in the list starts a chain', [mem('x', 'pet', 'Rex', { supersedes: 'gone' })], ['Rex'], 'Rex'],
    ['nothing active: no current value', [mem('x', 'pet', 'Luna', { active: false, status: 'retracted' })], ['Luna'], null],
    ['a cycle keeps every row', [mem('x', 'k', '1', { supersedes: 'y', superseded_by: 'y' }), mem('y', 'k', '2', { supersedes: 'x', superseded_by: 'x' })], ['1', '2'], '2'],
  ])('%s', (_name, rows, values, current) => {
    const [chain] = chainsOf(rows);
    expect(chain.entries.map((m) => m.value).sort()).toEqual([...values].sort());
    if (_name.startsWith('unlinked')) expect(chain.entries.map((m) => m.value)).toEqual(values);
    expect(chain.current?.value ?? null).toBe(current);
  });

  test('subjects keep their own chains', () => {
    const chains = chainsOf([mem('a', 'location', 'Lisbon', { subject: 'sister maya' }), mem('b', 'location', 'Berlin')]);
    expect(chains.map((c) => `${c.subject}/${c.key}`).sort()).toEqual(['sister maya/location', 'user/location']);
  });
});

test.each([
  [{ valid_from: '2024-05-01T10:00:00Z', valid_to: '2024-06-01T00:00:00Z' }, '1 May 2024 → 1 Jun 2024'],
  [{ valid_from: '2024-05-01T10:00:00Z', valid_to: null }, 'since 1 May 2024'],
  [{ valid_from: null, valid_to: '2024-06-01T00:00:00Z' }, 'until 1 Jun 2024'],
  [{ valid_from: null, valid_to: null }, ''],
])('validity %j → %s', (m, text) => {
  expect(validity(m)).toBe(text);
});

test('sessionsOf: sessions by first turn, turns by position', () => {
  const t = (id: string, session: string, seq: number, timestamp: string): Turn => ({ id, session_id: session, user_id: 'u', agent_id: null, seq, timestamp, messages: [], metadata: {} });
  const out = sessionsOf([t('3', 'b', 2, '2024-03-02'), t('1', 'a', 1, '2024-02-01'), t('2', 'b', 1, '2024-01-01'), t('4', 'a', 2, '2024-04-01')]);
  expect(out.map((s) => [s.sessionId, s.turns.map((x) => x.id), s.first, s.last])).toEqual([
    ['b', ['2', '3'], '2024-01-01', '2024-03-02'],
    ['a', ['1', '4'], '2024-02-01', '2024-04-01'],
  ]);
});

test.each([
  ['I work at Stripe.', 'User: I work at Stripe as a backend engineer.', 1],
  ['Stripe Notion', 'Stripe', 0.5],
  ['', 'anything', 0],
])('coverage(%s, %s) = %d', (part, whole, share) => {
  expect(coverage(part, whole)).toBe(share);
});

describe('attributeLines', () => {
  const hit = (kind: 'memory' | 'turn', content: string, turn: string, rankers: string[]): SearchResult => ({
    kind, id: `${kind}-${content}`, content, score: 1, session_id: 's', timestamp: null, metadata: {}, turn_id: turn, memory: null,
    rankers: rankers.map((ranker, i) => ({ ranker, rank: i + 1, score: 1 })),
  });
  const context = [
    '## Known facts about this user',
    '- User · employer: Notion (previously Stripe until 1 Jun 2024)',
    '- User · sibling: Maya (sister)',
    '- User · job title: backend engineer',
    '## Relevant from past conversations',
    '[1 May 2024]',
    'User: I work at Stripe as a backend engineer. / Assistant: Nice!',
    'User: something no hit covers at all',
  ].join('\n');
  const citations: Citation[] = [
    { turn_id: 't2', score: 0.02, snippet: 'I just started a new job at Notion!' },
    { turn_id: 't2', score: 0.01, snippet: 'My sister Maya lives in Lisbon.' },
    { turn_id: 't1', score: 0.02, snippet: 'User: I work at Stripe as a backend engineer. / Assistant: Nice!' },
  ];
  const hits = [
    hit('memory', 'employer: Notion', 't2', ['bm25_memory', 'key_memory']),
    hit('memory', 'sibling: Maya (sister)', 't2', ['bridge']),
    hit('turn', 'User: I work at Stripe as a backend engineer.\nAssistant: Nice!', 't1', ['bm25_turn', 'vector_turn']),
  ];
  const lines = attributeLines(context, citations, hits);

  test('headings and date headers are headings; every other line is attributed', () => {
    expect(lines.map((l) => l.kind)).toEqual(['heading', 'line', 'line', 'line', 'heading', 'heading', 'line', 'line']);
  });
  test.each([
    [1, ['bm25_memory', 'key_memory'], ['t2']],
    [2, ['bridge'], ['t2']],
    [3, [], ['t1']], // cited by the snippet that says it, but no memory hit found it: no signal borrowed from the turn hit
    [6, ['bm25_turn', 'vector_turn'], ['t1']],
    [7, [], []],
  ])('line %i: signals %j, cited turns %j', (i, signals, turns) => {
    expect(lines[i].signals).toEqual(signals);
    expect([...new Set(lines[i].citations.map((c) => c.turn_id))]).toEqual(turns);
  });
  test('a memory line without a matching snippet cites its source turn once, not every snippet of it', () => {
    expect(lines[1].citations).toHaveLength(1);
  });
  test('the sibling line cites the snippet that says it', () => {
    expect(lines[2].citations.map((c) => c.snippet)).toEqual(['My sister Maya lives in Lisbon.']);
  });
});
