// buildApp hands the service a lexicon: WordNet by default, the empty one with MEMORY_LEXICON=off,
// a test double when given.
import { describe, expect, test } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { loadConfig } from '../../../src/config.ts';
import { EMPTY_LEXICON } from '../../../src/core/lexicon/empty.ts';
import { locateWordNet } from '../../../src/providers/lexicon/wordnet-cache.ts';

const config = (env: Record<string, string> = {}) => loadConfig({ LOG_LEVEL: 'silent', MEMORY_DB_PATH: ':memory:', ...env });

describe('lexicon wiring', () => {
  test.skipIf(!locateWordNet())('the service gets WordNet by default', async () => {
    const built = await buildApp(config());
    try {
      expect(built.ctx.service.lexicon.classesOf('dog', 'noun')).toEqual(['noun.animal']);
    } finally {
      await built.close();
    }
  });

  test('MEMORY_LEXICON=off gives the empty lexicon', async () => {
    const built = await buildApp(config({ MEMORY_LEXICON: 'off' }));
    try {
      expect(built.ctx.service.lexicon).toBe(EMPTY_LEXICON);
    } finally {
      await built.close();
    }
  });

  test('an invalid MEMORY_LEXICON is reported by name', () => {
    expect(() => config({ MEMORY_LEXICON: 'maybe' })).toThrow(/MEMORY_LEXICON/);
  });
});
