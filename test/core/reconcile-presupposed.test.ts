/**
 * @module test/core/reconcile-presupposed
 * A bond ended over its wedding ("X and I called off the wedding", extraction/frames/table REFERENCE_ENDINGS
 * called-off, read by the WordNet class of the verb) ends the partner, and the status that presupposed the partner
 * ends with it (reconcile/policy PRESUPPOSED): no "engaged" user is left behind. A cancelled outing ends nothing.
 * Through the offline app (the lexicon is loaded there); other wording than the probe sets.
 */
import { describe, expect, test } from 'vitest';
import { withOfflineApp } from './offline-app.ts';

describe('a called-off wedding ends the bond and what presupposed it', () => {
  const table: Array<[ending: string, ended: boolean]> = [
    ["Marguerite and I called off the wedding, it just wasn't right", true],
    ['we cancelled the engagement last night', true],
    ['we cancelled the picnic, too much rain', false],
  ];
  test.each(table)('%s → ended: %s', async (ending, ended) => {
    await withOfflineApp(['I got engaged to my girlfriend Marguerite at Christmas', ending], async (ask) => {
      const ctx = (await ask('Am I engaged to anyone at the moment?')).toLowerCase();
      if (ended) {
        expect(ctx).toContain('no longer engaged');
        expect(ctx).not.toMatch(/partner: marguerite/);
        // An applied ask naming the ended partner is answered by the change (recall/change namedChanges).
        expect((await ask('Help me plan the seating for my wedding with Marguerite')).toLowerCase()).toContain('no longer marguerite');
        expect(ctx).not.toMatch(/relationship status: engaged/);
      } else {
        expect(ctx).not.toContain('no longer');
        expect(ctx).toContain('relationship status: engaged');
      }
    }, { sessions: true });
  });
});
