/**
 * @module core/extraction/rules/preferences
 * Likes, dislikes, favourites, hobbies and how the user wants to be answered
 * ("keep answers short", "no emojis", "bullet points", "with code examples").
 */
import { re } from '../re.ts';
import type { Clause, Draft, Rule } from '../model.ts';
import { HOBBY_NOUNS, HOBBY_RE } from '../lexicon.ts';
import { PASTIME_GROUPS } from '../frames/table.ts';
import { cutList, cutValue, properSpan, splitList, topicSlug } from '../values.ts';

/** Objects that point at something else in the conversation ("I love your ice cream", "I love that") are reactions, not tastes. */
const PRONOUNS = /^(?:it|that|this|them|those|these|him|her|you|your|ur|his|their|its|to|the\s+idea|the\s+thought|when|how|what|being|having)\b/i;
const isHobby = (v: string) => /^[\p{Ll}]+ing\b/u.test(v) || HOBBY_NOUNS.has(v.toLowerCase());
const OBJ_STOP = /\s+(?:over|more\s+than|than|in\s+my|on\s+weekends?|every|whenever|with\s+my|a\s+lot|so\s+much|too|as\s+well|the\s+most|in\s+the|at\s+the|on\s+the|it\s+is|better)\b/i;

/** A disliked doing with its setting: "talking on the phone", "queuing at the post office" (the gerund's own phrase). */
const GERUND_SETTING = /^([\p{L}]+ing\s+(?:on|in|at)\s+the\s+[\p{L}-]+(?:\s+[\p{L}-]+)?)\b/iu;

function likeOrHobby(raw: string, key: 'like' | 'dislike', preferOnly = false): Draft[] {
  const setting = key === 'dislike' ? GERUND_SETTING.exec(raw) : null;
  const v = setting ? cutValue(setting[1], /\s+(?:and|but|so|because|with|when|whenever|every|,)\b/i) : cutValue(raw, OBJ_STOP);
  if (!v || PRONOUNS.test(v) || v.split(/\s+/).length > 6) return [];
  const items = /\band\b|,/.test(v) && v.split(/\s+/).length <= 6 ? splitList(v) : [v];
  return items.map((x) => (key === 'like' && !preferOnly && isHobby(x) ? { key: 'hobby', value: x.toLowerCase() } : { key, value: /^[\p{Lu}]/u.test(x) && properSpan(x) ? x : x.toLowerCase() }));
}

const adv = '(?:(?:really|absolutely|totally|also|just|still|kind\\s+of|kinda|truly|so|genuinely|do)\\s+)*';
/** The perfect of a taste verb: the taste holds up to now ("I've loved oatmeal for years", "have always hated olives"). */
const PERFECT = `(?:have|has|'ve|’ve)\\s+${adv}(?:always\\s+|never\\s+not\\s+)?`;

const RE_PREFERENCES_1 = re(`^${adv}(?:${PERFECT}(?:hated|disliked|detested|loathed|despised)|hate|hates|dislike|dislikes|detest|detests|loathe|loathes|despise|despises|cannot\\s+stand|can't\\s+stand|cannot\\s+(?:deal\\s+with|handle|bear|stomach)|am\\s+sick\\s+of|am\\s+tired\\s+of|am\\s+not\\s+a\\s+fan\\s+of|avoid|avoids)\\s+(.+)`, 'i');
const RE_PREFERENCES_2 = re(`^${adv}(?:prefer|prefers)\\s+(.+?)\\s+(?:over|to|rather\\s+than|than)\\s+`, 'i');
const RE_PREFERENCES_3 = re(`^${adv}(?:${PERFECT}(?:loved|liked|adored|enjoyed)|love|loves|like|likes|adore|adores|enjoy|enjoys|prefer|prefers|am\\s+(?:a\\s+(?:(?:big|huge|massive)\\s+)?)?fan\\s+of|cannot\\s+get\\s+enough\\s+of|is\\s+(?:a\\s+(?:big|huge)\\s+)?fan\\s+of|am\\s+(?:obsessed|in\\s+love)\\s+with|(?:am|is|are)\\s+(?:${adv})into|(?:am|is|are)\\s+(?:${adv})(?:passionate\\s+about|crazy\\s+about))\\s+(.+)`, 'i');
const likes: Rule = (c) => {
  const t = c.core;
  let m: RegExpExecArray | null;
  if ((m = RE_PREFERENCES_1.exec(t))) return likeOrHobby(m[1], 'dislike');
  if ((m = RE_PREFERENCES_2.exec(t))) return likeOrHobby(m[1], 'like', true);
  if ((m = /^(?:a\s+)?(?:big|huge|massive|long-time|longtime)\s+fan\s+of\s+(.+)/i.exec(t)) && c.subject.self && !/^(?:your|ur|his|her|their|its)\b/i.test(m[1])) return likeOrHobby(m[1], 'like');
  if ((m = /(?:^|\b(?:honestly|really)\s+)(?:nothing\s+beats|you\s+cannot\s+beat|cannot\s+beat|there\s+is\s+nothing\s+like)\s+(.+)/i.exec(c.text)) && !/\b(?:you|your)\b/i.test(m[1].split(/\s+/).slice(0, 2).join(' '))) return likeOrHobby(m[1], 'like', true).map((d) => ({ ...d, subject: c.speaker }));
  if ((m = RE_PREFERENCES_3.exec(t))) {
    if (/^(?:to|that|when|how|it\s+when)\b/i.test(m[1])) return [];
    return likeOrHobby(m[1], 'like', /^(?:\w+\s+)*prefers?\b/i.test(m[0].slice(0, m[0].length - m[1].length)));
  }
  return [];
};

