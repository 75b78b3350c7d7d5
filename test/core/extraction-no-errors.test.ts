/**
 * @module test/core/extraction-no-errors
 * No rule or sentence throws on the labelled corpus or any blind round: a throw is caught and drops that rule's (or that
 * sentence's) facts without a trace in the scores (session 21: a frame indexing past a three-token clause lost three
 * corpus facts before the eval diff showed it). Only the count is asserted; no line is printed.
 */
import { expect, test } from 'vitest';
import { extractionErrors } from '../../src/core/extraction/offline-extractor.ts';
import { blindFiles, loadCorpus, runLine } from '../../bench/extraction-score.ts';

test('the corpus and every blind round extract without a rule or sentence throwing', () => {
  const before = { ...extractionErrors.byRule };
  const start = extractionErrors.count;
  const lines = [...loadCorpus(), ...blindFiles().flatMap(({ url }) => loadCorpus(url))];
  for (const line of lines) runLine(line);
  const thrown = Object.fromEntries(Object.entries(extractionErrors.byRule).filter(([r, n]) => n !== (before[r] ?? 0)));
  expect({ count: extractionErrors.count - start, thrown }).toEqual({ count: 0, thrown: {} });
  expect(lines.length).toBeGreaterThan(1000);
}, 120_000);
