/**
 * @module test/core/extraction-role-given
 * A role given to the speaker by others ("they made me …", "named me …") is the speaker's job title, whoever the
 * clause's subject is (extraction/rules/personal-facts roleGiven); a feeling or a favour made for them is not.
 */
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';

describe('a role given to the speaker by others is their title', () => {
  const table: Array<[string, string | null]> = [
    ['the hospital made me ward manager in the spring', 'ward manager'],
    ['they named me lead engineer on the bridge project', 'lead engineer'],
    ['that documentary made me furious', null],
    ['my neighbour made me a lasagne', null],
    ['if they made me supervisor I would leave', null],
  ];
  test.each(table)('%s → %s', (text, title) => {
    const got = extractOffline([{ role: 'user', content: text }], { speakerName: null, now: new Date('2026-01-01') } as never).filter((c) => c.key === 'job_title' && c.op !== 'retract');
    expect(got.map((c) => c.value)).toEqual(title ? [title] : []);
  });
});
