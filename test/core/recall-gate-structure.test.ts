/**
 * The gate by the structure of the ask, in wording written for this file (none of it from any
 * probe set): requests whose modal or imperative is not the first words, sentence-initial words
 * that are not names, the name of something never discussed, generic asks that name the user,
 * and a "still" ask answered by a later turn that shares no word with the question. Each shape
 * has hard negatives for the same user that must stay empty.
 *
 * Each row (expectRows): the ask, and either the words of which one must be in the context, or [] for an
 * empty context.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { expectRows, type ContextRow } from './offline-app.ts';

const ilse = [
  "Hi, I'm Ilse. I run a small bakery in Ghent, mostly sourdough and rye.",
  'My husband Pieter repairs bicycles in a shed behind the house.',
  "I'm allergic to walnuts, my throat swells up.",
  'I play the cello in an amateur orchestra on Wednesday nights.',
  'We keep a grey rabbit called Mochi in the garden.',
  'Please answer in short numbered lists.',
  'I left the orchestra last month, my wrist hurts too much. I sketch birds in the park now instead.',
  'I coach the under-twelves hockey team every Saturday morning.',
  'Handed the hockey team over to another parent. I referee matches now.',
];

const stable = ['ilse', 'ghent', 'walnut', 'pieter', 'bakery'];

const kofi = [
  'Honestly I find podcasts boring, people just ramble for an hour.',
  "I'm on nights at the bottling plant near the harbour this month.",
  'Some podcasts are alright if someone edits them properly.',
  'These days I listen to podcasts on every commute, I love them now.',
];

const bram = [
  "Bram here. I'm a pilot, I fly cargo jets for DHL out of Leipzig, mostly night rotations.",
  'Please answer me in bullet points, I read them between flights.',
  'My partner Joris teaches maths at a secondary school in Halle.',
];

const noor = [
  "Noor here. I'm a dental hygienist, I work Tuesday to Saturday, eight till four.",
  'On my days off I go kayaking on the river with my sister.',
  'My son Sami is allergic to sesame, we always carry his inhaler and antihistamines.',
];

const cases: Array<[title: string, said: string[], rows: ContextRow[]]> = [
  [
    'a modal with the speaker inside a question, or an imperative after a clause, is a request',
    ilse,
    [
      ['Is there a dessert I could bake for the neighbours?', ['walnut']],
      ['Any snacks we should pack for the train to Bruges?', ['walnut']],
      ['My sister visits on Sunday; plan a lunch for the three of us.', ['walnut']],
      ['Packing a picnic for the weekend. Anything I should leave out?', ['walnut']],
    ],
  ],
  [
    'the same shapes about something never discussed stay empty',
    ilse,
    [
      ['Is there a tax form I should file this spring?', []],
      ['Any mortgage brokers we should compare?', []],
      ['The lease ends soon; find me a cheaper insurance broker.', []],
      ['Renewing my passport. Anything I should bring?', []],
    ],
  ],
  [
    'the name of what was discussed is answered, the name of what never was is not the user\'s name',
    ilse,
    [
      ['What is our rabbit called?', ['mochi']],
      ["What's my husband's name?", ['pieter']],
      ['What is my name?', ['ilse']],
      ['What is the name of my landlord?', []],
      ["What's our dentist called?", []],
      ["What's the name of the street we live on?", []],
    ],
  ],
  [
    'the user\'s own name stands for the person',
    ilse,
    [
      ['Summarise what I should know about Ilse.', stable],
      ['What do I need to know about Ilse to help her well?', stable],
      ['Who is this user? Give me the key points.', stable],
      ["What should I know about Ilse's pension?", []],
      ['Summarise what I should know about Antwerp.', []],
    ],
  ],
  [
    'the later turn that ended the habit is shown',
    ilse,
    [
      ['Am I still playing the cello on Wednesdays?', ['left the orchestra', 'sketch']],
      ['Do I still coach on Saturdays?', ['referee', 'handed']],
      ['Do I still play the harp?', []],
      ['Do I still go sailing on Sundays?', []],
    ],
  ],
  [
    'a noun of judgement frames the ask; a progressive verb before its complement is the ask, not the topic',
    kofi,
    [
      ["What's my verdict on podcasts these days?", ['love them', 'every commute']],
      ['What is my judgement of podcasts now?', ['love them', 'every commute']],
      ["What's my verdict on opera?", []],
      ['Am I still working nights?', ['bottling', 'nights']],
      ['Am I still working weekends?', []],
      ['Am I still playing squash?', []],
    ],
  ],
  [
    'an organisation asked for by a first-person "which X do I VERB for" is the employer; a how-to ask wants the answer format; a kind word in an "at" adjunct is no topic',
    bram,
    [
      ['Which firm am I flying for these days?', ['dhl']],
      ['Which airline did my uncle fly with?', []],
      ['How do I reset the router at home?', ['bullet']],
      ['How can I get a parking permit?', ['bullet']],
      ["What's the wifi password at work?", []],
      ["What's my locker number at the gym?", []],
      ['What do I do for work?', ['dhl', 'cargo']],
    ],
  ],
  [
    'a free stretch of time is an outing; a time for something is scheduling; "anything to VERB" is a request',
    noor,
    [
      ['I have an empty Sunday ahead, what could I do?', ['kayak']],
      ['Got a spare Thursday coming up, what should we do?', ['kayak']],
      ['Pick me a time for a dentist check-up that fits around my job.', ['tuesday', 'saturday']],
      ["We're off to Marrakech next month. Anything important to pack for the family?", ['sesame']],
      ["We're off to Marrakech next month. Anything important about the visa rules?", []],
      ['I have an empty Sunday ahead, which museum opens early?', []],
    ],
  ],
];

test.each(cases)('%s', (_title, said, rows) => expectRows(said, rows));

test('in a scope of named speakers, an applied ask that names no one is not answered by a speaker\'s facts', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'gate-structure-'));
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'm.db'), MEMORY_DISABLE_LLM: '1', EMBEDDING_PROVIDER: 'none', RERANK_PROVIDER: 'none' }));
  try {
    const said: Array<[string, string]> = [
      ['Marta', "I'm a radiographer at the county hospital, nights mostly."],
      ['Lukas', "I'm allergic to shellfish, so no prawns for me."],
      ['Marta', 'We finally booked the ferry to the islands for August.'],
    ];
    for (const [i, [name, content]] of said.entries()) {
      const r = await built.app.inject({ method: 'POST', url: '/turns', payload: { session_id: 's1', user_id: 'g', timestamp: new Date(Date.UTC(2025, 3, 1 + i, 9)).toISOString(), messages: [{ role: 'user', name, content }] } });
      expect(r.statusCode).toBe(201);
    }
    const ask = async (query: string) => (await built.app.inject({ method: 'POST', url: '/recall', payload: { query, session_id: 'q', user_id: 'g', max_tokens: 400 } })).json().context as string;
    expect(await ask('Write a cover letter for a junior surveyor vacancy.')).toBe('');
    expect(await ask('Recommend a torque setting for my bike pedals.')).toBe('');
    expect((await ask('What is Lukas allergic to?')).toLowerCase()).toContain('shellfish');
  } finally {
    await built.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
