/**
 * @module core/extraction/learned/values
 * Value picking by type for a key the learned model predicted: the argument of the sentence whose
 * lexical class fits the key — a name not typed as a place or organisation for a pet, a name after a
 * work preposition (or typed as an organisation) for an employer, a place name for a location, a
 * food word for an allergy, a diet term or food word for a diet, an occupation noun (or the agent
 * noun of the verb) for a job title, an activity or instrument for a hobby, an illness for a health
 * condition, a language, a vehicle. No phrases: only POS tags, capitalisation and noun kinds.
 */
import type { Lexicon } from '../../ports.ts';
import type { NlpToken } from '../nlp.ts';
import { kindOf } from '../frames/kinds.ts';
import { DIETS } from '../lexicon.ts';
import { isNameToken, wordInfo } from './features.ts';

interface Run {
  text: string;
  start: number;
  end: number;
}

/** Maximal runs of name tokens ("Halvorsen Freight", "Toa Payoh"). */
export function nameRuns(tokens: NlpToken[]): Run[] {
  const runs: Run[] = [];
  for (let i = 0; i < tokens.length; i++) {
    // A capitalised first word is a name only when a verb follows it ("Kofi drags me…", not "Duolingo's owl…").
    const first = i === 0 && isNameToken(tokens[i], 1) && ['VERB', 'AUX'].includes(tokens[1]?.pos ?? '') && !/^['’]s$/.test(tokens[1]?.text ?? '');
    if (!isNameToken(tokens[i], i) && !first) continue;
    let j = i;
    while (j + 1 < tokens.length && isNameToken(tokens[j + 1], j + 1)) j++;
    runs.push({ text: tokens.slice(i, j + 1).map((t) => t.text).join(' '), start: i, end: j });
    i = j;
  }
  return runs;
}

const WORK_PREPS = new Set(['at', 'for', 'from', 'with', 'join', 'joined']);
const PLACE_PREPS = new Set(['in', 'to', 'near', 'around', 'from']);
const nounLike = (t: NlpToken) => t.pos === 'NOUN' || t.pos === 'PROPN';
const kindOfToken = (t: NlpToken, lex?: Lexicon) => (nounLike(t) ? wordInfo(t.lemma.toLowerCase(), 'noun', lex).kind ?? kindOf(t.lower, lex) : null);

/**
 * The noun of one of `kinds` in the sentence; with `specific`, the least common one ("one bite of that kiwi tart": kiwi,
 * not bite), else the first.
 */
function nounOfKind(tokens: NlpToken[], kinds: string[], lex?: Lexicon, specific = false): string | null {
  let best: string | null = null;
  let bestCommon = Infinity;
  for (const t of tokens) {
    const k = kindOfToken(t, lex);
    if (!k || !kinds.includes(k)) continue;
    if (!specific) return t.lower;
    const common = lex?.commonness?.(t.lemma.toLowerCase()) ?? 0;
    if (common < bestCommon) [best, bestCommon] = [t.lower, common];
  }
  return best;
}

function runKind(r: Run, lex?: Lexicon): string | null {
  return kindOf(r.text, lex) ?? kindOf(r.text.split(' ').pop()!, lex);
}

/** The value for `key` in the sentence, or null when no argument of the fitting type is there. */
export function pickValue(key: string, tokens: NlpToken[], lex?: Lexicon, notNames: ReadonlySet<string> = new Set()): string | null {
  const runs = nameRuns(tokens).filter((r) => !notNames.has(r.text.toLowerCase()));
  const before = (r: Run) => tokens[r.start - 1]?.lower ?? '';
  switch (key) {
    case 'pet': {
      const name = runs.find((r) => !['location', 'organization', 'family', 'social', 'occupation', 'language', 'vehicle'].includes(runKind(r, lex) ?? ''));
      return name?.text ?? nounOfKind(tokens, ['animal'], lex);
    }
    case 'employer': {
      const named = runs.find((r) => WORK_PREPS.has(before(r)) && runKind(r, lex) !== 'location') ?? runs.find((r) => runKind(r, lex) === 'organization');
      return named?.text ?? null;
    }
    case 'location': {
      const place = runs.find((r) => runKind(r, lex) === 'location') ?? runs.find((r) => PLACE_PREPS.has(before(r)) && !runKind(r, lex));
      return place?.text ?? null;
    }
    case 'diet': {
      const term = tokens.find((t) => t.lower in DIETS);
      return term ? DIETS[term.lower] : nounOfKind(tokens, ['food'], lex, true);
    }
    case 'allergy':
      return nounOfKind(tokens, ['food'], lex, true) ?? nounOfKind(tokens, ['animal'], lex, true);
    case 'job_title': {
      const noun = nounOfKind(tokens, ['occupation'], lex);
      if (noun) return noun;
      // "welds at the shipyard" → the agent noun of the verb, when the lexicon knows it as an occupation.
      for (const t of tokens) {
        if (t.pos !== 'VERB' || !lex) continue;
        const agent = lex.derivations(t.lemma.toLowerCase(), 'verb').find((d) => d.endsWith('er') && kindOf(d, lex) === 'occupation');
        if (agent) return agent;
      }
      return null;
    }
    case 'hobby': {
      const noun = nounOfKind(tokens, ['activity', 'instrument'], lex);
      if (noun) return noun;
      const ing = tokens.find((t, i) => i > 0 && /ing$/.test(t.lower) && (t.pos === 'VERB' || t.pos === 'NOUN') && ['verb.motion', 'verb.competition', 'verb.creation', 'noun.act'].includes(wordInfo(t.lower, t.pos === 'VERB' ? 'verb' : 'noun', lex).cls ?? ''));
      return ing?.lower ?? null;
    }
    case 'health_condition':
      return nounOfKind(tokens, ['illness'], lex);
    case 'language': {
      const lang = tokens.find((t) => kindOf(t.lower, lex) === 'language');
      return lang ? lang.text : null;
    }
    case 'vehicle': {
      const noun = nounOfKind(tokens, ['vehicle'], lex);
      const named = runs.find((r) => runKind(r, lex) === 'vehicle') ?? runs.find((r) => ['the', 'my', 'our', 'a'].includes(before(r)) && !runKind(r, lex));
      return named?.text ?? noun;
    }
    default:
      return null;
  }
}
