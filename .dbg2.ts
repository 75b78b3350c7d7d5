import { attribute } from './src/core/extraction/subject-attribution.ts';
import { IMPLICIT_RULES } from './src/core/extraction/rules/implicit.ts';
import { isQuestion, isRequest, isHypothetical, isJokeOrSarcasm, splitClauses, expandContractions } from './src/core/extraction/sentences.ts';
const t = 'My manager at Spotify keeps moving deadlines.';
console.log(isQuestion(t), isRequest(t), isHypothetical(t), isJokeOrSarcasm(t), splitClauses(expandContractions(t)));
console.log(attribute(t, 'user', null));
console.log(IMPLICIT_RULES[0]({ text: t, speaker: 'user' } as any));
