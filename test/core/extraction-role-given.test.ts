/**
 * @module test/core/extraction-role-given
 * A role given to the speaker by others ("they made me …", "named me …") is the speaker's job title, whoever the
 * clause's subject is (extraction/rules/personal-facts roleGiven); a feeling or a favour made for them is not. A
 * business the speaker founded as their own ("opened my own …") is their employer by the name said with it
 * (OWN_FOUNDED); an unnamed one, a wish or someone else's business is not (the founding is an event).
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

describe('a business the speaker founded', () => {
  const table: Array<[string, string | null]> = [
    ['last spring I launched my own agency, Northlight Media', 'Northlight Media'],
    ['we opened our own little restaurant named Saffron Table', 'Saffron Table'],
    ['founded my own consultancy after the layoffs', null],
    ['one day I want to start my own studio', null],
    ['my uncle opened his own garage', null],
  ];
  test.each(table)('%s → %s', (text, employer) => {
    const got = extractOffline([{ role: 'user', content: text }], { speakerName: null, now: new Date('2026-01-01') } as never).filter((c) => c.op !== 'retract' && c.subject === 'user');
    expect(got.filter((c) => c.key === 'employer').map((c) => c.value)).toEqual(employer ? [employer] : []);
  });
});
