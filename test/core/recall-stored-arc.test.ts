/**
 * @module test/core/recall-stored-arc
 * An opinion arc reached through the stored opinion: the question names the stance's kind ("which framework", "my
 * editor") and finds opinion_<topic> by its value, while the later turns name only the topic. The arc is drawn from
 * the turns naming the topic (recall.ts storedTopicArc), latest first. A question that reaches no opinion draws none.
 */
import { describe, expect, test } from 'vitest';
import { withOfflineApp } from './offline-app.ts';

describe('arc through the stored opinion', () => {
  test('the latest stance on the topic is stated even when it shares no word with the question', async () => {
    const said = [
      'Svelte is the best framework out there, everything just clicks.',
      'ugh svelte stores are confusing me again, spent all evening on one bug',
      'honestly I moved the big app to React and only keep svelte for tiny side projects',
    ];
    await withOfflineApp(said, async (ask) => {
      const ctx = await ask('Which framework do I prefer now?');
      expect(ctx).toMatch(/now \([^)]*\): "honestly I moved the big app to React/);
      expect(ctx).toContain('earlier:');
      expect(await ask('What do I think about gardening?')).toBe('');
    }, { sessions: true });
  });
});
