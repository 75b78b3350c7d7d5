// A pet the learned key model finds by its name keeps the animal the sentence gives it: "took in a beagle named
// Maple" stored pet=Maple (the bare name), where "adopted a beagle named Maple" stores "beagle named Maple" — and
// recall could then not answer "the name of my dog" from it.
import { describe, expect, test } from 'vitest';
import { extractOffline } from '../../src/core/extraction/offline-extractor.ts';
import { namedSpecies } from '../../src/core/extraction/learned/layer.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { TS } from './extraction-harness.ts';

const lexicon = openLexicon({}).lexicon;

describe('the species of a learned pet name', () => {
  test.each([
    ['Pickle', 'we finally took in a dachshund named Pickle', 'dachshund'],
    ['Olive', 'took in an old tabby called Olive from the shelter', 'tabby'],
    ['Rufus', 'a neighbour gave us a golden retriever named Rufus', 'golden retriever'],
    ['Pickle', 'we took in a lodger named Pickle', null],
    ['Pickle', 'Pickle has settled in well', null],
  ])('%s in "%s" → %s', (name, sentence, species) => {
    expect(namedSpecies(name, sentence, lexicon)).toBe(species);
  });

  test('"took in a <breed> named X" stores the breed with the name', () => {
    const pets = extractOffline([{ role: 'user', content: 'We finally took in a dachshund named Pickle.' }], { timestamp: TS, sessionId: 's', recentTurns: [] }, true, undefined, lexicon).filter((c) => c.key === 'pet');
    expect(pets.map((c) => c.value)).toEqual(['dachshund named Pickle']);
    expect(pets[0]!.metadata).toMatchObject({ species: 'dachshund', name: 'Pickle' });
  });
});
