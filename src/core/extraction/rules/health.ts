/**
 * @module core/extraction/rules/health
 * Health facts: allergies and intolerances, diets (and their ends: "not vegetarian anymore"),
 * diagnosed conditions. "I don't eat meat anymore" is a vegetarian diet, not a retraction. A diet is also named by
 * the foods kept beside those ruled out (FOOD_CLASSES × DIET_BY_CLASSES: "I eat fish but no other meat"), and an
 * allergy by a reaction of the speaker's with its trigger (ALLERGIC_SIGNS: "my eyes swell shut whenever I'm around cats").
 */
import { re } from '../re.ts';
import type { Draft, Rule } from '../model.ts';
import { DIETS, DIET_RE } from '../lexicon.ts';
import { cutList, cutValue, splitList } from '../values.ts';
import { RELATION_RE } from '../lexicon.ts';
import { thirdPartyId } from '../subject-attribution.ts';
import { tagFragment } from '../nlp.ts';
import { BODY_PARTS } from '../frames/table.ts';

/**
 * "Bee stings are dangerous for me, I'm allergic." / "Peanuts are a no-go for me. Severe allergy."
 * A bare allergy statement takes its object from the noun phrase that opens the statement the
 * speaker just made about themselves (same sentence, else the previous one): wink POS, nouns only.
 */
function allergenFrom(text: string | undefined): string | null {
  if (!text || !/\b(?:me|my|I)\b/.test(text) || /^\s*(?:I|my|we|our)\b/i.test(text)) return null;
  const toks = tagFragment(text);
  const out: string[] = [];
  for (const t of toks) {
    if (t.pos === 'NOUN' || (t.pos === 'PROPN' && out.length === 0) || (t.pos === 'ADJ' && out.length === 0)) out.push(t.lower);
    else if (out.length > 0 || !['DET', 'ADV'].includes(t.pos)) break;
  }
  const v = out.join(' ');
  return out.length > 0 && out.length <= 3 && /[a-z]/.test(v) && !/^(?:it|this|that|things?|stuff|everything)$/.test(v) ? v : null;
}

/**
 * The food a request keeps out ("please don't suggest anything with sesame in it", "no peanuts in
 * mine", "make it without shellfish"): the allergen of a bare "I'm allergic" that follows it.
 */
