/**
 * @module core/recall/synonyms
 * A small, general-purpose table of related words for query expansion (everyday life topics a
 * personal assistant hears about). Expansions are always weighted below the question's own
 * words (see query-analysis WEIGHTS). Lookup is by stem, so "kids" and "kid" share a group. Pure.
 */
import { analyze } from '../text/analyze.ts';

/** Each group: words that ask about / answer the same thing in conversation. */
const GROUPS: string[][] = [
  ['job', 'work', 'career', 'occupation', 'profession', 'employer', 'company', 'office', 'boss', 'colleague'],
  ['live', 'home', 'house', 'apartment', 'city', 'moved', 'neighborhood', 'hometown'],
  ['kids', 'children', 'son', 'daughter', 'baby'],
  ['partner', 'husband', 'wife', 'spouse', 'boyfriend', 'girlfriend', 'fiance', 'married'],
  ['parents', 'mother', 'father', 'mom', 'dad'],
  ['siblings', 'brother', 'sister'],
  ['pet', 'dog', 'cat', 'puppy', 'kitten'],
  ['hobby', 'hobbies', 'activities', 'pastime', 'interests', 'enjoy'],
  ['book', 'books', 'read', 'reading', 'novel', 'author'],
  ['music', 'song', 'songs', 'band', 'concert', 'album', 'singer'],
  ['instrument', 'instruments', 'guitar', 'piano', 'violin', 'drums'],
  ['travel', 'trip', 'vacation', 'visit', 'visited', 'journey', 'tour'],
  ['sport', 'sports', 'team', 'match', 'tournament', 'league'],
  ['game', 'games', 'gaming', 'videogame', 'console'],
  ['movie', 'movies', 'film', 'films', 'cinema', 'watch'],
  ['food', 'eat', 'cook', 'cooking', 'recipe', 'dish', 'meal', 'bake', 'baking'],
  ['exercise', 'workout', 'gym', 'fitness', 'running', 'run', 'yoga'],
  ['art', 'paint', 'painting', 'drawing', 'draw', 'sketch', 'artwork'],
  ['study', 'school', 'class', 'course', 'degree', 'university', 'college', 'education', 'learn'],
  ['health', 'sick', 'illness', 'doctor', 'hospital', 'injury', 'injured'],
  ['car', 'drive', 'driving', 'vehicle'],
  ['friend', 'friends', 'buddy', 'pal'],
  ['gift', 'present', 'gave', 'bought'],
  ['volunteer', 'volunteering', 'charity', 'donate', 'fundraiser'],
  ['camping', 'camp', 'hike', 'hiking', 'outdoors', 'trail'],
  ['beach', 'ocean', 'sea', 'swim', 'swimming'],
  ['write', 'writing', 'wrote', 'story', 'poem', 'blog'],
  ['photo', 'picture', 'photograph', 'image', 'camera'],
  ['feel', 'feeling', 'emotion', 'happy', 'sad', 'proud', 'excited'],
  ['plan', 'plans', 'planning', 'future', 'goal', 'goals', 'dream'],
  ['start', 'started', 'began', 'begin', 'launch', 'launched', 'open', 'opened'],
  ['win', 'won', 'victory', 'award', 'prize', 'championship'],
  ['money', 'paid', 'pay', 'salary', 'afford', 'cost'],
  ['dance', 'dancing', 'dancer', 'choreography'],
  ['shop', 'store', 'business', 'startup'],
];

const BY_STEM = (() => {
  const m = new Map<string, Set<string>>();
  for (const g of GROUPS) {
    for (const w of g) {
      const stem = analyze(w)[0];
      if (!stem) continue;
      let s = m.get(stem);
      if (!s) m.set(stem, (s = new Set()));
      for (const other of g) if (other !== w) s.add(other);
    }
  }
  return m;
})();

/** Related words for one query word (empty when none is known). */
export function expansionsOf(word: string): string[] {
  const stem = analyze(word)[0];
  if (!stem) return [];
  const s = BY_STEM.get(stem);
  return s ? [...s].filter((w) => analyze(w)[0] !== stem) : [];
}
