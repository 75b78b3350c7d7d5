/**
 * @module test/core/recall-named-change
 * Changes found by what the question names (session 9): an ended value whose words the question says is stated as a
 * change whatever key the question asks for (recall/change.ts namedChanges), and an ending of something never stored
 * is kept as an ended row so that it can be (reconcile recordEnded). Wording here is not the probe sets'.
 */
import { describe, expect, test } from 'vitest';
import type { MemoryRecord } from '../../src/core/types.ts';
import { namedChanges } from '../../src/core/recall/change.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import { expectContexts, withOfflineApp } from './offline-app.ts';

const row = (over: Partial<MemoryRecord>): MemoryRecord =>
  ({ id: over.id ?? Math.random().toString(36).slice(2), scope: 's', userId: 'u', agentId: null, type: 'fact', subject: 'user', key: 'vehicle', value: 'x', confidence: 0.9, singleValued: true, status: 'active', active: true, sourceSession: null, sourceTurn: null, evidence: '', createdAt: '2025-01-01', updatedAt: '2025-01-01', validFrom: null, validTo: null, metadata: {}, ...over }) as MemoryRecord;

describe('namedChanges: an ended value the question names', () => {
  const rows = [
    row({ id: 'canoe', key: 'vehicle', value: 'canoe', status: 'retracted', active: false, validTo: '2025-06-01' }),
    row({ id: 'tram', key: 'vehicle', value: 'tram pass', status: 'active', active: true }),
    row({ id: 'noor', key: 'partner', value: 'Noor (girlfriend)', type: 'relation', status: 'retracted', active: false, validTo: '2025-03-01' }),
    row({ id: 'noor2', key: 'partner', value: 'Noor (girlfriend)', type: 'relation', status: 'retracted', active: false, validTo: '2025-05-01' }),
    row({ id: 'pottery', key: 'hobby', value: 'pottery', status: 'retracted', active: false, validTo: '2025-02-01' }),
    row({ id: 'pottery-again', key: 'hobby', value: 'pottery', status: 'active', active: true }),
    row({ id: 'sister', subject: 'sister', key: 'vehicle', value: 'canoe', status: 'retracted', active: false }),
    row({ id: 'old-job', key: 'employer', value: 'Fernhill Dairy', status: 'superseded', active: false }),
  ];
  // The question's words as recall has them (analysed terms).
  const table: Array<[named: string[], ids: string[]]> = [
    [['canoe'], ['canoe']], // another active value of the key does not hide it
    [['noor'], ['noor2']], // the latest end of the same value
    [['pottery'], []], // active again: no change
    [['fernhill'], []], // superseded values show as history elsewhere
    [['tram'], []], // active
    [[], []],
  ];
  test.each(table)('named %j → %j', (named, ids) => {
    expect(namedChanges(rows, new Set(named.flatMap((w) => analyze(w)))).map((m) => m.id).sort()).toEqual(ids);
  });
});

describe('recall states the change the question names', () => {
  test('a bond ended, a thing given away never stored, a guard stays empty', async () => {
    const said = [
      'my girlfriend Noor and I have been together since uni',
      'on Sundays I take my canoe out on the reservoir',
      'Noor and I broke up, it was a long time coming',
      'we traded in the canoe at the outdoor shop',
    ];
    await withOfflineApp(said, async (ask) => {
      await expectContexts(ask, [
        ['Book a table for two, me and Noor, somewhere cosy', ['no longer noor', 'broke up']],
        ['Should I wax the canoe before spring?', ['traded in the canoe', 'no longer canoe']],
        ['What is my bank called?', []],
      ]);
    }, { sessions: true });
  });
});