const favorite: Rule = (c) => {
  const inv = /(?:^|,\s*)([\p{Lu}][\p{L}'’]*(?:\s+[\p{Lu}][\p{L}'’]*)*)\s+(?:is|are|was)\s+(?:still\s+|definitely\s+|probably\s+)?my\s+(?:all[- ]time\s+|absolute\s+)?favou?rite\s+([a-z][a-z\s-]{1,30}?)\s*(?:[.,!;]|$|\s+(?:ever|of\s+all\s+time))/u.exec(c.text);
  if (inv && !/^(?:It|That|This|He|She|They|I)$/.test(inv[1])) return [{ key: `favorite_${topicSlug(inv[2])}`, value: inv[1], type: 'preference', subject: c.speaker }];
  const m = /\b(?:my|our|his|her)\s+(?:all[- ]time\s+|absolute\s+|current\s+)?favou?rite\s+([a-z][a-z\s-]{1,30}?)\s+(?:is|are|was|has\s+to\s+be)\s+(.+)/i.exec(c.text);
  if (!m) return [];
  const raw = m[2].replace(/^(?:probably|definitely|still|now)\s+/i, '');
  const span = properSpan(raw, false);
  const phrase = cutValue(raw);
  // "Thai green curry": a capitalised word that starts a short phrase, not a name on its own.
  const v = /^["“']/.test(raw) ? raw.replace(/^["“']([^"”']+)["”'].*$/, '$1') : span && phrase.startsWith(span) && phrase.split(/\s+/).length <= 4 ? phrase : (span ?? phrase);
  if (!v) return [];
  return [{ key: `favorite_${topicSlug(m[1])}`, value: v, type: 'preference' }];
};

