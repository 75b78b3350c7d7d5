/**
 * Recall session 18, LoCoMo part (issue 14), in wording written for this file:
 * - an opinion arc is one person's stance (RECALL.arcHolder): it is drawn only where one person speaks as the user, from
 *   that person's messages, under their name when the ask names them. In a conversation of several named speakers,
 *   where every message has the user role, no arc is drawn (it quoted both speakers as "User's view"); the speakers'
 *   turns answer the ask. A user's own scope (unnamed user-role messages) keeps "User's view".
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { arcLine, arcSteps } from '../../src/core/recall/opinion-arc.ts';
import { RECALL } from '../../src/core/recall/recall.ts';
import type { TurnRecord } from '../../src/core/types.ts';
import { withOfflineApp } from './offline-app.ts';

const turn = (id: string, session: string, day: number, name: string, content: string) =>
  ({ id, sessionId: session, seq: 1, timestamp: new Date(Date.UTC(2024, 3, day, 9)).toISOString(), text: `${name}: ${content}`, messages: [{ role: 'user', name, content }] }) as unknown as TurnRecord;

describe('arcSteps / arcLine with a holder', () => {
  const turns = [
    turn('a', 's1', 1, 'Ines', 'Sailing in the cold scares me a little.'),
    turn('b', 's1', 1, 'Piet', 'Sailing is my whole life, honestly.'),
    turn('c', 's2', 9, 'Piet', 'I sold my boat, sailing got too expensive.'),
    turn('d', 's3', 20, 'Ines', 'These days sailing is the best part of my week.'),
  ];
  const topic = new Set(['sail']);

  test('a named holder reads only their own messages', () => {
    expect(arcSteps(turns, topic, 'ines').map((s) => s.turn.id)).toEqual(['a', 'd']);
    expect(arcSteps(turns, topic, 'piet').map((s) => s.turn.id)).toEqual(['b', 'c']);
  });

  test('without a holder every user-role message counts (the user scope)', () => {
    expect(arcSteps(turns, topic).map((s) => s.turn.id)).toEqual(['b', 'c', 'd']);
  });

  test('the line names its holder', () => {
    expect(arcLine(arcSteps(turns, topic, 'ines'), 'sailing', 'Ines')).toMatch(/^- Ines's view of sailing — now \(20 Apr 2024\): "These days sailing/);
    expect(arcLine(arcSteps(turns, topic), 'sailing')).toMatch(/^- User's view of sailing/);
  });
});

/** Named speakers' turns in three sessions (every message user-role, as in a chat log imported with names); `assistant` adds its replies. */
async function withNamedChat(said: [string, string, string][], fn: (ask: (q: string) => Promise<string>) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'named-arc-'));
  const built = await buildApp(loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: join(dir, 'm.db'), MEMORY_DISABLE_LLM: '1', EMBEDDING_PROVIDER: 'none', RERANK_PROVIDER: 'none' }));
  try {
    for (const [i, [session, name, content]] of said.entries()) {
      const timestamp = new Date(Date.UTC(2024, 3, 1 + 5 * Number(session.slice(1)), 10, i)).toISOString();
      const messages = name === 'assistant' ? [{ role: 'assistant', content }] : [{ role: 'user', name, content }];
      const r = await built.app.inject({ method: 'POST', url: '/turns', payload: { session_id: session, user_id: 'chat', timestamp, messages } });
      expect(r.statusCode).toBe(201);
    }
    await fn(async (query) => (await built.app.inject({ method: 'POST', url: '/recall', payload: { query, session_id: 'q', user_id: 'chat', max_tokens: 400 } })).json().context as string);
  } finally {
    await built.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const TWO: [string, string, string][] = [
  ['s1', 'Ines', 'I tried sailing on the lake today and the cold wind scared me a little.'],
  ['s1', 'Piet', 'Sailing has been my whole life since I was a boy, you will get used to it.'],
  ['s2', 'Piet', 'I sold my old boat last week, sailing got far too expensive for me.'],
  ['s2', 'Ines', 'Sailing lessons are going better, the instructor is patient with me.'],
  ['s3', 'Ines', 'These days sailing is honestly the best part of my week.'],
  ['s3', 'Piet', 'Glad to hear it, I mostly paint watercolours now.'],
];

describe('opinion arcs and who speaks (RECALL.arcHolder)', () => {
  test('two named speakers: no arc, the turns answer', async () => {
    await withNamedChat(TWO, async (ask) => {
      for (const q of ['How does Ines feel about sailing?', 'How do Ines and Piet feel about sailing?']) {
        const ctx = await ask(q);
        expect(ctx).not.toContain('view of');
        expect(ctx).toContain('best part of my week');
      }
    });
  });

  test('off, both speakers were quoted as the user (the defect)', async () => {
    const saved = RECALL.arcHolder;
    RECALL.arcHolder = 0;
    try {
      await withNamedChat(TWO, async (ask) => {
        const arc = (await ask('How does Ines feel about sailing?')).split('\n').find((l) => l.includes('view of')) ?? '';
        expect(arc).toContain("User's view of sailing");
        expect(arc).toMatch(/whole life|too expensive/);
      });
    } finally {
      RECALL.arcHolder = saved;
    }
  });

  test('one named person speaking as the user: their arc, under their name', async () => {
    const one: [string, string, string][] = [
      ['s1', 'Ines', 'I tried sailing on the lake today and the cold wind scared me a little.'],
      ['s1', 'assistant', 'Sailing in cold wind is hard at first; you will get used to it.'],
      ['s2', 'Ines', 'Sailing lessons are going better, the instructor is patient with me.'],
      ['s3', 'Ines', 'These days sailing is honestly the best part of my week.'],
    ];
    await withNamedChat(one, async (ask) => {
      expect(await ask('How does Ines feel about sailing?')).toMatch(/Ines's view of sailing — now \([^)]*\): "These days sailing/);
      expect(await ask('How do I feel about sailing?')).toMatch(/User's view of sailing — now/);
    });
  });

  test("the user's own scope keeps the user's arc", async () => {
    await withOfflineApp(['I love sailing on the lake.', 'Sailing in winter is too cold for me.', 'Sailing is fine again now that spring is here.'], async (ask) => {
      expect(await ask('How do I feel about sailing?')).toMatch(/User's view of sailing — now/);
    }, { sessions: true });
  });
});
