/**
 * @module core/extraction/rules/opinions
 * Opinions with a stance on a topic: `opinion_typescript` with value "great" and
 * metadata.stance positive / negative / mixed. Stance comes from our evaluative lexicon and,
 * for words outside it, wink's sentiment score. "I love X" is a preference, not an opinion.
 */
import { re } from '../re.ts';
import type { Draft } from '../model.ts';
import { EVAL_RE, NEGATIVE, NOT_NAMES, POSITIVE } from '../lexicon.ts';
import { sentimentOf, tagFragment } from '../nlp.ts';
import { topicSlug } from '../values.ts';
import { APPRAISAL_IDIOMS } from '../frames/table.ts';

const ADVS = '(?:(?:much|way|far|a\\s+lot|so|really|pretty|quite|very|way\\s+too|too|kind\\s+of|kinda|super|just|actually|honestly|incredibly|totally|absolutely|a\\s+bit|somewhat|still|always|fairly|extremely|genuinely|seriously|definitely|massively|hugely|insanely|ridiculously|surprisingly|not)\\s+)*';
const EVAL = re(`\\b(?:${EVAL_RE})\\b`, 'i');
const BAD_TOPIC = /^(?:it|that|this|he|she|they|him|her|them|us|me|you|we|i|everything|nothing|something|life|today|tonight|the\s+weather|weather|there|what|which|who|which\s+one|one|mine|yours|everyone|people|things|my\s+\w+|your\s+\w+|his\s+\w+|her\s+\w+)$/i;

const WORD_RE = new Map([...POSITIVE, ...NEGATIVE].map((w) => [w, new RegExp(`\\b${w}\\b`)]));
export function stanceOf(evaluation: string): 'positive' | 'negative' | 'mixed' {
  let pos = 0;
  let neg = 0;
  // (The evaluation may have lost its article: "chore" is the list's "a chore".)
  const bare = evaluation.toLowerCase();
  const words = /^(?:a|an)\s/.test(bare) ? bare : `a ${bare}`;
  for (const w of POSITIVE) if (words.includes(w) && WORD_RE.get(w)!.test(words)) (/\bnot\s+(?:\w+\s+)?$/.test(words.split(w)[0]) ? neg++ : pos++);
  for (const w of NEGATIVE) if (words.includes(w) && WORD_RE.get(w)!.test(words)) (/\bnot\s+(?:\w+\s+)?$/.test(words.split(w)[0]) ? pos++ : neg++);
  if (pos > 0 && neg > 0) return 'mixed';
  if (pos > 0) return 'positive';
  if (neg > 0) return 'negative';
  const s = sentimentOf(evaluation);
  return s > 0.05 ? 'positive' : s < -0.05 ? 'negative' : 'mixed';
}

function cleanTopic(raw: string): string | null {
  const t = raw
    .trim()
    .replace(/^(?:that|honestly|personally|in\s+my\s+opinion|imo|tbh)\s*,?\s*/i, '')
    .replace(/\s+(?:in|for|on|at|with|of)\s+.*$/i, '')
    .trim();
  if (!t || BAD_TOPIC.test(t) || t.split(/\s+/).length > 4) return null;
  if (/\b(?:I|me|my|you|your)\b/.test(t) || /\b(?:when|if|because|while|even|though|although|whether|as)\b/i.test(t)) return null;
  // Reactions to what the other person just showed ("that painting is awesome") are not opinions on a topic.
  if (/^(?:that|this|those|these|your|ur|such)\b/i.test(t) || /\b(?:pic|pics|photo|photos|picture|pictures|post|idea|news)$/i.test(t)) return null;
  // A topic is a noun phrase: it ends in a noun and carries no verb (wink POS tags).
  const tags = tagFragment(t);
  // "running", "wild swimming": an activity named by its gerund (not a light verb's) is a noun phrase too.
  const gerund = (x: { pos: string; lower: string }, k: number) => x.pos === 'VERB' && /[a-z]{3}ing$/.test(x.lower) && !LIGHT_GERUND.test(x.lower) && k === tags.length - 1;
  const last = tags[tags.length - 1];
  if (!last || !(['NOUN', 'PROPN'].includes(last.pos) || gerund(last, tags.length - 1)) || tags.some((x, k) => ['VERB', 'AUX', 'PRON', 'INTJ', 'SCONJ'].includes(x.pos) && !gerund(x, k))) return null;
  return t;
}