const RE_PREFERENCES_4 = re(`^(?:\\w+\\s+)?(?:play|plays|do|does|practice|practise|practices|teach\\s+myself)\\s+(?:the\\s+|some\\s+|a\\s+lot\\s+of\\s+)?(?:[\\w]+-[\\w-]+\\s+|indoor\\s+|outdoor\\s+|competitive\\s+|amateur\\s+|casual\\s+|beach\\s+|table\\s+)?(${HOBBY_RE})\\b`, 'i');
const RE_HOBBY_CLASS = re(`\\b(?:taking|take|took|started|start|joined|join|attending|going\\s+to)\\s+(?:a\\s+|an\\s+|some\\s+|the\\s+|my\\s+first\\s+)?(?:local\\s+|weekly\\s+|new\\s+|beginner\\s+|beginners\\s+)?(${HOBBY_RE})\\s+(?:class|classes|lessons?|league|club|team|course|workshop|group)\\b`, 'i');
const RE_HOBBY_STOP = re(`^(?:stopped|quit|gave\\s+up)\\s+(?:playing\\s+|doing\\s+|practicing\\s+|practising\\s+)?(?:the\\s+)?(${HOBBY_RE})\\b`, 'iu');
/** "learning the guitar", "been practising piano", "teaching myself to play the ukulele". */
const RE_HOBBY_LEARN = re(`^(?:have\\s+been\\s+|been\\s+|am\\s+)?(?:learning|practicing|practising|teaching\\s+myself|getting\\s+into|picking\\s+up|doing)\\s+(?:to\\s+play\\s+|how\\s+to\\s+)?(?:the\\s+|some\\s+)?(${HOBBY_RE})\\b`, 'i');
const RE_HOBBY_TAKEN_TO = re(`^(?:have\\s+|has\\s+)?(?:gotten|got|become|became|been\\s+getting)\\s+(?:(?:really|so|super|very|properly|seriously|totally|quite|a\\s+bit|kind\\s+of|kinda)\\s+)*(?:into|hooked\\s+on|obsessed\\s+with|addicted\\s+to)\\s+(?:(?:\\p{Ll}+\\s+)?(${HOBBY_RE})\\b|(\\p{Ll}+ing)\\b)`, 'iu');
/** "video games are my life", "climbing is my thing" anywhere after a comma. */
const RE_HOBBY_LIFE = re(`(?:^|,\\s*)(\\p{L}[\\p{Ll}\\s-]{2,25}?)\\s+(?:is|are|has\\s+been|have\\s+been)\\s+(?:basically\\s+|literally\\s+)?(?:my|our)\\s+(?:life|passion|thing|jam|obsession|escape|therapy|happy\\s+place)\\b`, 'iu');
/** Activity verbs that make a hobby when done at a stated frequency (not followed by an object: "I run the team"). */
const HABIT_VERB = /^(?:(?:usually|still|also|regularly|normally|now|try\s+to|tries\s+to|try\s+and|like\s+to|get\s+to)\s+)*(swims?|runs?|cycles?|hikes?|climbs?|paints?|knits?|bakes?|dances?|sings?|surfs?|skis?|rows?|skates?|boxes|box|jogs?|meditates?|sketch(?:es)?|crochets?|sews?|sails?|fish(?:es)?|boulders?)\b(?!\s+(?:the|a|an|my|our|his|her|their|this|that|into|out|for\s+(?:office|president|mayor)|away|late|short|to\s+(?:work|the\s+office|school|uni|college|the\s+station))\b)/i;
const HABIT_FREQUENCY = /\b(?:(?:once|twice|three\s+times|four\s+times|five\s+times|\d+\s+times|a\s+few\s+times|a\s+couple\s+(?:of\s+)?times)\s+(?:a|per|every)\s+(?:day|week|month|weekend)|every\s+(?:day|morning|evening|night|week|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday|other\s+day)|most\s+(?:days|mornings|evenings|weekends|nights)|daily|weekly|on\s+weekends|at\s+weekends)\b/i;
const HABIT_GERUND: Record<string, string> = { swim: 'swimming', run: 'running', cycle: 'cycling', hike: 'hiking', climb: 'climbing', paint: 'painting', knit: 'knitting', bake: 'baking', dance: 'dancing', sing: 'singing', surf: 'surfing', ski: 'skiing', row: 'rowing', skate: 'skating', box: 'boxing', boxe: 'boxing', jog: 'jogging', meditate: 'meditating', sketch: 'sketching', crochet: 'crocheting', sew: 'sewing', sail: 'sailing', fish: 'fishing', boulder: 'bouldering' };
/** Words that open a phrase but never modify an activity ("took up my running", "took up some knitting"). */
const FUNCTION_WORD = /^(?:the|a|an|my|our|his|her|their|your|some|any|more|this|that|these|those|again|also|too|all|both|so|very|just|really|much|no)$/i;