function heldBack(text: string | undefined): string | null {
  if (!text || !/\b(?:do\s+not|don't|no|without|skip|avoid|leave\s+out|keep)\b/i.test(text)) return null;
  const m = /\b(?:anything|something|nothing|dishes|food|recipes|meals)\s+(?:with|containing|that\s+has)\s+(?:any\s+)?([a-z]+(?:\s+[a-z]+)?)\s*(?:in\s+it|in\s+them)?\s*$|\b(?:without|no|skip\s+the|avoid|leave\s+out\s+the|hold\s+the)\s+(?:any\s+)?([a-z]+(?:\s+(?!please\b|in\b)[a-z]+)?)(?:\s+(?:please|in\s+mine|in\s+it))?\s*$/i.exec(text.trim().replace(/[.!?]+$/, ''));
  const v = (m?.[1] ?? m?.[2])?.toLowerCase();
  return v && !/^(?:it|that|this|them|meat|thanks|problem|worries)$/.test(v) ? v : null;
}
/**
 * A reaction with its trigger, no allergy word: "my eyes swell shut whenever I'm around cats", "I start sneezing
 * whenever there's pollen about", "my skin itches for days if I touch latex", "I come out in blotches whenever I have
 * dairy". The reaction is the speaker's (I, or a part of them) and one of an allergy's (ALLERGIC_SIGNS, data); the
 * trigger is the noun phrase of a trigger clause (whenever / every time / if / when + I'm around X, I touch X, I eat X,
 * there's X around; after / from taking, eating, using X) or of "around X" on the reaction itself. A person or a
 * feeling is no allergen.
 */
export const ALLERGIC_SIGNS: readonly string[] = ['swell', 'swells', 'swelled', 'swelling', 'swollen', 'puff', 'puffs', 'puffed', 'puffy', 'hives', 'rash', 'rashes', 'welts', 'blotches', 'blotchy', 'sneeze', 'sneezes', 'sneezing', 'wheeze', 'wheezes', 'wheezing', 'wheezy', 'itch', 'itches', 'itching', 'itchy', 'streaming', 'stream', 'watery', 'water', 'runny', 'streams', 'tingle', 'tingles', 'tingling', 'anaphylaxis', 'anaphylactic', 'break out', 'breaks out', 'broke out', 'come out in', 'comes out in', 'came out in', 'close up', 'closes up', 'tightens', 'scratchy', 'tight', 'stuffy'];
const SELF_PART = `(?:I|my\\s+(?:${[...BODY_PARTS, 'nose', 'eye', 'hands', 'hand', 'arms', 'neck', 'ears', 'lungs', 'whole body', 'body', 'cheeks', 'eyelids'].join('|').replace(/ /g, '\\s+')}))`;
const SIGN = ALLERGIC_SIGNS.map((w) => w.replace(/ /g, '\\s+')).join('|');
/** The speaker's reaction: "I … sneeze", "my eyes swell", within a few words. */
const REACTS = re(`(?:^|[^\\p{L}'’])${SELF_PART}\\s+(?:[a-z']+\\s+){0,3}?(?:${SIGN})\\b|^\\s*(?:${SIGN})\\b`, 'iu');
/** A reaction that opens the sentence, its subject (the speaker) dropped as chat does: "came out in a rash after…". */
const SIGN_FIRST = re(`^\\s*(?:${SIGN})\\b`, 'i');
/** The trigger: "whenever I'm around X", "every time I touch X", "if there's X about", or "around X" itself. */
const TRIGGER = /\b(?:(?:whenever|every\s+time|each\s+time|any\s*time|when|if|as\s+soon\s+as|(?:the\s+)?(?:last|first)\s+time|after)\s+(?:I\s*(?:['’]m|\s+am|\s+get|\s+go|\s+am\s+anywhere)\s+(?:around|near|close\s+to|next\s+to|anywhere\s+near|in\s+a\s+room\s+with)|I\s+(?:touch|touched|eat|ate|have|had|drink|drank|handle|handled|stroke|stroked|pet|petted|smell|smelled|use|used|take|took|wear|wore|eat\s+anything\s+with)|there\s*(?:['’]s|\s+is|\s+are)|(?:I\s+)?(?:go\s+)?near)|(?:around|near)(?=\s+(?:a|an|the|any)?\s*[a-z])|(?:after|from)\s+(?:taking|eating|having|using|touching|drinking|trying))\s+(?:(?:a|an|the|any|some|fresh|even\s+a\s+little)\s+)?(?:(?:anything|something|stuff|food|everything|things)\s+(?:with|containing|that\s+has)\s+(?:any\s+|even\s+a\s+bit\s+of\s+)?)?([a-z][a-z-]*(?:\s+(?!(?:around|about|nearby|too|for|in|at|and|or|but|is|are|my|his|her|their|our|your|i|it|then|so|when|whenever|makes?|gives?|always|every|now|last|this|yesterday|today|tonight|earlier|once|twice|before|after|with)\b)[a-z][a-z-]*)?)/i;
// (A portion or container names no allergen: "last time I ate a punnet…" leaves the food to the frames.)
const NOT_ALLERGEN = /^(?:my|his|her|their|your|our|him|her|them|people|someone|anyone|everyone|strangers|crowds|it|this|that|stress|work|home|here|there|time|night|bed|sleep|tired|nervous|anxious|upset|the|punnet|bowl|plate|slice|bite|handful|bag|packet|portion|piece|cup|glass|spoonful|mouthful|tin|jar|box|couple|lot|load|few|bit)\b/i;
const KIN_FIRST = re(`^\\s*(?:my|our)\\s+(?:${RELATION_RE})\\b`, 'i');
/** A cause that sets off the reaction: "cats make my eyes puff up", "being near dogs makes me sneeze". */
const CAUSES = re(`(?:^|[,;]\\s*)(?:(?:being|sitting|standing)\\s+(?:near|around|next\\s+to)\\s+|touching\\s+|even\\s+)?(?:the\\s+|any\\s+)?([a-z][a-z-]*(?:\\s+[a-z][a-z-]*)?)\\s+(?:always\\s+)?(?:make|makes|made|set|sets)\\s+(?:me|${SELF_PART.replace('I|', '')})\\s+(?:[a-z]+\\s+){0,2}?(?:${ALLERGIC_SIGNS.filter((w) => !/^water/.test(w)).map((w) => w.replace(/ /g, '\\\\s+')).join('|')})\\b`, 'i');
function causedReaction(sentence: string): string | null {
  const m = CAUSES.exec(sentence);
  const v = m?.[1].toLowerCase();
  return v && !NOT_ALLERGEN.test(v) && !/\b[a-z]+ing\b|^(?:they|these|those|it|that|this|he|she|you|we|i)$/.test(v) && !/\?|\b(?:would|might|could|wish|used\s+to)\b/i.test(sentence) ? v : null;
}
function triggeredReaction(sentence: string): string | null {
  if (!REACTS.test(sentence) || /\?|\b(?:would|might|could|wish|maybe|used\s+to)\b/i.test(sentence)) return null;
  const m = TRIGGER.exec(sentence);
  const v = m?.[1]?.toLowerCase().replace(/\s+(?:too|again|though)$/, '');
  return v && !NOT_ALLERGEN.test(v) ? v : null;
}

const allergy: Rule = (c) => {
  const t = c.core;
  const out: Draft[] = [];
  let m: RegExpExecArray | null;
  if (!/\ballerg|\bintoleran/i.test(c.sentence) && !c.negated) {
    const t = triggeredReaction(c.sentence);
    const v = t && (/^\s*(?:I|my\s+[a-z]+)\b|(?:whenever|every\s+time|if|when|(?:the\s+)?(?:last|first)\s+time|after)\s+I\b/i.test(c.sentence) || SIGN_FIRST.test(c.sentence)) ? t : causedReaction(c.sentence);
    if (v && !KIN_FIRST.test(c.sentence)) return [{ key: 'allergy', value: v, subject: c.speaker, confidence: 0.75, implicit: true, metadata: { frame: 'reaction+trigger' } }];
  }
  if ((m = /\ballergic\s+to\s+(.+)/i.exec(t))) {
    for (const v of splitList(cutList(m[1], /\s+(?:so|which|that)\b/i))) if (v.split(/\s+/).length <= 3) out.push({ key: 'allergy', value: v.toLowerCase() });
  } else if ((m = /\b(?:have|has|got)\s+(?:a|an|severe|mild|bad|serious)?\s*(?:severe\s+|mild\s+|bad\s+|serious\s+)?([a-z]+(?:\s+[a-z]+)?)\s+allerg(?:y|ies)\b/i.exec(t))) {
    if (!/^(?:an?|the|my|some|bad|food)$/i.test(m[1])) out.push({ key: 'allergy', value: m[1].toLowerCase() });
  } else if ((m = /\b([a-z]+)\s+intolerant\b/i.exec(t))) out.push({ key: 'allergy', value: m[1].toLowerCase(), metadata: { kind: 'intolerance' } });
  else if ((m = /\b([a-z]+)\s+intolerance\b/i.exec(t)) && /\bhave\b/i.test(t)) out.push({ key: 'allergy', value: m[1].toLowerCase(), metadata: { kind: 'intolerance' } });
  else if (/^(?:am\s+(?:severely\s+|very\s+|so\s+|deathly\s+|really\s+|badly\s+|extremely\s+|seriously\s+|super\s+|mildly\s+|a\s+bit\s+|quite\s+|also\s+)?allergic|(?:have\s+(?:a|an)\s+)?(?:severe\s+|bad\s+|serious\s+|mild\s+)?allerg(?:y|ic\s+reaction))\s*(?:[.!,;]|$|\s+(?:since|for|as|too|though|unfortunately|sadly))/i.test(`${c.pre} ${c.core}`.trim()) && c.subject.self) {
    // Bare "I'm allergic." / "Severe allergy since I was a kid.": the allergen is in the statement before.
    const head = c.sentence.split(/,\s*/)[0];
    const v = allergenFrom(head !== c.sentence && !/\ballerg/i.test(head) ? head : undefined) ?? allergenFrom(c.prevSentence) ?? heldBack(head !== c.sentence ? head : undefined) ?? heldBack(c.prevSentence);
    if (v) out.push({ key: 'allergy', value: v, confidence: 0.8 });
  }
  return out;
};

const DIET = re(`(${DIET_RE})`, 'i');
const RE_HEALTH_1 = re(`^(?:am|is|are|was|have\\s+been|has\\s+been|been)\\s+(?:a\\s+|now\\s+|strictly\\s+|fully\\s+|mostly\\s+|still\\s+|basically\\s+|pretty\\s+much\\s+|more\\s+or\\s+less\\s+|kind\\s+of\\s+|sort\\s+of\\s+|back\\s+to\\s+being\\s+|a\\s+strict\\s+)*${DIET.source}\\b`, 'i');
// "went vegan", "went back to being vegetarian", "returned to being vegan": a diet taken (again) is current.
const RE_HEALTH_2 = re(`\\b(?:(?:went|gone|going|go|turned|became|become|switched\\s+to\\s+being|switched\\s+to\\s+(?:a\\s+)?)(?:\\s+back\\s+to\\s+(?:being\\s+(?:a\\s+)?)?)?|(?:returned|returning|switched|switching)\\s+(?:back\\s+)?to\\s+(?:being\\s+(?:a\\s+)?)?)\\s*(?:fully\\s+)?${DIET.source}\\b`, 'i');
const RE_HEALTH_3 = re(`\\b(?:follow|follows|following|on|doing|do|eat|eats|eating|keep|keeps)\\s+(?:a\\s+|the\\s+|strictly\\s+)?${DIET.source}(?:\\s+diet)?\\b`, 'i');
const RE_HEALTH_4 = re(`\\bas\\s+a\\s+${DIET.source}\\b`, 'i');
/** Ending a diet: "gave up on the vegetarian thing", "quit keto", "stopped being vegan", "fell off the paleo wagon". */
const RE_DIET_END = re(`\\b(?:gave\\s+up|give\\s+up|given\\s+up|quit|stopped|dropped|ditched|abandoned|fell\\s+off)\\s+(?:on\\s+)?(?:being\\s+(?:a\\s+)?|the\\s+|my\\s+|doing\\s+)?${DIET.source}(?:\\s+(?:thing|diet|lifestyle|wagon|experiment))?\\b`, 'i');
/**
 * Food words by the class a diet rules in or out (data): a sentence that keeps one class and rules out another names
 * the diet whose exclusions fit — "I eat fish but no other meat", "no meat for me except fish", "I'll eat seafood, just
 * not chicken or beef" (pescatarian); "eggs and cheese, but no meat or fish" (vegetarian).
 */
export const FOOD_CLASSES: Readonly<Record<string, readonly string[]>> = {
  meat: ['meat', 'meats', 'red meat', 'white meat', 'beef', 'pork', 'lamb', 'mutton', 'veal', 'chicken', 'poultry', 'turkey', 'duck', 'bacon', 'ham', 'steak', 'sausage', 'sausages', 'burgers'],
  fish: ['fish', 'seafood', 'shellfish', 'salmon', 'tuna', 'cod', 'prawns', 'shrimp', 'mussels', 'sushi'],
  dairy: ['dairy', 'cheese', 'milk', 'butter', 'yoghurt', 'yogurt', 'cream'],
  egg: ['egg', 'eggs'],
};
/** Diets by the food classes they exclude, narrowest first: the first whose exclusions cover what is ruled out wins. */
export const DIET_BY_CLASSES: readonly (readonly [string, readonly string[]])[] = [
  ['pescatarian', ['meat']],
  ['vegetarian', ['meat', 'fish']],
  ['vegan', ['meat', 'fish', 'dairy', 'egg']],
];
const FOOD_WORD = Object.values(FOOD_CLASSES).flat().sort((a, b) => b.length - a.length).join('|').replace(/ /g, '\\s+');
const FOOD_LIST = `(?:${FOOD_WORD})(?:\\s*(?:,|\\bor\\b|\\band\\b|\\bnor\\b)\\s*(?:any\\s+)?(?:${FOOD_WORD}))*`;
/** Ruled out: "no (other) meat", "not chicken or beef", "don't eat meat", "never touch pork", "haven't touched beef". */
const RULED_OUT = re(`\\b(?:no|not|never|nor|without|avoid|skip|cut\\s+out|gave\\s+up|give\\s+up|(?:stopped|quit|gave\\s+up)\\s+eating|(?:haven['’]t|have\\s+not|hadn['’]t)\\s+(?:touched|eaten|had)|don['’]t\\s+(?:eat|touch|have)|do\\s+not\\s+(?:eat|touch|have)|won['’]t\\s+(?:eat|touch)|can['’]t\\s+(?:eat|have)|never\\s+(?:eat|touch))\\s+(?:(?:any|other|any\\s+other|all|eat|touch)\\s+)*(${FOOD_LIST})\\b`, 'gi');
/** Kept: "except fish", "apart from seafood", "I (do|still|will) eat fish", "I'll eat seafood", "I'm fine with fish", "still have salmon". */
const KEPT = re(`\\b(?:except(?:\\s+for)?|apart\\s+from|other\\s+than|besides|I['’]m\\s+(?:fine|ok|okay|good|happy)\\s+with|(?:I|I['’]ll|I\\s+will|I\\s+do|I\\s+still|I\\s+still\\s+do|but\\s+still|still\\s+do|still)\\s+(?:eat|have))\\s+(?:some\\s+)?(${FOOD_LIST})\\b`, 'gi');
const ONLY_ONE = re(`\\b(${FOOD_LIST})\\s+(?:is|are)\\s+the\\s+only\\s+(meat|meats|animal|dairy)\\b[^.;]*?\\bI\\s+(?:will\\s+|still\\s+)?(?:eat|have|touch)\\b`, 'i');
/** Each food class with its words' patterns, compiled once (not per list read). */
const FOOD_CLASS_RES: ReadonlyArray<readonly [string, readonly RegExp[]]> = Object.entries(FOOD_CLASSES).map(([k, ws]) => [k, ws.map((w) => new RegExp(`\\b${w.replace(/ /g, '\\s+')}\\b`, 'i'))]);
const classesIn = (list: string) => new Set(FOOD_CLASS_RES.filter(([, res]) => res.some((r) => r.test(list))).map(([k]) => k));
/** The diet a sentence of kept and ruled-out foods names, or null when it keeps none or rules none out. */
export function dietByFoods(sentence: string): string | null {
  if (/\?|\b(?:if|would|should|could|might|wish|maybe|try(?:ing)?\s+to)\b/i.test(sentence)) return null;
  const out = new Set<string>();
  const kept = new Set<string>();
  for (const m of sentence.matchAll(RULED_OUT)) for (const k of classesIn(m[1])) out.add(k);
  for (const m of sentence.matchAll(KEPT)) for (const k of classesIn(m[1])) kept.add(k);
  // "fish is the only meat I eat": the food kept, and the rest of its class ruled out.
  const only = ONLY_ONE.exec(sentence);
  if (only) {
    for (const k of classesIn(only[1])) kept.add(k);
    for (const k of classesIn(only[2])) out.add(k);
  }
  if (out.size === 0 || kept.size === 0) return null;
  const fit = DIET_BY_CLASSES.find(([, ex]) => [...out].every((k) => ex.includes(k)) && ![...kept].some((k) => ex.includes(k)));
  return fit ? fit[0] : null;
}

/** A religious standard the food fails: "none of the meat there is halal", "the chicken isn't kosher". */
const STANDARD_MISSING = /\b(?:none\s+of\s+(?:the\s+)?(?:[\p{L}-]+\s+){0,2}?(?:there\s+|here\s+)?(?:is|was)|(?:the\s+)?(?:meat|food|chicken|lamb|beef|burgers?|menu|place|restaurant|it)(?:\s+(?:at|from|in)\s+(?:the\s+)?[\p{L}-]+)?\s+(?:there\s+|here\s+)?(?:is\s+not|isn['’]t|was\s+not|wasn['’]t|are\s+not|aren['’]t))\s+(halal|kosher)\b/iu;
/** The speaker working round it after: "…, so I'll just have the veggie option", "which means I'm eating beforehand". */
const WORKED_ROUND = /\b(?:so|which\s+means)\s+I\b/i;

const diet: Rule = (c) => {
  const t = c.core;
  let m: RegExpExecArray | null;
  // "none of the meat there is halal, so I'll just have the veggie option": a standard the food fails, with the speaker
  // working round it, is the speaker's diet (implied; the veggie option is no diet of theirs).
  if ((m = STANDARD_MISSING.exec(c.sentence)) && WORKED_ROUND.test(c.sentence.slice(m.index + m[0].length)))
    return [{ key: 'diet', value: m[1].toLowerCase(), implicit: true, op: 'assert', subject: c.speaker, metadata: { frame: 'standard missing' } }];
  // "I eat fish but no other meat": what is kept beside what is ruled out names the diet (FOOD_CLASSES).
  const byFoods = c.subject.self ? dietByFoods(c.sentence) : null;
  // (Said once for the sentence: a negated clause of it — "but I haven't had chicken" — asserts it too.)
  // The diet is inferred from the foods, not named: implied.
  if (byFoods) return [{ key: 'diet', value: byFoods, implicit: true, op: 'assert', metadata: { frame: 'kept and ruled out' } }];
  const canon = (s: string) => DIETS[s.toLowerCase()] ?? s.toLowerCase();
  // "I don't eat pork", "we don't eat beef": a food the speaker never eats is a diet rule ("no pork").
  if ((m = /^(?:do\s+not|does\s+not|never)\s+(?:eat|eats|touch)\s+(?:any\s+)?(pork|beef|red\s+meat|dairy|eggs|seafood|fish|lamb|chicken|sugar|gluten)\b/i.exec(c.pred)) && !c.ending)
    return [{ key: 'diet', value: `no ${m[1].toLowerCase().replace(/\s+/g, ' ')}`, confidence: 0.8, op: 'assert' }];
  // "I don't eat meat (anymore)" → vegetarian
  if (c.negated && /^(?:do\s+)?(?:eat|eating)\s+(?:any\s+)?(?:meat|animal\s+products)\b/i.test(c.pred.replace(/^(?:do|does)\s+not\s+/i, '').replace(/^\s*/, '')) || /^(?:do|does)\s+not\s+eat\s+(?:any\s+)?meat\b/i.test(c.pred)) {
    // "…meat, fish, eggs or dairy": an animal product besides meat in the same list rules out all of them.
    const list = t.split(/\b(?:but|except|apart\s+from|although|though)\b|[.;!?]/i)[0];
    return [{ key: 'diet', value: /animal|dairy|\beggs?\b|\bmilk\b|\bcheese\b|\bhoney\b/i.test(list) ? 'vegan' : 'vegetarian', confidence: 0.8, op: 'assert', metadata: { stated: 'no meat' } }];
  }
  if ((m = /^(?:gave\s+up|give\s+up|quit|stopped\s+eating|cut\s+out)\s+(?:eating\s+)?(meat|animal\s+products|all\s+animal\s+products|dairy|gluten)\b/i.exec(t)) && !c.negated) {
    const w = m[1].toLowerCase();
    return [{ key: 'diet', value: w === 'meat' ? 'vegetarian' : w === 'dairy' ? 'dairy-free' : w === 'gluten' ? 'gluten-free' : 'vegan', confidence: 0.8, metadata: { stated: `no ${w}` } }];
  }
  if ((m = /\b(?:on|follow|follows|following|doing|started|start|try|trying)\s+(?:a|an|the)\s+(?:strict\s+)?([a-z][\w-]*(?:\s+[a-z][\w-]*)?)\s+diet\b/i.exec(t)) && !/^(?:new|healthy|healthier|good|bad|better|normal|balanced|special|strict)$/i.test(m[1]))
    return [{ key: 'diet', value: (DIETS[m[1].toLowerCase()] ?? m[1].toLowerCase()) }];
  if ((m = RE_DIET_END.exec(t)) && !c.negated) return [{ key: 'diet', value: canon(m[1]), op: 'retract' }];
  // A diet kept for a past, bounded stretch is over: "I went vegan for a year", "did keto for six months back in 2021".
  if ((m = re(`^(?:went|was|did|tried|stayed)\\s+(?:(?:fully|strictly|a)\\s+)?${DIET.source}\\s+(?:\\w+\\s+)?for\\s+(?:about\\s+|almost\\s+|nearly\\s+|over\\s+|like\\s+)?(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|\\d+|a\\s+few|a\\s+couple\\s+of|several)\\s+(?:years?|months?|weeks?)\\b`, 'i').exec(t)) && !c.negated)
    return [{ key: 'diet', value: canon(m[1]), op: 'retract' }];
  if ((m = RE_HEALTH_1.exec(t)))
    return [{ key: 'diet', value: canon(m[1]) }];
  if ((m = RE_HEALTH_2.exec(t)))
    return [{ key: 'diet', value: canon(m[1]) }];
  if ((m = RE_HEALTH_3.exec(t)))
    return [{ key: 'diet', value: canon(m[1]) }];
  if ((m = RE_HEALTH_4.exec(c.text))) return [{ key: 'diet', value: canon(m[1]), implicit: true, subject: c.speaker }];
  return [];
};

const CONDITIONS =
  'type\\s+[12]\\s+diabetes|diabetes|asthma|adhd|add|autism|celiac(?:\\s+disease)?|coeliac(?:\\s+disease)?|crohn\'?s(?:\\s+disease)?|ibs|migraines|epilepsy|arthritis|depression|anxiety|insomnia|high\\s+blood\\s+pressure|hypertension|long\\s+covid|psoriasis|eczema|ptsd|ocd|bipolar(?:\\s+disorder)?|lupus|fibromyalgia|multiple\\s+sclerosis|ms|cancer|dyslexia|tinnitus|sleep\\s+apnea|a\\s+bad\\s+back|back\\s+pain|a\\s+heart\\s+condition|[a-z]+\\s+disease|[a-z]+\\s+cancer';
const RE_HEALTH_5 = re(`\\b(?:(?:have|has)\\s+got|['’](?:s|ve)\\s+got|have|has|have\\s+had|had|get|gets|suffer\\s+from|suffers\\s+from|living\\s+with|live\\s+with|struggle\\s+with)\\s+(?:a\\s+)?(${CONDITIONS})\\b`, 'i');
const CONDITION_NOUNS = 'type\\s+[12]\\s+diabetes|diabetes|asthma|adhd|autism|celiac(?:\\s+disease)?|coeliac(?:\\s+disease)?|crohn\'?s(?:\\s+disease)?|ibs|migraines|epilepsy|arthritis|depression|anxiety|insomnia|high\\s+blood\\s+pressure|hypertension|long\\s+covid|psoriasis|eczema|ptsd|ocd|bipolar(?:\\s+disorder)?|lupus|fibromyalgia|multiple\\s+sclerosis|dyslexia|tinnitus|sleep\\s+apnea|dementia|alzheimer\'?s|parkinson\'?s|cancer';
/** "my mum's arthritis", "my uncle Ray's gout": a possessed relative's (named or not) condition. */
const RE_HEALTH_6 = re(`\\b(?:my|our)\\s+(${RELATION_RE})(?:\\s+(\\p{Lu}[\\p{Ll}-]+))?(?:'s|’s)\\s+(${CONDITION_NOUNS})\\b`, 'iu');
const RE_HEALTH_7 = re(`\\b(?:my)\\s+(${CONDITION_NOUNS})\\s+(?:is|has\\s+been|was)\\s+(?:acting\\s+up|flaring|playing\\s+up|bad|worse|better|under\\s+control)`, 'i');
/**
 * A known condition the speaker owns, named as a cause or a circumstance: "switched to decaf because of my anxiety",
 * "can't run far due to my asthma", "been off work with long covid since Feb", "signed off sick with depression".
 */
const RE_HEALTH_8 = re(`\\b(?:because\\s+of|due\\s+to|thanks\\s+to|cos\\s+of|cause\\s+of|with|for|from|managing|manage|treating|treat)\\s+my\\s+(${CONDITION_NOUNS})\\b|\\b(?:off\\s+(?:work|sick|school|uni)|signed\\s+off(?:\\s+(?:work|sick))?|laid\\s+up|in\\s+(?:hospital|bed))\\s+with\\s+(?:a\\s+)?(${CONDITION_NOUNS})\\b`, 'i');

const condition: Rule = (c) => {
  let m: RegExpExecArray | null;
  const out: Draft[] = [];
  // Degree and type qualifiers: "type 1 diabetic", "severely dyslexic", "mildly asthmatic".
  if ((m = /^(?:am|is|are|have\s+been|been)\s+(?:a\s+|now\s+|borderline\s+|also\s+|(?:type\s+(?:1|2|one|two|i|ii)\s+)|(?:severely|mildly|slightly|very|quite|pretty|badly|fairly|highly)\s+)*(celiac|coeliac|diabetic|pre-?diabetic|asthmatic|epileptic|autistic|dyslexic|anemic|anaemic|hypoglycemic|hypertensive|insomniac|neurodivergent|lactose\s+intolerant)\b/i.exec(c.core))) {
    const cond: Record<string, string> = { prediabetic: 'prediabetes', 'pre-diabetic': 'prediabetes', hypertensive: 'hypertension', insomniac: 'insomnia', neurodivergent: 'neurodivergence', celiac: 'celiac disease', coeliac: 'celiac disease', diabetic: 'diabetes', asthmatic: 'asthma', epileptic: 'epilepsy', autistic: 'autism', dyslexic: 'dyslexia', anemic: 'anemia', anaemic: 'anemia', hypoglycemic: 'hypoglycemia' };
    const w = m[1].toLowerCase();
    const type = /\btype\s+(1|2|one|two|i|ii)\s+diabetic\b/i.exec(c.core);
    const typeNo: Record<string, string> = { one: '1', two: '2', i: '1', ii: '2' };
    if (type && w === 'diabetic') out.push({ key: 'health_condition', value: `type ${typeNo[type[1].toLowerCase()] ?? type[1]} diabetes` });
    else if (cond[w]) out.push({ key: 'health_condition', value: cond[w] });
  } else if ((m = /\bdiagnosed\s+with\s+(.+)/i.exec(c.core))) {
    const v = cutValue(m[1]);
    if (v) out.push({ key: 'health_condition', value: v.toLowerCase() });
  } else if ((m = RE_HEALTH_5.exec(c.text)) && /\b(?:I|my|we)\b/i.test(c.text) && !/\b(?:might|may|could|maybe|perhaps|possibly)\s+(?:have|has|be)\b/i.test(c.text)) {
    // ("my mum might have arthritis" is a guess, no condition.)
    out.push({ key: 'health_condition', value: m[1].toLowerCase().replace(/^a\s+/, ''), subject: c.subject.self ? undefined : c.subject.id });
  } else if ((m = RE_HEALTH_6.exec(c.text)) && !c.negated) {
    // "because of my son's asthma", "my mum's arthritis": a condition of the named relative.
    out.push({ key: 'health_condition', value: m[3].toLowerCase(), subject: thirdPartyId(c.speaker, m[1].toLowerCase(), m[2]), confidence: 0.75 });
  } else if ((m = RE_HEALTH_8.exec(c.text)) && !c.negated && c.subject.self) {
    out.push({ key: 'health_condition', value: (m[1] ?? m[2]).toLowerCase(), subject: c.speaker, confidence: 0.8 });
  } else if ((m = RE_HEALTH_7.exec(c.text)) && !c.negated && c.subject.self) {
    // "my asthma is acting up": the speaker's own condition, implied.
    out.push({ key: 'health_condition', value: m[1].toLowerCase(), subject: c.speaker, implicit: true });
  }
  return out;
};

export const HEALTH_RULES: Rule[] = [allergy, diet, condition];