const LIGHT_GERUND = /^(?:being|having|getting|going|doing|trying|making|taking|coming|saying|seeing|thinking|feeling|waiting|looking|using|working|living|nothing|something|anything|everything|morning|evening|wedding|building|meeting|ceiling|clothing|thing)$/;

function evaluation(raw: string): string | null {
  const v = raw.replace(/[.!?;]+.*$/, '').replace(/\s+[-–—]\s+.*$/, '').replace(/,\s*(?:[\p{Lu}][\p{Ll}]+)$/u, '').replace(/\s+/g, ' ').trim();
  if (/^(?:going|getting|coming|doing)\b/i.test(v)) return null;
  if (!EVAL.test(v) || v.split(/\s+/).length > 14) return null;
  return v.replace(/^(?:a|an)\s+/i, '');
}

/** In an explicit "I think X is ..." frame, an evaluation outside the lexicon counts when wink's sentiment is clear. */
function sentimentEvaluation(raw: string): string | null {
  const v = raw.replace(/[.!?;]+.*$/, '').replace(/\s+/g, ' ').trim();
  if (!v || v.split(/\s+/).length > 8) return null;
  return Math.abs(sentimentOf(v)) >= 0.1 ? v.replace(/^(?:a|an)\s+/i, '') : null;
}

/**
 * Opinions in a clause. `selfPred` is the predicate after "I" ("think TypeScript is great");
 * `topicClause` a clause with a non-personal subject ("Kubernetes is too complicated").
 */