const hobby: Rule = (c) => {
  const t = c.core;
  let m: RegExpExecArray | null;
  if ((m = /^(?:have\s+)?been\s+([\p{Ll}]+ing)\b(?:(?=.*\b(?:every|each|regularly|weekly|most\s+(?:days|weekends|evenings))\b)|\s+(?:a\s+lot|lots|so\s+much|more|again|lately|recently|every|regularly|quite\s+a\s+bit|a\s+ton|nonstop|for\s+(?:weeks|months|years)|since|ever\s+since)|\s*$|\s*[.!])/u.exec(t)) && !/^(?:going|doing|having|getting|feeling|thinking|working|trying|busy|living|dealing|taking)$/.test(m[1]))
    // "been learning the bodhran every thursday": a verb of taking something up is not itself the pastime (the frames read its object).
    if (!/^(?:learning|doing|playing|practi[cs]ing|taking|getting|going|having|making|trying|working|using|watching)$/i.test(m[1])) return [{ key: 'hobby', value: m[1].toLowerCase() }];
  if ((m = /^(?:(?:mostly|usually|often|always|sometimes|normally|generally|also|still)\s+)?(?:go|goes)\s+((?:[\p{Ll}]+\s+)?[\p{Ll}]+ing)\b/u.exec(t)) && /\b(?:every|most|regularly|often|twice|once\s+a|at\s+least|each|weekends?|usually|mostly|always|sometimes|whenever)\b/i.test(`${c.pre} ${t}`)) {
    const v = m[1].toLowerCase();
    // "go sea swimming": keep the modifier only when the phrase is a known activity.
    return [{ key: 'hobby', value: HOBBY_NOUNS.has(v) || !/\s/.test(v) ? v : v.split(/\s+/).pop()! }];
  }
  if ((m = RE_HOBBY_LEARN.exec(t)) && !c.negated) return [{ key: 'hobby', value: m[1].toLowerCase() }];
  // Having become keen on an activity: "I've gotten really into bouldering", "she got hooked on sourdough baking".
  if ((m = RE_HOBBY_TAKEN_TO.exec(t)) && !c.negated) return [{ key: 'hobby', value: (m[1] ?? m[2]).toLowerCase() }];
  // A habit with a frequency: "I swim about 2km twice a week", "she runs 5k every morning", "I climb most weekends".
  if ((m = HABIT_VERB.exec(t)) && HABIT_FREQUENCY.test(t) && !c.negated && !c.past) return [{ key: 'hobby', value: HABIT_GERUND[m[1].toLowerCase().replace(/s$/, '').replace(/^(box|fish|sketch)e$/, '$1')] ?? `${m[1].toLowerCase()}ing` }];
  // Someone got the speaker into an activity: "my coworker got me into climbing", "she introduced me to bouldering".
  if ((m = /\b(?:got|gets|getting|introduced)\s+me\s+(?:into|to)\s+([\p{Ll}]+ing|[\p{Ll}]+)\b/u.exec(c.text)) && (/ing$/.test(m[1]) || HOBBY_NOUNS.has(m[1])) && !/^(?:nothing|something|anything|trouble|everything)$/.test(m[1]) && !c.negated)
    return [{ key: 'hobby', value: m[1].toLowerCase(), subject: c.speaker }];
  if ((m = RE_HOBBY_LIFE.exec(c.text)) && isHobby(m[1].trim()) && !/^(?:work|family|home|school)\b/i.test(m[1])) return [{ key: 'hobby', value: m[1].trim().toLowerCase(), subject: c.speaker }];
  if ((m = RE_PREFERENCES_4.exec(t))) return [{ key: 'hobby', value: m[1].toLowerCase() }];
  if ((m = RE_HOBBY_CLASS.exec(t))) return [{ key: 'hobby', value: m[1].toLowerCase() }];
  // "took up bowling", "taken up rock climbing" (a modifier, then a gerund; not "took up my running"), "took up lawn bowls": an activity (one word or a known pair) taken up.
  if ((m = /\b(?:taken|took|take|taking)\s+up\s+([\p{Ll}]+)(?:\s+([\p{Ll}]+))?/iu.exec(t))) {
    const pair = m[2] ? `${m[1]} ${m[2]}`.toLowerCase() : '';
    const one = m[1].toLowerCase();
    const value = pair && (HOBBY_NOUNS.has(pair) || (/ing$/.test(m[2]) && !/ing$/.test(m[1]) && !FUNCTION_WORD.test(m[1]))) ? pair : /ing$/.test(one) || HOBBY_NOUNS.has(one) ? one : null;
    if (value) return [{ key: 'hobby', value }];
  }
  if ((m = RE_HOBBY_STOP.exec(t))) return [{ key: 'hobby', value: m[1].toLowerCase(), op: 'retract' }];
  if ((m = /^([\p{Lu}][\p{Ll}]+ing|[\p{Lu}][\p{Ll}]+)\s+(?:is|has\s+(?:always\s+)?been)\s+(?:how|what)\s+I\s+(?:relax|unwind|de-?stress|chill|recharge|switch\s+off|escape|cope|stay\s+sane)/u.exec(c.text)) && (/ing$/.test(m[1]) || HOBBY_NOUNS.has(m[1].toLowerCase())))
    return [{ key: 'hobby', value: m[1].toLowerCase(), subject: c.speaker }];
  if ((m = /^([\p{Lu}][\p{Ll}\s-]{2,25}?)\s+(?:is|has\s+been|has\s+always\s+been)\s+(?:my|our)\s+(?:passion|hobby|thing|life|escape|therapy|outlet|favou?rite\s+hobby)\b/u.exec(c.text)) && !/^(?:it|this|that|she|he|they|family|work|home)\b/i.test(m[1]))
    return [{ key: 'hobby', value: m[1].toLowerCase(), subject: c.speaker }];
  if ((m = /\b(?:my|our)\s+hobb(?:y|ies)\s+(?:is|are|include)\s+(.+)/i.exec(c.text))) return splitList(cutList(m[1])).map((v) => ({ key: 'hobby', value: v.toLowerCase(), subject: c.speaker }));
  if ((m = /^([\p{Lu}][\p{Ll}]+ing)\s+(?:has\s+been|is|was)\s+(?:my|our)\s+(?:way\s+to|passion|hobby|outlet|therapy|thing|escape|favou?rite)/u.exec(c.text)) || (m = /^([\p{Lu}][\p{Ll}]+ing)\s+(?:helps|keeps)\s+me\b/u.exec(c.text)))
    return [{ key: 'hobby', value: m[1].toLowerCase(), subject: c.speaker }];
  if ((m = /\b(?:in\s+my\s+(?:spare|free)\s+time|for\s+fun|on\s+weekends)\s*,?\s*I\s+(?:\w+\s+)?([\p{Ll}]+)\b/u.exec(c.text))) return [];
  return [];
};

