/**
 * @module test/core/extraction-no-errors
 * No rule or sentence throws on the labelled corpus or any blind round: a throw is caught and drops that rule's (or that
 * sentence's) facts without a trace in the scores (session 21: a frame indexing past a three-token clause lost three
 * corpus facts before the eval diff showed it). Only the count is asserted, one test a file; no line is printed.
 */
import { expect, test } from 'vitest';
import { extractionErrors } from '../../src/core/extraction/offline-extractor.ts';
import { blindFiles, loadCorpus, runLine } from '../../bench/extraction-score.ts';

const files = [{ name: 'corpus', lines: () => loadCorpus() }, ...blindFiles().map(({ name, url }) => ({ name, lines: () => loadCorpus(url) }))];

// One test a file: each is bounded on its own, so a loaded machine does not time out the whole sweep.
test.each(files)('$name extracts without a rule or sentence throwing', ({ lines }) => {
  const before = { ...extractionErrors.byRule };
  const start = extractionErrors.count;
  const all = lines();
  for (const line of all) runLine(line);
  const thrown = Object.fromEntries(Object.entries(extractionErrors.byRule).filter(([r, n]) => n !== (before[r] ?? 0)));
  expect({ count: extractionErrors.count - start, thrown }).toEqual({ count: 0, thrown: {} });
  expect(all.length).toBeGreaterThan(20);
}, 120_000);

test('the sweep covers the corpus and the blind rounds', () => expect(files.length).toBeGreaterThan(60));