/** Kinds of a named work or show judged after the fact ("the new Dune film", "the Oasis gig"). */
/** A "not" the adverbs before an evaluation took in. */
const NOT_BEFORE = /\bnot\s*$|\bnot\s+\S+\s*$/i;
const WORK_KINDS = 'film|movie|book|novel|show|series|season|album|game|sequel|remake|gig|concert|tour|musical|play|finale|episode|update|match|final';
const RE_OPINIONS_3 = re(`^(?:\\w+\\s+)?(?:think|believe|feel(?:\\s+like)?|reckon|guess|would\\s+say|have\\s+to\\s+say|must\\s+say)\\s+(?:that\\s+)?(.+?)\\s+(?:is|are|was|has\\s+been|have\\s+been|seems?|feels?|looks?)\\s+${ADVS}(.+)$`, 'i');
const RE_OPINIONS_4 = re(`^(?:\\w+\\s+)?(?:find|found|consider)\\s+(.+?)\\s+${ADVS}((?:${EVAL_RE})\\b.*)$`, 'i');
const RE_OPINIONS_5 = re(`^(.+?)\\s+(?:is|are|has\\s+been|have\\s+been|seems|feels|looks|has\\s+(?:gotten|got|become)|have\\s+(?:gotten|got|become)|is\\s+getting|are\\s+getting)\\s+${ADVS}(.+)$`, 'i');
const RE_PAST_OPINION = re(`^((?:[Tt]he\\s+(?:(?:new|latest|last|first|second|final|original)\\s+)?)?\\p{Lu}[\\p{L}\\p{N}.+#'’-]*(?:\\s+\\p{Lu}[\\p{L}\\p{N}.+#'’-]*){0,2}(?:\\s+(?:${WORK_KINDS}))?)\\s+(?:was|were)\\s+${ADVS}(.+)$`, 'u');
/** "camping was kind of amazing": an activity's gerund judged after the fact (the evaluation). */
const RE_GERUND_PAST = re(`^[a-z]{3,}ing\\s+(?:was|were)\\s+${ADVS}(.+)$`, 'i');
/** A state the speaker just checked, said after it: "…, I checked", "…, I've tested it twice". */
const CHECKED = /,\s*I(?:['’]ve|\s+have)?\s+(?:just\s+|already\s+|double[-\s]?)?(?:checked|tested|measured)\b/i;
/** `isVerbForm`: whether a word is a form of a verb (the lexicon's), so "rowing is brilliant" judges rowing and "herring is…" is no gerund. */
export function opinions(selfPred: string | null, topicClause: string | null, topicHint: string | null, sentence = '', isVerbForm?: (word: string) => boolean): Draft[] {
  let m: RegExpExecArray | null;
  let topic: string | null = null;
  let ev: string | null = null;
  if (selfPred) {
    if ((m = RE_OPINIONS_3.exec(selfPred))) {
      topic = m[1];
      ev = m[2];
    } else if ((m = RE_OPINIONS_4.exec(selfPred))) {
      topic = m[1];
      ev = m[2];
    }
    // "running is brilliant": a subjectless clause whose subject is an activity's gerund judges that activity.
    // ("camping was kind of amazing": judged after the fact, too.)
    const gerund = /^([a-z]{3,}ing)\s+(?:is|are|has\s+been|was|were)\s/i.exec(selfPred);
    if (!topic && gerund && isVerbForm?.(gerund[1].toLowerCase())) {
      const past = RE_GERUND_PAST.exec(selfPred);
      if (past) [topic, ev] = [gerund[1], past[1]];
      else topicClause = selfPred;
    }
  }
  // "water temp is fine, I checked": a reading the speaker took, not a stance.
  if (!topic && topicClause && CHECKED.test(sentence)) return [];
  if (!topic && topicClause) {
    const tc = topicClause
      .replace(/^(?:(?:wow|oh|aw+|hey|yay|omg|thanks|thank\s+you|congrats|fine|ok|okay|alright|right|well|look|yeah|fair\s+enough)\b[,!]\s*|(?:ok|okay)\s+so\s+)+/i, '')
      .replace(/^[\p{Lu}][\p{Ll}]+\s*,\s*/u, '')
      .replace(/^(?:in\s+my\s+opinion|imo|tbh|honestly|personally|frankly)\s*,?\s*/i, '');
    if ((m = RE_OPINIONS_5.exec(tc))) {
      // "That bowl is awesome!" reacts to something just shown; it is not a stance on a topic.
      if (/^(?:that|this|those|these|your|ur|such|what|how)\s+\S/i.test(m[1])) return [];
      topic = /^(?:it|that|this)$/i.test(m[1]) && topicHint ? topicHint : m[1];
      // "golf is not boring": a "not" among the adverbs before the evaluation stays with it (the stance turns).
      ev = NOT_BEFORE.test(tc.slice(m[1].length, tc.length - m[2].length)) ? `not ${m[2]}` : m[2];
    } else if ((m = RE_PAST_OPINION.exec(tc)) && (sentence.indexOf(m[1]) > 0 || /\s[\p{Lu}]/u.test(m[1])) && !/^(?:The|A|An|My|Our|It|This|That|Everything|Everyone|Nothing|Today|Yesterday|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)\b(?![^]*\s[\p{Lu}])/u.test(m[1]) && evaluation(m[2])) {
      // "Honestly Disneyland was overrated", "Ugh, New York was exhausting": a named place or thing judged after the
      // fact. The name must be capitalised where capitals say so (after a discourse marker, or a multi-word name):
      // a sentence-initial "Dinner was great" is not a topic.
      topic = m[1];
      ev = m[2];
    }
  }
  if (!topic || !ev) return [];
  // "Svelte is a joy to write, though the ecosystem is still pretty thin": a concession after the evaluation.
  // ("winter is great for a month, then it gets old": a liking that wears off is a concession too.)
  const concession = /^(.+?)(?:,\s*|\s+)(but|though|although|even\s+though|except\s+(?:that\s+)?|yet|(?<=,\s*)then(?=\s+[^]*\b(?:old|bored|boring|over\s+it|enough|thin|tiring|tedious|wears?\s+off)\b))\s+(.+)$/i.exec(ev);
  const t = cleanTopic(topic);
  const e = concession ? evaluation(concession[1]) : (evaluation(ev) ?? (selfPred ? sentimentEvaluation(ev) : null));
  if (!t || !e) return [];
  const slug = topicSlug(t);
  if (!slug) return [];
  let stance = stanceOf(e);
  if (concession && stance !== 'mixed') {
    // A concession turns the stance unless it only adds more of the same ("great, but also cheap").
    const rest = concession[3].replace(/[.!?;].*$/, '').trim();
    const other = EVAL.test(rest) ? stanceOf(rest) : null;
    if (other !== stance) return [{ key: `opinion_${slug}`, value: `${e}, ${concession[2].toLowerCase()} ${rest.split(/\s+/).slice(0, 8).join(' ')}`, type: 'opinion', metadata: { stance: 'mixed', topic: t } }];
  }
  return [{ key: `opinion_${slug}`, value: e, type: 'opinion', metadata: { stance, topic: t } }];
}

const REASONED = /^I\s+(?:(?:really|absolutely|honestly|genuinely|just|still|kind\s+of|kinda|totally)\s+)*(love|adore|like|enjoy|hate|loathe|dislike|cannot\s+stand|can't\s+stand)\s+([\p{Lu}][\p{L}\p{N}.+#-]*(?:\s+[\p{Lu}][\p{L}\p{N}.+#-]*){0,2})(?:\s*,\s*|\s+because\s+|\s+since\s+|\s+as\s+|\s*[-–—:]\s*|\s+(?=but\s))(but\s+)?(?:it|they)\s+(?:(?:really|just|always|actually)\s+)?((?:is|are|makes?|keeps?|gets?|feels?|has|have|saves?|helps?|catches|lets?|gives?|takes?|breaks?|crashes|was|were|does|do|never|always|can|cannot)\b.{3,80}?)\s*[.!]?$/u;

/**
 * A stance with a reason on a named thing: "I love TypeScript, it makes refactoring safe", "I hate
 * Jira because it is so slow", "I like Rust but it is hard to learn". The like/dislike stays (the
 * preference convention); this adds `opinion_<topic>` whose value is the reason and whose stance is
 * the verb's (mixed when a "but" reason turns against it). Only capitalised topics (tools,
 * languages, products, places): "I love hiking, it clears my head" stays a like.
 */
export function reasonedOpinion(sentence: string): Draft[] {
  const m = REASONED.exec(sentence.trim());
  if (!m) return [];
  const topic = m[2].replace(/[.,]+$/, '');
  if (BAD_TOPIC.test(topic) || /^(?:I|It|They|The)$/.test(topic)) return [];
  const slug = topicSlug(topic);
  if (!slug) return [];
  const positive = /^(?:love|adore|like|enjoy)$/i.test(m[1]);
  const reason = m[4].replace(/\s+/g, ' ').replace(/^(?:is|are|was|were)\s+/i, '').trim();
  let stance: 'positive' | 'negative' | 'mixed' = positive ? 'positive' : 'negative';
  if (m[3]) stance = 'mixed';
  return [{ key: `opinion_${slug}`, value: reason, type: 'opinion', confidence: 0.85, metadata: { stance, topic, reasoned: true } }];
}

const TOPIC = '(\\p{Lu}[\\p{L}\\p{N}.+#-]*(?:\\s+\\p{Lu}[\\p{L}\\p{N}.+#-]*){0,2})';
const WON_OVER = /\b(?:(?:has|have|had)\s+)?(?:grown|grew)\s+on\s+me|\bwon\s+me\s+over|\b(?:came|come|have\s+come|coming)\s+(?:a)?round\b|\bwarmed\s+(?:up\s+)?to\b|\b(?:am|I\s+am)\s+(?:a\s+)?(?:total\s+|complete\s+)?convert\b|\bchanged\s+my\s+mind\b/i;
const RE_DOUBT_THEN = re(`^I\\s+(?:was|had\\s+been|used\\s+to\\s+be)\\s+(?:(?:really|so|pretty|very|quite|a\\s+bit|super|kind\\s+of)\\s+)?(?:skeptical|sceptical|doubtful|unsure|unconvinced|wary|dismissive|not\\s+sure)\\s+(?:of|about)\\s+${TOPIC}`, 'u');
const RE_GREW_ON = re(`^${TOPIC}\\s+(?:(?:has|have)\\s+)?(?:really\\s+|slowly\\s+|totally\\s+)?(?:grown|grew)\\s+on\\s+me\\b|^${TOPIC}\\s+(?:finally\\s+|totally\\s+)?won\\s+me\\s+over\\b`, 'u');
const RE_FELL_OUT = re(`^I\\s+used\\s+to\\s+(?:(?:really|absolutely)\\s+)?(?:love|like|adore|enjoy|swear\\s+by|rely\\s+on|be\\s+obsessed\\s+with|be\\s+a\\s+(?:big\\s+|huge\\s+)?fan\\s+of)\\s+${TOPIC}`, 'u');
/** A stance held before ("I was a massive Kotlin hater", "I thought Pickleball was a retirees thing"): what follows may turn it. */
const RE_BEFORE = re(`^(?:I\\s+)?(?:(?:was|used\\s+to\\s+be)\\s+(?:a|an)\\s+(?:(?:massive|huge|big|total|real|proper)\\s+)?${TOPIC}\\s+(?:hater|sceptic|skeptic|snob|critic|doubter)|thought\\s+${TOPIC}\\s+(?:was|were|would\\s+be)\\b)`, 'u');
/** A later evaluation in the same sentence, after a turn ("but", "now", "actually"): "…but it's genuinely so fun". */
const TURN = /\b(?:but|now|actually|turns\s+out|these\s+days)\b/i;

/** "I'm (totally) hooked": the speaker taken by something, before the taken word. */
const I_AM_TAKEN = "(?:I\\s+am|I'm|I’m)\\s+(?:now\\s+|totally\\s+|completely\\s+|officially\\s+|so\\s+|absolutely\\s+|properly\\s+)?";
/**
 * A change of mind about a named thing: "I was skeptical of Rust at first, but it's grown on me",
 * "Kotlin grew on me", "I used to love Spotify but it's gone downhill". The current stance is the
 * opinion (positive after doubt, negative after souring); the value keeps both halves.
 */
const RE_TAKEN_BY = new RegExp(`\\b(?:played|tried|did|had\\s+a\\s+go\\s+at|took\\s+up|started)\\s+(?:some\\s+|a\\s+bit\\s+of\\s+|my\\s+first\\s+)?([\\p{L}-]{3,})\\b.{0,60}?\\b${I_AM_TAKEN}(hooked|obsessed|addicted|sold|converted|a\\s+convert)\\b(?!\\s+(?:on|with|to)\\b)`, 'iu');
/**
 * The same, taken by a thing one has been doing something with: "I've been bingeing a true crime podcast on my commute
 * and I'm obsessed". Any -ing verb, a determined noun phrase (up to three words) closed by a preposition, a comma or "and".
 */
const RE_TAKEN_WHILE = new RegExp(`\\bbeen\\s+([\\p{Ll}]{3,}ing)\\s+(?:(?:to|through|with|into)\\s+)?(?:a|an|the|this|that|some|loads\\s+of|lots\\s+of)\\s+((?:[\\p{Ll}-]+\\s+){0,2}?[\\p{Ll}-]{3,})(?=\\s+(?:on|at|in|for|during|over|since|lately|recently|every|and)\\b|\\s*[,;]).{0,60}?\\b${I_AM_TAKEN}(hooked|obsessed|addicted)\\b(?!\\s+(?:on|with|to)\\b)`, 'iu');
/** "Instagram makes me feel awful", "Duolingo has been making me feel smug": a named thing's effect on the speaker. */
const RE_MAKES_FEEL = /(?:^|[\s,;(])([\p{Lu}][\p{L}]+)\s+(?:(?:always|just|honestly|really|genuinely|actually)\s+)?(?:makes|made|was\s+making|is\s+making|has\s+been\s+making|keeps\s+making)\s+me\s+feel\s+((?:[\p{Ll}-]+\s+){0,3}?[\p{Ll}-]+)(?=\s*(?:[.,;!?]|$)|\s+(?:about|when|whenever|because|and|but|so|tbh|lol|every|each|in|at)\b)/u;
/** The speaker's experience of the thing named before: "… and (actually) loved it", "I hated every minute". */
const EXPERIENCE = String.raw`\b(?:I|and)\s+(?:actually\s+|really\s+|genuinely\s+|secretly\s+|honestly\s+|totally\s+)?(loved|adored|enjoyed|hated|loathed|detested)\s+(?:it|every\s+(?:minute|second)(?:\s+of\s+it)?)\b`;
/**
 * Won over (or put off) by the thing one just went to, watched or tried: "went to the opera … I actually loved it",
 * "watched the new Dune and honestly hated it". The stance is the experiencer verb's.
 */
const RE_EXPERIENCED = new RegExp(String.raw`\b(?:(?:went|been|(?:got\s+|was\s+)?dragged(?:\s+along)?)\s+to|watched|saw|tried|listened\s+to|read)\s+(?:the\s+|a\s+|an\s+|some\s+)?([\p{L}-]{3,})\b.{0,60}?` + EXPERIENCE, 'iu');
/** "gave opera a proper go and hated every minute": a thing given a try, then the experience of it. */
const RE_GAVE_A_GO = new RegExp(String.raw`\bgave\s+(?:the\s+)?([\p{L}-]{3,})\s+(?:a|another)\s+(?:proper\s+|real\s+|fair\s+|good\s+)?(?:go|try|chance|shot)\b.{0,60}?` + EXPERIENCE, 'iu');
/** "I take it back about podcasts …": an earlier stance withdrawn; the stance now is what follows it. */
const RE_TAKE_BACK = /\btake\s+(?:it|that|everything)\s+(?:all\s+)?back\s+(?:about|on|re)\s+(?:the\s+)?([\p{L}-]{3,})\b/iu;
/** The appraisal idioms (frames/table.ts) after a subject of at most four words, with the adverbs and auxiliaries chat puts between. */
const IDIOMS = APPRAISAL_IDIOMS.map(({ stance, verb, rest }) => ({ stance, re: new RegExp(`^((?:the\\s+)?[\\p{L}][\\p{L}'’-]*(?:\\s+[\\p{L}'’-]+){0,3}?)\\s+(?:(?:really|honestly|just|absolutely|totally|seriously|always|still|actually|kinda|kind\\s+of|is|are|has|have|been|keeps?|starting\\s+to|starts?\\s+to|will)\\s+)*((?:${verb})\\s+${rest})\\b`, 'iu') }));
/** The subject of an appraisal idiom as a topic: no pronoun, demonstrative, person or possessed thing ("my boss"). */
function idiomTopic(raw: string): string | null {
  const t = raw.trim().replace(/^the\s+/i, '');
  if (!t || BAD_TOPIC.test(t) || /^(?:that|this|those|these|your|ur|such|what|it)\b/i.test(t) || /\b(?:I|me|my|you|your|he|she|they|we|our)\b/i.test(t)) return null;
  return t.split(/\s+/).length <= 4 ? t : null;
}
/** A liking for a while, then the speaker's own wearing of it: "X is fine for a month, then I'm over it / I get bored". */
const RE_WEARS_OFF = re(`^([\\p{L}][\\p{L}'’ -]{1,30}?)\\s+(?:is|are|was|were)\\s+${ADVS}((?:${EVAL_RE})\\b[^,;.!?]{0,30}?\\s+for\\s+[^,;.!?]{1,30}?)\\s*,?\\s+(?:and\\s+|but\\s+)?then\\s+(I\\s+(?:am|['’]m|get|got)\\s+(?:so\\s+|just\\s+|totally\\s+|completely\\s+)?(?:over\\s+it|bored(?:\\s+of\\s+it)?|sick\\s+of\\s+it|tired\\s+of\\s+it|fed\\s+up)|I\\s+have\\s+had\\s+enough)`, 'iu');
const TAKEN_WORDS = /\b(?:hooked|obsessed|addicted|sold|converted|a\s+convert|love\s+(?:it|them)|loving\s+(?:it|them))\b/i;
/** "gone (right) off matcha": a taste lost. */
const RE_GONE_OFF = /\b(?:gone|went|going|go)\s+(?:right\s+|completely\s+|totally\s+|a\s+bit\s+|well\s+)?off\s+(?:the\s+)?([\p{L}-]{3,})\b/iu;

/**
 * "I'm so over Marvel films", "officially sick of cycling to work": the speaker fed up with a thing holds it in
 * disfavour. The topic is a capitalised name when one opens the phrase ("Marvel"), else its first word. ("I'm done with
 * woodturning" is a pastime given up, read by the endings, not an opinion.)
 */
const RE_FED_UP = /\bI(?:['’]m|\s+am)\s+(?:(?:so|totally|completely|officially|just|really|well|absolutely|honestly|kinda|so\s+so)\s+)*(?:over|sick\s+of|sick\s+and\s+tired\s+of|tired\s+of|fed\s+up\s+(?:with|of)|bored\s+(?:of|with))\s+(?:the\s+|all\s+the\s+)?([\p{Lu}][\p{L}-]+|[\p{Ll}][\p{L}-]{2,})/u;

/** What follows "I'm done with / sick of" that is no topic: people, pronouns, a state ("done with work for today"). */
const FED_UP_NOT_TOPIC = /^(?:it|them|that|this|him|her|me|you|us|everything|everyone|people|work|waiting|being|having|doing|getting|trying|feeling|this\w*|all|my|your|his|their|our|today|tonight|now)$/i;

/**
 * "Jazz just isn't my thing", "opera is not my cup of tea", "camping is not for me"; "padel is my jam": a thing judged
 * by whether it suits the speaker. The topic is the clause's subject (a noun phrase by `cleanTopic`).
 */
const RE_MY_THING = /^(?:I\s+(?:think|reckon|guess)\s+)?([\p{L}][\p{L}\s'’-]{1,30}?)\s+(?:just\s+|really\s+|honestly\s+|simply\s+)*(?:is|are|was|were|['’]s|['’]re)(?:\s+just|\s+really|\s+honestly|\s+simply)*(\s+not|n['’]t)?\s+(?:really\s+|quite\s+|exactly\s+)?(my\s+thing|my\s+cup\s+of\s+tea|for\s+me|my\s+jam|my\s+scene|my\s+bag)\b/iu;

export function changeOfHeart(sentence: string): Draft[] {
  const s = sentence.trim();
  let m: RegExpExecArray | null;
  const opinion = (raw: string, stance: 'positive' | 'negative' | 'mixed', value: string): Draft[] => {
    const topic = raw.replace(/[.,]+$/, '');
    const slug = topicSlug(topic);
    if (!slug || BAD_TOPIC.test(topic) || /^(?:I|It|They|The|At|First)$/.test(topic)) return [];
    return [{ key: `opinion_${slug}`, value, type: 'opinion', confidence: 0.85, metadata: { stance, topic, changed: true } }];
  };
  if ((m = RE_DOUBT_THEN.exec(s)) && WON_OVER.test(s.slice(m[0].length))) return opinion(m[1], 'positive', 'was skeptical at first, it has grown on me');
  // "tried bouldering last week and I am hooked": the speaker taken by what they just did (an experiencer state with
  // no other object) holds it in favour.
  if ((m = RE_TAKEN_BY.exec(s))) return opinion(m[1], 'positive', m[2].toLowerCase());
  // (A stance taken back names its topic itself; "a true crime one" names none.)
  if ((m = RE_TAKEN_WHILE.exec(s)) && !RE_TAKE_BACK.test(s) && !/(?:^|\s)(?:one|ones|thing|things|stuff)$/i.test(m[2])) return opinion(m[2], 'positive', `${m[1].toLowerCase()} ${m[2]}: ${m[3].toLowerCase()}`);
  if ((m = RE_MAKES_FEEL.exec(s)) && !NOT_NAMES.has(m[1].toLowerCase())) {
    const stance = stanceOf(m[2]);
    if (stance !== 'mixed') return opinion(m[1], stance, `makes me feel ${m[2]}`);
  }
  if ((m = RE_GREW_ON.exec(s))) return opinion(m[1] ?? m[2], 'positive', 'has grown on me');
  // "loud music drives me up the wall", "Slack notifications get on my nerves": an idiom of appraisal on its subject.
  // (The idiom's subject slot says the words before it are a noun phrase: no tagger check, only no pronoun or person.)
  for (const { re: idiom, stance } of IDIOMS) if ((m = idiom.exec(s)) && idiomTopic(m[1])) return opinion(idiomTopic(m[1])!, stance, m[2].toLowerCase().replace(/\s+/g, ' '));
  // "winter is fine for about the first month, then I'm over it": a liking for a while that wears off is mixed.
  if ((m = RE_WEARS_OFF.exec(s)) && cleanTopic(m[1])) return opinion(m[1], 'mixed', `${m[2].trim()}, then ${m[3].replace(/^I\s+(?:am|['’]m)\s+/i, "I'm ")}`);
  if ((m = RE_EXPERIENCED.exec(s) ?? RE_GAVE_A_GO.exec(s))) return opinion(m[1], /^(?:hated|loathed|detested)$/i.test(m[2]) ? 'negative' : 'positive', `${m[1].toLowerCase()}: ${m[2].toLowerCase()} it`);
  if ((m = RE_TAKE_BACK.exec(s)) && TAKEN_WORDS.test(s.slice(m.index + m[0].length))) return opinion(m[1], 'positive', `took it back: ${s.slice(m.index + m[0].length).replace(/^[\s,]+/, '').split(/\s+/).slice(0, 10).join(' ')}`);
  if ((m = RE_GONE_OFF.exec(s)) && !/^(?:it|them|that|this|him|her|me|you|us|on|to|for|again)$/i.test(m[1])) return opinion(m[1], 'negative', `gone off ${m[1].toLowerCase()}`);
  if ((m = RE_MY_THING.exec(s.replace(/\b(is|are|was|were)n['’]t\b/gi, '$1 not')))) {
    // ("that dress isn't for me": a reaction to something shown, not a stance on a topic.)
    const topic = /^(?:that|this|these|those|your|ur)\s/i.test(m[1]) ? null : cleanTopic(m[1]);
    const negated = !!m[2];
    // "for me" alone is only a stance when denied ("camping is not for me"; "this one is for me" is a choice).
    if (topic && (negated || !/^for/i.test(m[3]))) return opinion(topic, negated ? 'negative' : 'positive', `${negated ? 'not ' : ''}${m[3].toLowerCase().replace(/\s+/g, ' ')}`);
  }
  if ((m = RE_FED_UP.exec(s)) && !FED_UP_NOT_TOPIC.test(m[1]) && !/\?\s*$/.test(s)) return opinion(m[1], 'negative', s.slice(m.index).split(/[.;!?]/)[0].replace(/^I(?:['’]m|\s+am)\s+/i, '').trim());
  if ((m = RE_BEFORE.exec(s))) {
    // The stance now is the later evaluation's, read from the evaluative lexicon after the turn.
    const rest = s.slice(m[0].length);
    const turn = TURN.exec(rest);
    const later = turn ? rest.slice(turn.index).replace(/^\W*(?:but|now)\b\W*/i, '') : '';
    const ev = later ? later.split(/[.;!?]/)[0] : '';
    if (ev && EVAL.test(ev)) {
      const stance = stanceOf(ev);
      if (stance !== 'mixed') return opinion(m[1] ?? m[2], stance, ev.split(/\s+/).slice(0, 10).join(' ').trim());
    }
  }
  // A fond past then a turn for the worse ("…but it's gone downhill", "…but the app is so cluttered now"): the stance
  // of what follows the "but", by the evaluative lexicon and wink's sentiment.
  if ((m = RE_FELL_OUT.exec(s)) && /\bbut\b/i.test(s.slice(m[0].length)) && stanceOf(s.slice(m[0].length).replace(/^.*?\bbut\b/i, '')) === 'negative') return opinion(m[1], 'negative', `used to like it, ${s.slice(m[0].length).replace(/^[\s,]*(?:but\s+)?/i, '').replace(/[.!]+$/, '').split(/\s+/).slice(0, 8).join(' ')}`);
  return [];
}