/** Communication style applies to whole sentences, including requests ("Please keep answers short"). */
export function communicationStyle(sentence: string): Draft[] {
  const s = sentence;
  const out: Draft[] = [];
  // Style instructions address the assistant: an imperative, or a sentence about "you"/answers.
  const addressed =
    /\b(?:you|your|please|pls|plz|answers?|repl(?:y|ies)|respon(?:d|ses?)|explanations?|emojis?|bullet|eli5)\b/i.test(s) ||
    /^(?:keep|make|be|use|do\s+not|don't|never|stop|give|write|explain|answer|reply|respond|no|avoid|always|I\s+(?:prefer|like|want|need|would\s+rather))\b/i.test(s.trim());
  if (!addressed) return out;
  let m: RegExpExecArray | null;
  if ((m = /\b(?:keep|make)\s+(?:your\s+|the\s+|all\s+)?(?:answers?|responses?|replies|reply|it|things|them|explanations?)\s+(?:really\s+|very\s+|super\s+|nice\s+and\s+)?(short|brief|concise|simple|detailed|short\s+and\s+sweet|casual|formal|friendly)\b/i.exec(s)))
    out.push({ key: 'communication_style', value: `${m[1].toLowerCase().replace(/ and sweet/, '')} answers` });
  else if ((m = /\b(?:prefer|like|want|need)\s+(short|brief|concise|detailed|long|in-depth|step-by-step|simple)\s+(?:answers|responses|replies|explanations)\b/i.exec(s))) out.push({ key: 'communication_style', value: `${m[1].toLowerCase()} answers` });
  else if (/\b(?:stop|quit)\s+(?:giving|writing|sending)\s+(?:me\s+)?(?:such\s+|so\s+many\s+)?(?:long|lengthy|huge|wordy)\b|\b(?:too\s+long|too\s+wordy|less\s+verbose|shorter\s+(?:answers|replies|responses))\b|(?:^|\bplease\s+|\byou\s+(?:should|could|can)\s+)(?:be|answer|respond|reply)\s+(?:more\s+)?(?:concise|brief|short|to\s+the\s+point|direct)\b|\bno\s+(?:long|lengthy)\s+(?:answers|explanations|essays)\b|\btl;?dr\b/i.test(s)) out.push({ key: 'communication_style', value: 'short answers' });
  if (!out.length && (m = /\b(?:give\s+me|just\s+want|I\s+(?:just\s+)?want|I\s+(?:just\s+)?need)\s+(?:the|a)\s+(short|brief|quick|condensed|tl;?dr|long|detailed|full)\s+(?:version|answer|summary|rundown)\b/i.exec(s)))
    out.push({ key: 'communication_style', value: `${/long|detailed|full/i.test(m[1]) ? 'detailed' : 'short'} answers` });
  if (/\b(?:do\s+not|don't|never|stop|no|without|avoid|less)\s+(?:use\s+|using\s+)?(?:so\s+much\s+|any\s+|all\s+the\s+)?(?:jargon|technical\s+terms|buzzwords)\b|\bplain\s+(?:english|language)\b/i.test(s)) out.push({ key: 'communication_style', value: 'plain language, no jargon' });
  if (/\b(?:do\s+not|don't|never|stop|no|without|avoid)\s+(?:use\s+|using\s+|adding\s+|add\s+|send\s+|sending\s+)?(?:any\s+)?emojis?\b/i.test(s)) out.push({ key: 'communication_style', value: 'no emojis' });
  // Answer format: "stop with the bullet points", "no more tables"; "I'd rather read plain paragraphs".
  const noFormat = /\b(?:stop\s+(?:with|using|adding)|no\s+more|drop|ditch|lose|skip|without|do\s+not\s+use|less|fewer|enough\s+with)\s+(?:the\s+|all\s+the\s+|so\s+many\s+|any\s+)?(bullet[- ]?points?|bullets|bulleted\s+lists?|headers|headings|tables)\b/i.exec(s);
  if (noFormat) out.push({ key: 'communication_style', value: `no ${/^bullet/i.test(noFormat[1]) ? 'bullet points' : noFormat[1].toLowerCase()}` });
  else if (/\bbullet[- ]?points?\b|\bbulleted\s+lists?\b/i.test(s) && /\b(?:prefer|rather|use|please|always|in|like|want|answer)\b/i.test(s)) out.push({ key: 'communication_style', value: 'bullet points' });
  if ((m = /\b(?:would\s+rather|prefer|like|want)\s+(?:to\s+)?(?:read|get|have|see)?\s*(?:plain\s+|full\s+|normal\s+|proper\s+|short\s+)?(paragraphs|prose|full\s+sentences)\b/i.exec(s))) {
    // One format preference, not two competing ones: "plain paragraphs, no bullet points".
    const no = out.findIndex((d) => d.value.startsWith('no ') && !/emojis|jargon/.test(d.value));
    const v = `plain ${m[1].toLowerCase()}`;
    if (no >= 0) out[no] = { ...out[no], value: `${v}, ${out[no].value}` };
    else out.push({ key: 'communication_style', value: v });
  }
  if (/\b(?:with|use|include|give\s+me|show\s+me)\s+(?:some\s+|concrete\s+|more\s+)?(?:code\s+examples|code\s+samples|code\s+snippets|examples\s+in\s+code)\b/i.test(s)) out.push({ key: 'communication_style', value: 'code examples' });
  if ((m = /\b(?:answer|reply|respond|talk|speak|write)\s+(?:to\s+me\s+)?in\s+(English|Spanish|French|German|Portuguese|Italian|Dutch|Japanese|Chinese|Korean|Polish)\b/i.exec(s))) out.push({ key: 'communication_style', value: `answers in ${m[1]}` });
  // Level of the explanation: "explain like I'm 5", "ELI5", "dumb it down for me", "assume I know nothing about X".
  if (/\b(?:explain|talk|write|put\s+it)\s+(?:it\s+|this\s+|things\s+)?(?:to\s+me\s+)?(?:like|as\s+if)\s+I\s+am\s+(?:5|five|a\s+(?:5|five)[\s-]year[\s-]old|a\s+kid|a\s+child|twelve|12)\b|\beli5\b|\b(?:dumb|water)\s+(?:it|this|things)\s+down\b|\bin\s+(?:layman's|laymans|lay)\s+terms\b/i.test(s))
    out.push({ key: 'communication_style', value: 'explain simply, like to a 5-year-old' });
  // One pick, not a menu: "stop giving me 10 options, just tell me the best one", "just give me your top pick".
  if (/\b(?:stop|quit|don't|do\s+not)\s+(?:giving|listing|sending|give|list|send)\s+(?:me\s+)?(?:\d+|so\s+many|a\s+bunch\s+of|endless|loads\s+of|lots\s+of|multiple|several|ten|five)\s+(?:options|choices|alternatives|suggestions|recommendations)\b|\b(?:just\s+)?(?:tell|give)\s+me\s+(?:the|your)\s+(?:single\s+)?(?:best|top)\s+(?:one|option|pick|choice)\b/i.test(s))
    out.push({ key: 'communication_style', value: 'only the best one, no list of options' });
  if (/\b(?:do\s+not|don't|stop|never)\s+(?:sugarcoat|sugar-coat|be\s+so\s+formal)/i.test(s)) out.push({ key: 'communication_style', value: 'direct, no sugarcoating' });
  return out.map((d) => ({ ...d, type: 'preference' as const }));
}

const DISLIKE_IDIOM = /^([\p{L}][\p{L}\s'-]{1,30}?)\s+(?:is|are|has\s+always\s+been|have\s+always\s+been)\s+(?:honestly\s+|basically\s+|literally\s+)?(?:my\s+(?:arch-?)?(?:nemesis|enemy|worst\s+enemy|pet\s+(?:peeve|hate)|least\s+favou?rite(?:\s+thing)?)|the\s+bane\s+of\s+my\s+(?:life|existence))\b/iu;
const LIKE_IDIOM = /^([\p{L}][\p{L}\s'-]{1,30}?)\s+(?:is|are)\s+(?:honestly\s+|basically\s+|totally\s+)?my\s+(?:guilty\s+pleasure|comfort\s+food|jam|weakness|love\s+language|go-to(?:\s+\w+)?)\b/iu;
const PREFER_IDIOM = /^(?:give\s+me\s+)?([\p{L}][\p{L}\s'-]{1,30}?)\s+over\s+(?:[\p{L}][\p{L}\s'-]{1,30}?)\s+any\s+day(?:\s+of\s+the\s+week)?\b|^give\s+me\s+([\p{L}][\p{L}\s'-]{1,30}?)\s+(?:over|instead\s+of|rather\s+than)\s+/iu;
/**
 * Tastes said with an idiom rather than a verb, with the thing as the clause's subject: "Mushrooms are
 * my nemesis", "cold brew is my guilty pleasure", "Give me spreadsheets over slide decks any day". The
 * clause has no personal subject, so this also runs on unattributed clauses (the taste is the speaker's).
 */
export const idiomaticTaste: Rule = (c) => {
  const t = c.text.trim();
  let m: RegExpExecArray | null;
  const val = (raw: string) => {
    const v = raw.trim().replace(/^(?:the|a|an)\s+/i, '');
    // The thing opens the sentence, so its capital is the sentence's: keep case only for a multi-word name ("Blue Bottle").
    return !v || PRONOUNS.test(v) || /^(?:he|she|they|we|i|you|my|his|her|their|our)\b/i.test(v) || v.split(/\s+/).length > 4 ? null : /^(?:[\p{Lu}]\S*\s+)+[\p{Lu}]\S*$/u.test(v) ? v : v.toLowerCase();
  };
  if ((m = DISLIKE_IDIOM.exec(t))) {
    const v = val(m[1]);
    return v ? [{ key: 'dislike', value: v, subject: c.speaker }] : [];
  }
  if ((m = LIKE_IDIOM.exec(t)) || (m = PREFER_IDIOM.exec(t))) {
    const v = val(m[1] ?? m[2]);
    return v ? [{ key: 'like', value: v, subject: c.speaker }] : [];
  }
  return [];
};

export const PREFERENCE_RULES: Rule[] = [likes, favorite, hobby, idiomaticTaste];
export type { Clause };

const OBJ = '([a-z][a-z-]*(?:\\s+[a-z][a-z-]*){0,2}?)';
const RE_WAS_DISLIKE = re(`\\bI\\s+used\\s+to\\s+(?:(?:really|absolutely|totally)\\s+)?(?:hate|dislike|loathe|detest|not\\s+like|cannot\\s+stand|can't\\s+stand)\\s+${OBJ}\\s*,?\\s+but\\s+(.+)$`, 'i');
const RE_WAS_LIKE = re(`\\bI\\s+used\\s+to\\s+(?:(?:really|absolutely|totally)\\s+)?(?:love|like|adore|enjoy)\\s+${OBJ}\\s*,?\\s+but\\s+(.+)$`, 'i');
const RE_WAS_MY_THING = re(`^${OBJ}\\s+used\\s+to\\s+be\\s+my\\s+(?:thing|jam|go-to(?:\\s+\\w+)?|drink|obsession|everything|vice|addiction|favou?rite(?:\\s+\\w+)?)\\b`, 'i');
const RE_SWITCHED_TO = re(`\\b(?:switched|swapped|moved|changed|converted)\\s+(?:over\\s+)?(?:(?:completely|entirely|fully)\\s+)?to\\s+${OBJ}(?=\\s*(?:[.,!;]|$|\\s+(?:completely|entirely|now|instead|these\\s+days|and|since)\\b))`, 'i');
const NOW_POSITIVE = /^(?:(?:now|these\s+days|nowadays|lately|today|honestly)\b[\s,]*)?(?:I\s+)?(?:(?:really|absolutely|actually|totally)\s+)?(?:love|like|adore|enjoy|put\s+(?:them|it)\s+on|eat\s+(?:them|it)|cannot\s+get\s+enough|can't\s+get\s+enough|am\s+(?:obsessed|hooked|addicted))|^(?:now|these\s+days|nowadays|lately)\b(?![^.]*\b(?:hate|dislike|still\s+not|cannot\s+stand|can't\s+stand)\b)/i;
const NOW_NEGATIVE = /^(?:(?:now|these\s+days|nowadays|lately)\b[\s,]*)?(?:I\s+)?(?:(?:really|absolutely|actually|totally|kind\s+of)\s+)?(?:hate|cannot\s+stand|can't\s+stand|am\s+(?:so\s+)?(?:sick|tired)\s+of|am\s+(?:so\s+)?over|do\s+not\s+like|find\s+(?:it|them)\s+(?:boring|gross|disgusting))/i;
const tasteValue = (v: string) => (PRONOUNS.test(v) || /^(?:it|them|that)$/i.test(v) ? null : v.toLowerCase());

/**
 * A change of taste in one sentence: "I used to hate olives but these days I put them on everything"
 * (a like now; the old dislike is history), "I used to love jazz but now I can't stand it", "Coffee
 * used to be my thing, but I've switched to green tea" (green tea is the like now, coffee history).
 */
/**
 * A pastime by name, or a group one sings, plays or meets in ("choir", "book club", "the running group"); a team or crew
 * alone may be work's, so only with a word before it.
 */
const PASTIME = `${HOBBY_RE}|${PASTIME_GROUPS.filter((g) => g !== 'team' && g !== 'crew').join('|')}|[\\p{Ll}]+\\s+(?:club|team|group|class|choir|band|league)`;
/** Free time said by what fills it: "weekends are all birdwatching", "my spare time is mostly pottery these days". */
const RE_FREE_TIME = re(`^(?:my\\s+|our\\s+)?(?:weekends|evenings|saturdays|sundays|spare\\s+time|free\\s+time|days\\s+off)\\s+(?:is|are|have\\s+been|has\\s+been)\\s+(?:(?:all|mostly|basically|pretty\\s+much|now|about|spent|taken\\s+up\\s+(?:by|with))\\s+)+(?:([\\p{Ll}]+)\\s+(?=[\\p{Ll}]+ing\\b))?([\\p{Ll}]+ing|${HOBBY_RE})\\b(?!\\s+(?:and|or)\\s+(?:work|chores)\\b)`, 'iu');
/** What fills time without being a pastime. */
const NOT_PASTIME = /^(?:working|sleeping|cleaning|commuting|studying|revising|resting|recovering|waiting|doing|having|getting|going|being|nothing|something|everything|shopping|driving|caring|looking)$/i;
/** Not coming back, said to whoever leads a pastime ("told the choir leader I won't be coming back", "told my football coach I'm quitting"). */
const RE_TOLD_LEAVING = re(`^(?:I\\s+)?(?:(?:just|finally|have|already)\\s+)?told\\s+(?:the|my|our)\\s+(${PASTIME})\\s+(?:leader|coach|teacher|instructor|conductor|captain|director|organi[sz]er|trainer|group)\\s+(?:that\\s+)?I\\s+(?:(?:will\\s+not|am\\s+not\\s+going\\s+to)\\s+be\\s+(?:coming|going)\\s+back|am\\s+(?:quitting|leaving|stopping|done))\\b`, 'iu');
/** "I won't be going back to choir", "not going back to pottery": a pastime left. */
const RE_NOT_GOING_BACK = re(`\\b(?:I\\s+)?(?:will\\s+not|am\\s+not\\s+going\\s+to|not\\s+going\\s+to)\\s+be\\s+(?:going|coming)\\s+back\\s+to\\s+(?:the\\s+|my\\s+)?(${PASTIME})\\b(?!\\s+(?:after|until|till|for)\\b)`, 'iu');

export function tasteChange(sentence: string): Draft[] {
  const s = sentence.trim().replace(/[.!]+$/, '');
  let m: RegExpExecArray | null;
  // "Weekends are all birdwatching for me now", "my evenings are mostly spent knitting": free time by what fills it.
  // (A known pair keeps its modifier: "wild swimming".)
  if ((m = RE_FREE_TIME.exec(s)) && !NOT_PASTIME.test(m[2])) {
    const pair = m[1] ? `${m[1]} ${m[2]}`.toLowerCase() : '';
    return [{ key: 'hobby', value: HOBBY_NOUNS.has(pair) ? pair : m[2].toLowerCase(), op: 'assert' }];
  }
  // "Told the choir leader I won't be coming back", "I won't be going back to choir": a pastime left for good.
  if ((m = RE_TOLD_LEAVING.exec(s) ?? RE_NOT_GOING_BACK.exec(s))) return [{ key: 'hobby', value: m[1].toLowerCase(), op: 'retract' }];
  if ((m = RE_WAS_DISLIKE.exec(s)) && NOW_POSITIVE.test(m[2].trim())) {
    const v = tasteValue(m[1]);
    return v ? [{ key: isHobby(v) ? 'hobby' : 'like', value: v, op: 'assert' }] : [];
  }
  if ((m = RE_WAS_LIKE.exec(s)) && NOW_NEGATIVE.test(m[2].trim())) {
    const v = tasteValue(m[1]);
    return v ? [{ key: 'dislike', value: v, op: 'assert' }] : [];
  }
  const out: Draft[] = [];
  const old = RE_WAS_MY_THING.exec(s);
  if (old && tasteValue(old[1])) out.push({ key: isHobby(old[1]) ? 'hobby' : 'like', value: old[1].toLowerCase(), op: 'history' });
  if ((old || /\bused\s+to\s+(?:love|like|drink|eat|be\s+(?:a\s+)?\w+\s+(?:person|fan|guy|girl))\b/i.test(s)) && (m = RE_SWITCHED_TO.exec(s))) {
    const v = tasteValue(m[1]);
    if (v) out.push({ key: 'like', value: v, op: 'assert' });
  }
  return out;
}
