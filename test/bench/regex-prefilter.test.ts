/**
 * bench/lib/regex-prefilter (the Session 24 experiment): the required-literal analysis of a regex's source, table-driven,
 * and the property that a skip is never wrong — for every regex literal of src/core/extraction, over the corpus
 * utterances, their sentences, the bench's turns and the warm-up sample, a text the prefilter rejects is one the regex
 * does not match.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { haystackOf, pf, pfExec, pfTest, requiredLiterals } from '../../bench/lib/regex-prefilter.ts';
import { benchTurns } from '../../bench/lib/bench-turns.ts';
import { loadCorpus } from '../../bench/extraction-score.ts';
import { WARM_UP_SAMPLE } from '../../src/core/warm-up-sample.ts';

const lits = (rx: RegExp, min = 1) => requiredLiterals(rx.source, rx.flags, min);

describe('requiredLiterals', () => {
  it.each([
    // sequences: the most selective factor, adjacent literals joined
    [/my\s+name\s+is/, ['name']],
    [/colou?r/, ['colour', 'color']],
    [/name'?s/, ["name's", 'names']],
    [/a{2}bcd/, ['bcd']],
    [/(?:ab)+cd/, ['ab']],
    // alternation: the union; one alternative without a literal gives up
    [/\b(?:cat|dog)s?\b/, ['cat', 'dog']],
    [/x|yz/, ['yz', 'x']],
    [/(?:ab|)cd/, ['cd']],
    [/foo|\d+/, null],
    // optional and starred parts require nothing
    [/(?:very\s+)*good/, ['good']],
    [/(?:foo)?/, null],
    [/(?:foo)*bar?/, ['ba']],
    // a literal containing another is implied by it
    [/\b(?:[Mm]y\s+name\s+is|[Mm]y\s+name's|[Cc]all\s+me)\s+\w/, ['call', 'name']],
    // lookarounds consume nothing: the characters around them are adjacent; their content is not required
    [/(?<=x)abc(?=d)/, ['abc']],
    [/a(?!b)c/, ['ac']],
    [/(?<!not\s)happy/, ['happy']],
    // \b, ^, $ are zero-width
    [/^\bbut\b$/, ['but']],
    // classes: a few plain characters are alternatives, anything else is unknown
    [/[Mm]um/, ['mum']],
    [/[^m]um/, ['um']],
    [/[a-z]um/, ['um']],
    [/[\s,]um/, ['um']],
    // backreferences and escapes are unknown
    [/(a)\1bc/, ['bc']],
    [/\x41bc/, ['bc']],
    [/\u0041bc/, ['bc']],
    [/\.com/, ['.com']],
    [/\s+/, null],
    // unicode property classes and non-ASCII characters are unknown
    [/\p{Lu}abc/u, ['abc']],
    [/[\p{L}'’-]+ing/u, ['ing']],
    [/café/, ['caf']],
    [/’s/, ['s']],
    // flags: i lower-cases (so does the case-sensitive match, compared lower-cased), g/y/u change nothing, v gives up
    [/ABC/i, ['abc']],
    [/ABC/, ['abc']],
    [/abc/gy, ['abc']],
    // what the reader is not sure of gives up
    [/a{x}/, null],
  ])('%s → %j', (rx, want) => {
    expect(lits(rx)).toEqual(want);
  });

  it('gives up on the v flag and on group modifiers (sources newer than this Node)', () => {
    expect(requiredLiterals('abc', 'v', 1)).toBeNull();
    expect(requiredLiterals('(?i:abc)', '', 1)).toBeNull();
  });

  it('drops sets with a literal shorter than the minimum', () => {
    expect(requiredLiterals('ab|cde', '', 3)).toBeNull();
    expect(requiredLiterals('abc|cde', '', 3)).toEqual(['abc', 'cde']);
  });
});

describe('pfTest / pfExec', () => {
  it('skip a text without the literals and run the regex otherwise', () => {
    const p = pf(/\bmy\s+(dog|cat)\s+(\w+)/i);
    expect(pfTest(p, 'I have a hamster')).toBe(false);
    expect(pfExec(p, 'My dog Rex barks')?.[2]).toBe('Rex');
    expect(pfTest(p, 'my DOG Rex')).toBe(true);
  });

  it('reset lastIndex of a global or sticky regex on a skip, as a failed exec does', () => {
    const p = pf(/dog/g);
    p.rx.lastIndex = 5;
    expect(pfExec(p, 'no such animal here')).toBeNull();
    expect(p.rx.lastIndex).toBe(0);
  });

  it('read ſ as s and the Kelvin sign as k (what /s/iu and /k/iu match)', () => {
    expect(haystackOf('Kelvin ſun')).toBe('kelvin sun');
    expect(pfTest(pf(/sun/iu), 'ſun')).toBe(true);
    expect(pfTest(pf(/kin/iu), '\u212Ain')).toBe(true);
  });
});

/** Every regex literal of the extractor's sources. */
function extractorRegexes(): RegExp[] {
  const out: RegExp[] = [];
  const walk = (dir: string) => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith('.ts')) {
        const sf = ts.createSourceFile(p, readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
        const visit = (n: ts.Node) => {
          if (ts.isRegularExpressionLiteral(n)) {
            const slash = n.text.lastIndexOf('/');
            out.push(new RegExp(n.text.slice(1, slash), n.text.slice(slash + 1).replace(/[gy]/g, '')));
          }
          ts.forEachChild(n, visit);
        };
        visit(sf);
      }
    }
  };
  walk(new URL('../../src/core/extraction', import.meta.url).pathname);
  return out;
}

describe('a skip is never wrong', () => {
  it('over the extractor regexes and the corpus, bench and sample texts', () => {
    const whole = [
      ...loadCorpus().map((l) => l.text ?? (l.msgs ?? []).map((m) => m.content).join(' ')),
      ...benchTurns(200).flatMap((t) => t.messages.map((m) => m.content)),
      ...WARM_UP_SAMPLE.flatMap((t) => [t.user, t.assistant]),
    ].filter(Boolean);
    const texts = [...new Set([...whole, ...whole.flatMap((t) => t.split(/(?<=[.!?])\s+/))])];
    const regexes = extractorRegexes();
    let analysed = 0;
    let skipped = 0;
    for (const rx of regexes) {
      const p = pf(rx);
      if (p.literals.length === 0) continue;
      analysed++;
      for (const t of texts) {
        if (p.literals.some((l) => haystackOf(t).includes(l))) continue;
        skipped++;
        expect(rx.test(t), `/${rx.source}/${rx.flags} on ${JSON.stringify(t)}`).toBe(false);
      }
    }
    expect(regexes.length).toBeGreaterThan(800);
    expect(analysed).toBeGreaterThan(300);
    expect(skipped).toBeGreaterThan(100_000);
  });
});
