import { isQuestion, isHypothetical, isJokeOrSarcasm, isRequest, splitClauses, expandContractions, stripMarkers } from './src/core/extraction/sentences.ts';
import { attribute } from './src/core/extraction/subject-attribution.ts';
import { analyseNegation } from './src/core/extraction/negation.ts';
import { PERSONAL_FACT_RULES } from './src/core/extraction/rules/personal-facts.ts';
const t = expandContractions(process.argv[2]);
console.log(t, isQuestion(t), isHypothetical(t), isJokeOrSarcasm(t), isRequest(t), splitClauses(t));
for (const c of splitClauses(t)) { const a = attribute(stripMarkers(c), 'user', null); console.log(a); if (a) console.log(analyseNegation(a.pred)); }
