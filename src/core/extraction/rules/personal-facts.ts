/**
 * @module core/extraction/rules/personal-facts
 * Work, place, education and identity: employer, job title, location (with moves and their
 * previous place), hometown, education, age, birthday, languages and goals (vehicles are the own/drive frames).
 */
import { PAST_CUE } from '../sentences.ts';
import { tagFragment } from '../nlp.ts';
import { re } from '../re.ts';
import type { Clause, Draft, Rule } from '../model.ts';
import { LANG_RE, MONTHS, OCCUPATIONS, RELATIONS } from '../lexicon.ts';
import { boundOf } from '../dates.ts';
import { cutValue, properSpan, spelledToDigits, tidy, titleCase } from '../values.ts';
import { MEASURE_UNITS, SETTING_NOUNS } from '../frames/table.ts';

/** A present perfect with a span that runs up to now: "I've worked here for six years", "have lived … since 2019". */
const CONTINUATIVE_PERFECT = /\b(?:have|has|I['’]ve|we['’]ve|ve)\s+(?:\w+ly\s+|always\s+|only\s+|just\s+)?\w+ed\b.*\b(?:for\s+(?:the\s+(?:last|past)\s+)?(?:\w+\s+)?(?:years?|months?|weeks?|decades?|ages|a\s+while)|since)\b/i;

const ADV = '(?:(?:just|still|currently|now|recently|finally|actually|also|already|officially|really|happily|proudly|full[- ]time|part[- ]time|remotely)\\s+)*';

/** Common nouns that name a workplace ("the bakery", "a fashion brand"). */
const ORG_NOUN = /^(?:(the|my|our|a|an)\s+)?((?:(?!(?:at|in|for|with|on|and|but|so)\b)[a-z][\w-]*\s+){0,2}?)(bakery|cafe|café|restaurant|hospital|clinic|school|college|university|warehouse|factory|bank|shop|store|supermarket|library|museum|hotel|pub|bar|gym|charity|nonprofit|non-profit|startup|start-up|agency|firm|company|brand|studio|consultancy|council|newspaper|magazine|publisher|lab|laboratory|nursery|daycare|pharmacy|garage|salon|brewery|winery|farm|practice|airline|airport|ngo|call\s+centre|call\s+center)\b/i;

/**
 * A workplace named by a common noun, only when it is specific: definite ("the bakery", "my
 * school") or modified ("a fashion brand", "a small law firm"). A bare "a warehouse" says nothing.
 */
function orgNoun(text: string): string | null {
  const m = ORG_NOUN.exec(text.trim());
  if (!m) return null;
  const det = (m[1] ?? '').toLowerCase();
  const mods = m[2].trim();
  if ((det === 'a' || det === 'an' || det === '') && !mods) return null;
  if (/^(?:same|other|new|local|big|small|good|bad)$/i.test(mods) && (det === 'a' || det === 'an')) return null;
  return `${mods ? mods + ' ' : ''}${m[3]}`.toLowerCase();
}

function org(text: string, nounOk = false): string | null {
  // "a startup called Linear", "a small firm named Acme"
  const called = /^(?:a|an|the)\s+(?:[\w-]+\s+){0,3}?(?:called|named)\s+(.+)/i.exec(text.trim());
  if (called) return org(called[1]);
  const s = properSpan(text.trim());
  if (!s) return nounOk ? orgNoun(text) : null;
  if (MONTHS.has(s.toLowerCase())) return null;
  return s;
}

function isOccupation(np: string): boolean {
  const last = np.toLowerCase().split(/\s+/).pop() ?? '';
  return OCCUPATIONS.has(last) || OCCUPATIONS.has(last.replace(/s$/, ''));
}

/** Heads of a position conferred on someone ("made head of procurement", "named captain"). */
const POSITION_HEAD = /^(?:[\w-]+\s+){0,3}?(?:head|chief|lead|director|manager|chair|chairman|chairwoman|captain|president|partner|supervisor|principal|dean|foreman|editor|coordinator)\b/i;
/** Romantic context: "I'm not with Jake anymore, we broke up" is about a partner, not an employer. */
const ROMANCE = /\b(?:broke\s+up|split\s+up|dating|divorc\w*|relationship|boyfriend|girlfriend|ex\b|together|dumped|cheated)/i;
/** A stay long enough to be a job: "been at Shopify almost 2 yrs". */
const TENURE = /\b(?:for|almost|nearly|over|about|like)\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\w+teen|(?:twenty|thirty|forty|fifty)(?:[\s-]\w+)?|a\s+few|a\s+couple(?:\s+of)?|several)\s+(?:years?|yrs?|months?)\b|\bsince\s+(?:19|20)\d\d\b/i;
/** A sentence about changing home: "left Manchester … settled in Leeds" is a move, not a resignation. */
const PLACE_MOVE = /\b(?:settled|moved|moving|relocated|living|live|lives|based|new\s+(?:city|town|flat|house|place|home)|emigrated)\b/i;

/** A role still to come: "will be a…", "am going to be a…", "will be working as a…". */
const FUTURE_ROLE = /^(?:will\s+be|am\s+going\s+to\s+be|is\s+going\s+to\s+be|are\s+going\s+to\s+be|will\s+be\s+(?:working|starting|joining)\s+as|am\s+(?:starting|joining)\s+as|is\s+(?:starting|joining)\s+as)\s+(?:a|an)\s+(.+)/i;
/** A job step in the sentence that makes a coming role real (not "I'll be a mess"). */
const JOB_STEP = /\b(?:offer|hired|job|role|position|contract|promot\w*|accepted|signed|joining|starting|start|starts)\b/i;

// Volunteering is not employment: "volunteering at the food bank every Saturday" is a hobby or an activity.
// "I work from home at Spotify", "works remotely for Stripe": where the work is done does not hide the employer.
const RE_PERSONALFACTS_1 = re(`\\b(?:work|works|working|worked|intern|interning|interned)\\s+${ADV}(?:(?:from\\s+home|from\\s+the\\s+office|in\\s+the\\s+office|on\\s+site|in\\s+person|hybrid)\\s+)?(?:now\\s+)?(?:at|for|with)\\s+(.+)`, 'i');
/** What one runs as one's own: the head nouns of a business. */
const BUSINESSES = 'business|bakery|cafe|café|restaurant|shop|store|studio|company|startup|agency|farm|clinic|salon|bar|brewery|practice|consultancy|firm|boutique|gym';
/** "opened my own practice, Clinica Azul", "started our own bakery called Crumbs": founded by the speaker, then its name. */
const OWN_FOUNDED = new RegExp(`\\b(?:opened|started|set\\s+up|launched|founded)\\s+(?:my|our)\\s+own\\s+(?:small\\s+|little\\s+|new\\s+)?((?:\\w+\\s+)?(?:${BUSINESSES}))\\b(?:\\s*,\\s*|\\s+(?:called|named)\\s+)?(.*)`, 'i');
/** "run a small bakery", "own my own salon": the business one runs (compiled once, not per clause). */
const RUNS_OWN_BUSINESS = new RegExp(`^(?:run|runs|own|owns)\\s+(?:a|an|my\\s+own|our\\s+own|my|our)\\s+(?:small\\s+|little\\s+|tiny\\s+|new\\s+|family\\s+)?((?:\\w+\\s+)?(?:${BUSINESSES}))\\b`, 'i');

/** The name of a place of learning ("Leeds Uni", "Kingsmead Primary School", "St Mary's Sixth Form"). */
const SCHOOLS = /\b(?:Uni|University|College|School|Academy|Polytechnic|Sixth\s+Form|Conservatoire|Conservatory)\b/;

/** A join that is only weighed: "thinking of / about", "considering", "tempted by" before it. */
const JOIN_WEIGHED = /\b(?:thinking\s+(?:of|about)|considering|contemplating|debating|tempted\s+(?:by|to)|toying\s+with(?:\s+the\s+idea\s+of)?)\s+(?:\w+\s+)?$/i;

const employer: Rule = (c) => {
  const out: Draft[] = [];
  const t = c.core;
  let m: RegExpExecArray | null;
  const push = (v: string | null, extra: Partial<Draft> = {}) => {
    if (v) out.push({ key: 'employer', value: v, ...extra });
  };
  // "worked at X" is history; a present perfect of it with a span up to now ("I've worked at X for six years", "since
  // 2019") is where the speaker still works.
  if ((m = RE_PERSONALFACTS_1.exec(t))) push(org(m[1], true), /\bworked\b/i.test(m[0]) && !/\bhave\s+been\b|\bhas\s+been\b/i.test(t) && !CONTINUATIVE_PERFECT.test(c.sentence) ? { op: 'history' } : {});
  else if ((m = /\b(?:handed\s+in|put\s+in|gave\s+in|turned\s+in|submitted|sent\s+in)\s+(?:my\s+|our\s+)?(?:notice|resignation|two\s+weeks'?(?:\s+notice)?)\s+(?:at|to|with)\s+(.+)/i.exec(t))) push(org(m[1], true), { op: 'retract' });
  else if ((m = /\b(?:work|works|working|worked)\s+as\s+(?:a|an)\s+[\w\s-]+?\s+(?:at|for|with)\s+(.+)/i.exec(t))) push(org(m[1]));
  // "started my new job at the library downtown": a job at a definite workplace names it ("the library"); "a job at a
  // tech company" names none.
  else if ((m = /\b(?:job|position|role|internship|gig|contract)\s+(?:at|with)\s+(.+)/i.exec(t))) push(org(m[1], /^(?:the|my|our)\s/i.test(m[1])), /\b(?:quit|left|lost)\b/i.test(t) ? { op: 'retract' } : {});
  else if ((m = /\b(?:accepted|took|got|signed)\s+(?:an?\s+|the\s+)?(?:job\s+|new\s+)?offer\s+(?:from|at|with)\s+(.+)/i.exec(t))) push(org(m[1]));
  else if ((m = /\bemployed\s+(?:by|at)\s+(.+)/i.exec(t))) push(org(m[1]) ?? (cutValue(m[1]) || null));
  else if ((m = /\b(?:hired|recruited|taken\s+on|headhunted)\s+(?:by|at)\s+(.+)/i.exec(t))) push(org(m[1], true));
  // "quitting to join Netflix", "hoping to join Stripe": an intention, not the current employer.
  // ("thinking of joining Deloitte", "considering joining the army": a plan weighed, not a job either.)
  else if ((m = /\b(?:joined|join|joining)\s+(.+)/i.exec(t)) && !/\bto\s+$/i.test(t.slice(0, m.index)) && !JOIN_WEIGHED.test(t.slice(0, m.index))) push(org(m[1]));
  // ("started on the graduate scheme at Rolls-Royce": a scheme, programme or placement at a place is work there.)
  else if ((m = /\b(?:start|started|starting|begin|began|beginning)\s+(a\s+new\s+job\s+|my\s+new\s+job\s+|work\s+|working\s+|on\s+(?:the|a|an|their|its)\s+(?:[\w-]+\s+){0,3}?(?:scheme|programme|program|apprenticeship|internship|placement|rotation)\s+)?(?:at|with)\s+(.+)/i.exec(t))) {
    // "has just started at Leeds Uni": starting at a place of learning, with no job said, is a course, not a job.
    const place = org(m[2]);
    if (place && !m[1] && SCHOOLS.test(place) && !/\bas\s+(?:a|an|the|their|its)\b/i.test(t)) out.push({ key: 'education', value: place });
    else push(place);
  }
  // "I'm not with Jake anymore": no longer with a one-word name is a relationship ending (family rules), not a job.
  else if ((m = /^(?:am|is|are)\s+(?:still\s+|now\s+)?(?:at|with)\s+(.+)/i.exec(t)) && !ROMANCE.test(c.sentence) && !(c.negated && /^with\s+[\p{Lu}][\p{L}'’-]*\s*(?:[.,!;]|$)/u.test(m[0].replace(/^\w+\s+(?:still\s+|now\s+)?/i, '')))) push(org(m[1]), { confidence: 0.75 });
  else if ((m = /^(?:have\s+been|has\s+been|been)\s+(?:working\s+)?(?:at|with)\s+(.+)/i.exec(t)) && TENURE.test(t)) push(org(m[1]), { confidence: 0.8 });
  // "I'm a nurse at…", and a role said without its article ("I'm head chef at The Anchor").
  else if ((m = /^(?:am|is|are|was)\s+(?:now\s+|currently\s+|still\s+)?(?:(?:a|an|the)\s+)?([\w\s-]+?)\s+(?:at|for|with)\s+(.+)/i.exec(t)) && isOccupation(m[1])) push(org(m[2]));
  // "Signed the contract — I'll be a data analyst at Monzo": a coming role after a job step names the employer.
  else if ((m = FUTURE_ROLE.exec(t)) && JOB_STEP.test(`${c.prevSentence ?? ''} ${c.sentence}`) && (m = /^([\w\s-]+?)\s+(?:at|for|with)\s+(.+)/i.exec(m[1])) && isOccupation(m[1])) push(org(m[2]));
  else if ((m = /\b(?:quit|left|resigned\s+from|leaving|(?:got|was|been|were)\s+(?:fired|laid\s+off|let\s+go)\s+(?:from|by|at))\s+(.+)/i.exec(t)) && !(/^(?:left|leaving)\b/i.test(m[0].trim()) && PLACE_MOVE.test(c.sentence)) && !/^(?:left|leaving)\s+\S+\s+with\b/i.test(m[0] + m[1].slice(0, 0) + ' ' + m[1])) {
    const o = org(m[1]);
    if (o && !/^(?:the|my)\b/i.test(m[1])) push(o, { op: 'retract' });
  }
  // "opened my own practice, Clinica Azul in Porto": the business founded, by the name that follows it.
  if (out.length === 0 && (m = OWN_FOUNDED.exec(t)) && !c.negated && m[2]) push(org(m[2]));
  if ((m = /\b(?:after|following)\s+((?:\w+\s+){1,3})(?:at|with)\s+(.+)/i.exec(`${c.pre} ${c.core}`))) {
    const o = org(m[2]);
    // "after a long day at X", "after my shift at X": one spell of the working routine (a setting noun, singular) is
    // the current employer, implied; "after ten years at X" is history.
    const words = m[1].trim().toLowerCase().split(/\s+/);
    const routine = /^(?:a|an|my|another|the)$/.test(words[0]) && (SETTING_NOUNS.find((r) => r.key === 'employer')?.heads ?? []).includes(words[words.length - 1]);
    if (o && !out.some((d) => d.value === o)) out.push(routine ? { key: 'employer', value: o, confidence: 0.65 } : { key: 'employer', value: o, op: 'history', confidence: 0.8 });
  }
  return out;
};

/** What follows "teach" that is not a school subject: a place, an article, or the people taught ("taught me to knit"). */
const TAUGHT_NOT_SUBJECT = /^(?:most|every|each|some|twice|once|part|full|on|from|weekends|evenings|mornings|nights|at|in|a|an|the|kids|children|people|me|us|him|her|them|myself|yourself|himself|herself|ourselves|themselves|my|our|his|their|you|everyone|someone|somebody|how|to)$/i;

/**
 * A school grade taught is the job, whatever the tense of "teach" ("teaches third grade", "she's teaching year 4 there
 * now", "I teach reception"): the grade names the teacher ("third grade teacher").
 */
const GRADE_TAUGHT = /^(?:(?:have|has)\s+been\s+|been\s+|am\s+|is\s+|are\s+|['’]s\s+|['’]m\s+|(?:now|still|currently)\s+)*(?:teach|teaches|taught|teaching)\s+((?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|\d{1,2}(?:st|nd|rd|th))\s+grade|(?:grade|year)\s+\d{1,2}|kindergarten|reception|pre-?k|preschool)\b/i;

const jobTitle: Rule = (c) => {
  const out: Draft[] = [];
  const t = c.core;
  let m: RegExpExecArray | null;
  const title = (raw: string, check: boolean): string | null => {
    // "a firefighter back in Chicago", "a nurse out in Perth": a locative particle ends the title too.
    const np = cutValue(raw, /\s+(?:at|for|with|in|on|from|who|that|and|of\s+the|there|here|by\s+trade|so|starting|(?:back|out|over|up|down)\s+(?:in|at|home)|back\s+home)\b/i);
    if (!np || np.split(/\s+/).length > 5) return null;
    // "a bus driver starts at 5am": the title's noun phrase ends where the clause's verb begins.
    const toks = np.includes(' ') ? tagFragment(np) : [];
    const verbAt = toks.findIndex((x, k) => k > 0 && (x.pos === 'VERB' || x.pos === 'AUX') && toks[k - 1].pos === 'NOUN' && /(?:s|ed)$/.test(x.lower));
    if (verbAt > 0) return title(toks.slice(0, verbAt).map((x) => x.text).join(' '), check);
    if (check && !isOccupation(np)) return null;
    return np.toLowerCase().replace(/^(?:a|an)\s+/, '');
  };
  let v: string | null = null;
  let starts: Partial<Draft> = {};
  // A role the speaker talks from: "As an art teacher I never get tired of…", "as a nurse, I see this daily". The
  // rest of the sentence may be negated; the role is not.
  const talkingAs = c.subject.self ? /^\W*(?:(?:and|but|so|honestly|well)\s+)?as\s+(?:a|an)\s+((?:[\w-]+\s+){0,3}?[\w-]+)\s*,?\s+(?:I|we)\b(?!\s+(?:was|were|used\s+to)\b)/i.exec(c.sentence) : null;
  const talkingTitle = talkingAs ? title(talkingAs[1], true) : null;
  if (talkingTitle) out.push({ key: 'job_title', value: talkingTitle, op: 'assert' });
  if ((m = /^(?:am|is|are|was)\s+(?:now\s+|currently\s+|still\s+|also\s+)?(?:a|an)\s+(.+)/i.exec(t))) v = title(m[1], true);
  // "I'm head chef at The Anchor": a role said without its article, at or for an organisation.
  else if ((m = /^(?:am|is)\s+(?:now\s+|currently\s+|still\s+)?((?:[\w-]+\s+)?[\w-]+)\s+(?:at|for)\s+(?:the\s+)?[\p{Lu}]/iu.exec(t)) && isOccupation(m[1]) && !/^(?:a|an|the|my|our|not|so|very|home|here|there|back|out|in|on)\b/i.test(m[1])) v = m[1].toLowerCase();
  // A coming role after a job step is the new title: "I accepted an offer from Abbott, I'll be a clinical research
  // coordinator there starting in March", "got the job! I'm going to be a staff nurse". Dated when the start is.
  else if ((m = FUTURE_ROLE.exec(t)) && JOB_STEP.test(`${c.prevSentence ?? ''} ${c.sentence}`) && (v = title(m[1], true)) && c.date && !c.past)
    starts = { validFrom: c.date.iso, metadata: { dateText: c.date.text, starts: c.date.iso } };
  else if ((m = /\b(?:work|works|working|worked)\s+(?:(?:nights|days|weekends|evenings|mornings|shifts|nightshifts|part[- ]time|full[- ]time|freelance|remotely|mostly|currently|now)\s+)?as\s+(?:(?:a|an)\s+)?(.+)/i.exec(t))) v = title(m[1], false);
  else if ((m = /\b(?:freelancing|freelance|moonlighting|temping|contracting|interning|volunteering|employed|hired|trained|training|qualified|certified)\s+as\s+(?:a|an)\s+(.+)/i.exec(t))) v = title(m[1], true);
  else if ((m = /\b(role|job\s+title|title|position|job)\s+is\s+(?:a\s+|an\s+)?(.+)/i.exec(t))) v = title(m[2], /^job$/i.test(m[1]) || /^(?:pretty|so|very|really|quite|too|kind|super|a\s+bit)\b/i.test(m[2]));
  else if ((m = /\b(?:promoted|appointed|bumped\s+up)\s+(?:to|as)\s+(?:the\s+)?(?:new\s+)?(?:a\s+|an\s+)?(.+)/i.exec(t))) v = title(m[1], false);
  // A role conferred on the subject: "has been made head of procurement", "got named captain" (the role is a position
  // head, or an occupation).
  else if ((m = /\b(?:been|got|get|was|were|just)\s+(?:made|named|appointed|elected)\s+(?:the\s+)?(?:new\s+)?((?:[\w-]+\s+){0,3}?(?:head|chief|lead|director|manager|chair|chairman|chairwoman|captain|president|partner|supervisor|principal|dean|foreman|editor|coordinator|[\w-]+)(?:\s+of\s+(?:the\s+)?[\w-]+(?:\s+[\w-]+)?)?)(?=\s*(?:[,.;!]|$|\s+(?:at|for|and|but|so|today|yesterday|last|this|apparently)\b))/i.exec(t)) && (POSITION_HEAD.test(m[1]) || isOccupation(m[1].replace(/\s+of\s+.*$/i, ''))))
    v = m[1].trim();
  else if ((m = /\b(?:my|our)\s+(?:job|work|role|career|position)\s+as\s+(?:(?:a|an)\s+)?(.+)/i.exec(c.text)) && c.subject.self && !/\blost\s+my\s+job\b/i.test(c.text)) v = title(m[1], false);
  else if ((m = /^(?:are|were)\s+(?:both\s+|all\s+)?((?:[\w-]+\s+)?[\w-]+s)\b/i.exec(t)) && !c.subject.self) {
    const x = title(m[1], true);
    if (x) v = x;
  }
  else if ((m = /\blost\s+my\s+job\s+as\s+(?:a|an)\s+(.+)/i.exec(t))) {
    const x = title(m[1], false);
    if (x) out.push({ key: 'job_title', value: x, op: 'retract' });
    return out;
  } else if ((m = GRADE_TAUGHT.exec(t))) v = `${m[1].toLowerCase().replace(/\s+/g, ' ')} teacher`;
  else if ((m = /^(?:teach|teaches|taught)\s+(\w+)/i.exec(t)) && !TAUGHT_NOT_SUBJECT.test(m[1])) v = `${m[1].toLowerCase()} teacher`;
  // "been teaching maths at a secondary school for six years": a subject taught at a workplace is the job.
  else if ((m = /^(?:have\s+been\s+|has\s+been\s+|been\s+|am\s+|is\s+|are\s+|(?:now\s+|still\s+)?)teaching\s+(\w+)\s+(?:at|in)\s+(?:a|an|the|my|our)?\s*(?:[\w-]+\s+){0,3}?(?:school|college|university|academy|sixth\s+form|uni|nursery|kindergarten)\b/i.exec(t)) && !TAUGHT_NOT_SUBJECT.test(m[1])) v = `${m[1].toLowerCase()} teacher`;
  // "…joined Canva as a designer", "accepted an offer from Spotify as a senior data scientist".
  if (!v && (m = /\bas\s+(?:a|an)\s+(.+)/i.exec(t)) && /\b(?:work|job|joined|hired|start|offer|accepted|signed|promoted|position|role)/i.test(t)) v = title(m[1], true);
  if (!v && (m = /\bafter\s+(?:\w+\s+){1,3}(?:as\s+(?:a|an)\s+)(.+)/i.exec(`${c.pre} ${t}`))) {
    const x = title(m[1], true);
    if (x) out.push({ key: 'job_title', value: x, op: 'history', confidence: 0.85 });
  }
  // Being retired is a state ("I'm retired", "retired now"); retiring on a day or since then is an event, not a title.
  if (!v && /^(?:am\s+(?:now\s+)?(?:happily\s+|fully\s+|semi-)?retired\b|(?:just\s+|finally\s+)?retired\s*(?:now|these\s+days)?\s*(?:[.!,;]|$))/i.test(t) && !/\bsince\s+(?:I|we)\s+retired\b/i.test(c.sentence) && c.subject.self) v = 'retired';
  // "I'm freelancing for now", "been self-employed since 2020", "I'm contracting these days": the way of working is the title.
  if (!v && (m = /^(?:am|is|are|have\s+been|has\s+been|been)\s+(?:now\s+|currently\s+|still\s+|mostly\s+|just\s+)?(freelancing|freelance|a\s+freelancer|self-employed|contracting|an?\s+independent\s+contractor)\b/i.exec(t)) && !c.negated)
    v = /freelanc/i.test(m[1]) ? 'freelancer' : /self/i.test(m[1]) ? 'self-employed' : 'contractor';
  if (!v && (m = RUNS_OWN_BUSINESS.exec(t)))
    v = `${m[1].toLowerCase()} owner`;
  if (v && !/^(?:bit|lot|fan|mom|dad|mother|father|parent|vegan|vegetarian|big|huge|little)$/.test(v)) out.push({ key: 'job_title', value: v, ...starts });
  return out;
};

/**
 * A role given to the speaker by others: "they made me head chef", "my boss named me shift lead", "the board
 * appointed me treasurer" (an occupation only) is the speaker's title, whoever the clause's subject is. Also run on
 * clauses with no attributed subject ("they …"), see offline-extractor DETACHED_RULES.
 */
export const roleGiven: Rule = (c) => {
  const m = /\b(?:made|named|appointed)\s+me\s+(?!as\b)(?:the\s+)?(?:new\s+)?(?:a\s+|an\s+)?([\w\s-]+)/i.exec(c.sentence);
  if (!m || c.negated || /\b(?:if|would|might|could|should)\b/i.test(c.sentence)) return [];
  const np = cutValue(m[1], /\s+(?:at|for|with|in|on|from|who|that|and|of|because|after|last|this|today|yesterday)\b/i);
  if (!np || np.split(/\s+/).length > 4 || !isOccupation(np)) return [];
  return [{ key: 'job_title', value: np.toLowerCase(), op: 'assert', subject: c.speaker }];
};

const PLACE_STOP = /\s+(?:for|since|with|near|by|because|to)\b/i;
function place(text: string): string | null {
  let p = properSpan(text.trim().replace(/^(?:the\s+)?(?:city|town|state|village)\s+of\s+/i, ''));
  if (!p) {
    // "a tiny village in Cornwall", "out of a van in New Zealand": a common-noun head located in a named place.
    const nested = /^(?:(?:a|an|the|my|our)\s+)?(?:[a-z][\w-]*\s+){1,3}?(?:in|near|outside(?:\s+of)?|just\s+outside)\s+([\p{Lu}].*)$/u.exec(text.trim());
    if (nested && !/^(?:the\s+)?(?:middle|end|start|beginning|summer|winter|spring|autumn|fall)\b/i.test(text.trim())) p = properSpan(nested[1]);
  }
  if (!p) return null;
  if (MONTHS.has(p.toLowerCase()) || /^(?:Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)$/i.test(p)) return null;
  return cutValue(p, PLACE_STOP) || null;
}

const location: Rule = (c) => {
  const out: Draft[] = [];
  const t = c.core;
  let m: RegExpExecArray | null;
  const future = /\b(?:will|going\s+to|gonna|planning\s+to|plan\s+to|about\s+to|next)\b|^(?:am|are|is)\s+moving\b/i.test(t);
  // "I should move to Lisbon", "we might relocate to Porto": a modal move is advice or a thought, not a move.
  if (/\b(?:should|shall|could|might|may|ought\s+to|would|need\s+to|want\s+to|wants\s+to|considering|thinking\s+(?:about|of))\s+(?:\w+\s+)?(?:move|moving|relocate|relocating|live|living)\b/i.test(t)) return [];
  // A dated move bounds the places it joins: "moved here from Berlin two years ago" ends Berlin then, not today.
  const bound = c.date && !future ? boundOf(c.date) : null;
  const left: Partial<Draft> = bound ? { validTo: bound } : {};
  const since: Partial<Draft> = bound ? { validFrom: bound } : {};
  // "I'm still Pretoria-based", "we're Leeds-based now": a place compounded with "-based" is where one lives.
  if ((m = /^(?:am|is|are)\s+(?:still\s+|now\s+|currently\s+)?([\p{Lu}][\p{L}]+(?:\s+[\p{Lu}][\p{L}]+)?)-based\b/u.exec(t)) && !c.negated && !future) return [{ key: 'location', value: m[1], ...since }];
  if ((m = /\b(?:left|leaving)\s+([\p{Lu}].+)/u.exec(t)) && PLACE_MOVE.test(c.sentence) && !/\b(?:job|work|company|team)\b/i.test(c.sentence)) {
    // "we finally left Manchester in March and now we're settled in Leeds"
    const from = place(m[1]);
    if (from) out.push({ key: 'location', value: from, op: 'history', ...left });
  }
  if ((m = /\b(?:moved|moving|relocated|relocating|move|relocate)\s+(?:back\s+)?(?:in(?:to)?\s+(?:a|an|the|our|my)\s+(?:new\s+)?(?:house|flat|apartment|place|home|condo)\s+in|in\s+together\s+in|(?:in)?to)\s+(.+)/i.exec(t))) {
    const to = place(m[1]);
    const fromM = /\bfrom\s+(.+)/i.exec(m[1]);
    const from = fromM ? place(fromM[1]) : null;
    if (to && !future) {
      out.push({ key: 'location', value: to, metadata: from ? { previous: from } : undefined, ...since });
      if (from) out.push({ key: 'location', value: from, op: 'history', metadata: { next: to }, ...left });
    }
    if (to && (c.date || future)) out.push({ key: 'event_move', value: `${future ? 'moving' : 'moved'} to ${to}`, type: 'event', eventDate: c.date?.iso ?? null, metadata: { ...(from ? { previous: from } : {}), ...(c.date ? { dateText: c.date.text } : {}) } });
    return out;
  }
  // "relocated from Denver to Austin": the place after "to" is the new home, the one after "from" the old one.
  if ((m = /\b(?:moved|moving|relocated|relocating|emigrated|upped\s+sticks)\s+(?:back\s+)?(?:all\s+the\s+way\s+)?from\s+([\p{Lu}][^,;]*?)\s+(?:to|over\s+to|down\s+to|up\s+to|out\s+to)\s+([\p{Lu}].*)/u.exec(t.replace(/^[\p{Lu}]/u, (x) => x.toLowerCase())))) {
    const from = place(m[1]);
    const to = place(m[2]);
    if (from && to) {
      if (!future) {
        out.push({ key: 'location', value: to, metadata: { previous: from }, ...since });
        out.push({ key: 'location', value: from, op: 'history', metadata: { next: to }, ...left });
      }
      out.push({ key: 'event_move', value: `${future ? 'moving' : 'moved'} to ${to}`, type: 'event', eventDate: c.date?.iso ?? null, metadata: { previous: from, ...(c.date ? { dateText: c.date.text } : {}) } });
      return out;
    }
  }
  if ((m = /\b(?:moved|came|relocated|emigrated|immigrated)\s+(?:here\s+|over\s+)?from\s+(.+)/i.exec(t))) {
    const from = place(m[1]);
    if (from) {
      out.push({ key: 'location', value: from, op: 'history', ...left });
      if (c.date) out.push({ key: 'event_move', value: `moved from ${from}`, type: 'event', eventDate: c.date.iso, metadata: { dateText: c.date.text } });
    }
    // "I've lived in Tokyo for three years now, moved from Seoul": the current place may be in the same clause.
  }
  if ((m = /\b(live|lives|living|lived|reside|resides|residing|based|located|settled|stay|staying)\s+(?:(?:here\s+)?in|(?:out|over|down|up|back)\s+in|at|out\s+of|(?:just\s+)?(?:outside(?:\s+of)?|near|close\s+to|north\s+of|south\s+of|east\s+of|west\s+of))\s+(.+)/i.exec(t))) {
    const p = place(m[2]);
    // "…the Queen of England who lives in Buckingham Palace": a relative clause on someone else's noun.
    const relative = (m.index ?? 0) > 0 && /\b(?:who|that|which)\s+(?:\w+\s+)?$/i.test(t.slice(0, m.index));
    if (p && !relative) {
      const past = /^lived$/i.test(m[1]) && !/\b(?:have|has)\s+lived\b/i.test(t);
      out.push({ key: 'location', value: p, ...(past ? { op: 'history' as const } : {}) });
    }
  }
  if (!out.some((d) => d.op !== 'history') && (m = /^(?:have\s+been|has\s+been|been)\s+(?:here\s+)?in\s+([\p{Lu}].+)/u.exec(t)) && (TENURE.test(t) || /\bfor\s+(?:a\s+decade|decades|ages|years|months|a\s+while|a\s+long\s+time)\b/i.test(t))) {
    // "I've been in Lisbon for a decade"
    const p = place(m[1]);
    if (p) {
      out.push({ key: 'location', value: p, confidence: 0.8 });
      // "I've been in Lisbon two years, moved here from Toronto": the move's destination is the place named.
      const prev = out.find((d) => d.op === 'history' && d.key === 'location');
      if (prev && /\bmoved\s+here\b/i.test(t)) out.push({ key: 'event_move', value: `moved to ${p}`, type: 'event', eventDate: c.date?.iso ?? null, metadata: { previous: prev.value } });
    }
  }
  if (!out.length && (m = /\b(?:working|work|works)\s+(?:remotely\s+|from\s+home\s+in\s+)?from\s+(.+)/i.exec(t))) {
    const p = place(m[1]);
    if (p) out.push({ key: 'location', value: p, confidence: 0.75 });
  }
  if (!out.length && (m = /\b(?:bought|buying|rented|renting|rent|own|got)\s+(?:a|an|our|my|the)\s+(?:new\s+|first\s+|little\s+|small\s+)?(?:flat|house|apartment|place|home|condo|cottage|townhouse)\s+in\s+(.+)/i.exec(t))) {
    const p = place(m[1]);
    if (p) out.push({ key: 'location', value: p, confidence: 0.8 });
  }
  // "got the keys to my own place in Oakland", "picked up the keys to our new flat in Leith": moving in.
  if (!out.length && !future && (m = /\b(?:got|get|getting|picked\s+up|collected|received)\s+(?:the\s+)?keys\s+(?:to|for)\s+(?:a|an|our|my|the)\s+(?:own\s+|new\s+|first\s+|very\s+own\s+|little\s+)*(?:flat|house|apartment|place|home|condo|cottage|townhouse|studio)\s+in\s+(.+)/i.exec(t))) {
    const p = place(m[1]);
    if (p) {
      out.push({ key: 'location', value: p, confidence: 0.8 });
      if (c.date) out.push({ key: 'event_move', value: `moved to ${p}`, type: 'event', eventDate: c.date.iso, metadata: { dateText: c.date.text } });
    }
  }
  // "I'm a nurse in Leeds", "I'm a data analyst at Deloitte in Chicago", "I work at Google in Zurich" (a named
  // employer only: "a line cook at a ramen place in Shoreditch" places the restaurant, not the speaker's home).
  if (!out.length && ((m = /^(?:am|is|are)\s+(?:a|an)\s+([\w\s-]+?)(?:\s+(?:at|for|with)\s+[\p{Lu}][\p{L}\p{N}&.'-]*(?:\s+[\p{Lu}][\p{L}\p{N}&.'-]*)*)?\s+(?:(?:back|out|over|up|down)\s+(?:home\s+)?)?(?:in|based\s+in)\s+(.+)/u.exec(t)) && isOccupation(m[1]) ||
      (m = /^(?:work|works)\s+(?:at|for)\s+([\p{Lu}][\p{L}\p{N}&.'-]*(?:\s+[\p{Lu}][\p{L}\p{N}&.'-]*)*)\s+(?:in|based\s+in)\s+(.+)/u.exec(t)))) {
    const p = place(m[2]);
    if (p) out.push({ key: 'location', value: p, confidence: 0.7 });
  }
  if (!out.length && (m = /^(?:home\s+(?:for\s+(?:me|us)\s+)?(?:is|has\s+been)|(?:my|our)\s+home\s+is(?:\s+in)?)\s+(?:now\s+)?(.+)/i.exec(c.text))) {
    const p = place(m[1]);
    if (p) out.push({ key: 'location', value: p, subject: c.speaker });
  }
  return out;
};

/**
 * "London's been home since uni", "Lisbon is home now", "Leeds has always been our home": a named
 * place said to be home is where the speaker lives. The clause has no personal subject, so this
 * also runs on unattributed clauses (the value is the speaker's). "Paris is home to the Louvre" is not.
 */
export const placeIsHome: Rule = (c) => {
  // "Cardiff please, that's home these days", "Leeds — that's where I live": a place named, then called home.
  const back = /^([\p{Lu}][\p{L}.'-]*(?:\s+[\p{Lu}][\p{L}.'-]*){0,2}?)(?:\s+(?:please|thanks|mostly|now))?\s*(?:,|[-–—]+)\s*(?:that|it)\s+(?:is|has\s+been)\s+(?:(?:now|always|basically|finally)\s+)?(?:(?:my|our)\s+home\b|home\b(?!\s+(?:to|of))|where\s+(?:I|we)\s+(?:live|am\s+based)\b)/u.exec(c.text.trim());
  if (back && !c.negated) {
    const p = place(back[1]);
    if (p && !/^(?:It|That|This|There|Here|Home|Work|Yes|No|Sure|Thanks|Ok|Okay)$/.test(p)) return [{ key: 'location', value: p, subject: c.speaker }];
  }
  // "I'm flying out of Manchester since that's where I live now", "book it near Leeds, because that's where we're based":
  // a place named, then given as where the speaker lives.
  const why = /\b(?:in|of|from|to|near|around)\s+([\p{Lu}][\p{L}.'-]*(?:\s+[\p{Lu}][\p{L}.'-]*)?)\s*,?\s+(?:since|because|as|cos|cause)\s+(?:that|it)(?:\s+is|'s|’s)\s+(?:where\s+(?:I|we)(?:\s+(?:am|are)|'m|’m|'re|’re)?\s+(?:live|living|based)\b|(?:my|our)\s+home\b)/u.exec(c.sentence);
  if (why && !c.negated) {
    const p = place(why[1]);
    if (p && !/^(?:It|That|This|There|Here|Home|Work)$/.test(p)) return [{ key: 'location', value: p, subject: c.speaker }];
  }
  const m = /^([\p{Lu}][\p{L}.'-]*(?:\s+[\p{Lu}][\p{L}.'-]*){0,2}?)(?:'s|’s|\s+is|\s+has)\s+(?:(?:now|always|basically|finally|officially)\s+)?(?:been\s+)?(?:(?:now|always)\s+)?(?:(?:my|our)\s+)?home\b(?!\s+(?:to|of|for\s+(?:sale|rent|the|a\s+(?!decade|year|while|few|couple))|page|screen|run|made|office|team|game|town|turf|improvement|visit|grown|cooked))/u.exec(c.text.trim());
  if (!m || c.negated) return [];
  const p = place(m[1]);
  if (!p || /^(?:It|That|This|There|Here|He|She|They|Home|Work)$/.test(p)) return [];
  return [{ key: 'location', value: p, subject: c.speaker }];
};

const hometown: Rule = (c) => {
  const t = c.core;
  let m: RegExpExecArray | null;
  let v: string | null = null;
  if ((m = /^(?:am|is|are)\s+(?:originally\s+)?from\s+(.+)/i.exec(t))) v = place(m[1]);
  else if ((m = /(?:\b(?:was|were)\s+|^)born\s+(?:and\s+(?:raised|bred)\s+)?in\s+(.+)/i.exec(t))) v = place(m[1]);
  else if ((m = /\bhometown\s+is\s+(.+)/i.exec(t))) v = place(m[1]);
  // "I'm a Glasgow girl born and bred", "a Leeds native", "a Jersey boy through and through".
  else if ((m = /^(?:am|is|are)\s+(?:a|an)\s+(?:proud\s+)?([\p{Lu}][\p{L}-]*(?:\s+[\p{Lu}][\p{L}-]*)?)\s+(?:native|(?:girl|boy|lad|lass|gal|guy|kid|man|woman)\s+(?:born\s+and\s+(?:bred|raised)|through\s+and\s+through))\b/u.exec(t))) v = place(m[1]);
  return v ? [{ key: 'hometown', value: v }] : [];
};

/** A degree named by its kind and subject ("a Masters in Public Health", "BSc in Nursing", "first class degree in History"). */
const DEGREE_KINDS = "master'?s|bachelor'?s|ph\\.?d\\.?|doctorate|mba|msc|bsc|ba|ma|diploma|degree";
const DEGREE = new RegExp(`\\b((?:a\\s+)?(?:${DEGREE_KINDS}|associate'?s)(?:\\s+degree)?\\s+in\\s+.+)`, 'i');
/** A named degree the speaker completed: "defended my PhD", "finished my MBA", "got my MSc". */
const DEGREE_DONE = /\b(?:defended|finished|completed|passed|got|earned|(?:been|was)\s+awarded)\s+my\s+(ph\.?d\.?|doctorate|mba|msc|bsc|master'?s|bachelor'?s|llb|llm)(?![\p{L}'’-])(?!\s+(?:application|interview|proposal|place|offer))/iu;
/** A degree opening a fragment, after its grade or honours ("first class degree in …", "joint honours BA in …"). */
const DEGREE_OPENING = new RegExp(`^(?:(?:a|an|my|the|first[\\s-]class|second[\\s-]class|2:1|2:2|first)\\s+)*(?:(?:honours|hons|joint)\\s+)?(?:${DEGREE_KINDS}|llb|llm)\\b`, 'i');

/**
 * A verbless degree after the speaker's own graduation: "Graduated today!! Masters in Public Health, gown, the lot."
 * The sentence before has no subject of its own or "I" / "we", and a verb of finishing a course.
 */
export const degreeFragment: Rule = (c) => {
  const prev = c.prevSentence?.trim() ?? '';
  if (!/^(?:(?:just|finally|officially|so|and|i|i['’]ve|we|i\s+have|i\s+just)\s+)*(?:graduated|graduating|passed|finished|completed|got|been\s+awarded)\b/i.test(prev)) return [];
  const d = DEGREE_OPENING.test(c.text.trim()) ? DEGREE.exec(c.text) : null;
  const v = d ? cutValue(d[1], /\s+(?:right|now)\b/i) : null;
  return v ? [{ key: 'education', value: v, subject: c.speaker }] : [];
};

const education: Rule = (c) => {
  const t = c.core;
  let m: RegExpExecArray | null;
  if (/\b(?:want|wants|planning|hoping|hope|plan|plans)\s+(?:to|on)\b|\b(?:thinking\s+(?:about|of)|considering|might|maybe)\b/i.test(t)) return [];
  if ((m = DEGREE.exec(t))) {
    const v = cutValue(m[1], /\s+(?:right|now)\b/i);
    if (v) return [{ key: 'education', value: v }];
  }
  // "Defended my PhD this morning", "finished my MBA": a degree the speaker completed (a bare "degree" names none).
  if ((m = DEGREE_DONE.exec(t))) return [{ key: 'education', value: m[1] }];
  if ((m = /\b(?:studied|study|studies|studying|majored\s+in|major\s+in|majoring\s+in)\s+(.+)/i.exec(t))) {
    const v = cutValue(m[1]);
    // "studying Korean" is a language being learnt (the language rules), not a course of education.
    if (v && v.split(/\s+/).length <= 6 && !LANGS.test(v) && !/^(?:hard|a\s+lot|for|to|with|at|in|on|about|up|so|more|late|together|abroad|online)\b/i.test(v)) return [{ key: 'education', value: v }];
  }
  if ((m = /\bgraduated\s+from\s+(.+)/i.exec(t))) {
    const v = org(m[1]) ?? cutValue(m[1]);
    if (v) return [{ key: 'education', value: v }];
  }
  if ((m = /\b(?:went|go|goes|attend|attended|attending|enrolled\s+(?:at|in))\s+(?:to\s+)?(.+)/i.exec(t))) {
    const v = org(m[1]);
    if (v && /\b(?:School|University|College|Academy|Institute|Polytechnic|Conservatory|Univ)\b|^(?:MIT|UCLA|NYU|LSE|ETH|Oxford|Cambridge|Harvard|Stanford|Yale|Princeton)$/.test(v)) return [{ key: 'education', value: v }];
  }
  return [];
};

/** "at 74" not followed by a unit, a time or a clock reading. */
const AT_AGE = re(`\\bat\\s+(?:the\\s+(?:grand\\s+|ripe\\s+(?:old\\s+)?)?age\\s+of\\s+)?(\\d{2,3})\\b(?![.:,]?\\d|\\s*(?:%|${MEASURE_UNITS.join('|')}|o['’]?clock|mph|kph|quid|p\\b|percent|per\\b)\\b)`, 'i');
/** A cheap first look for "at <number>" (spelled or in digits) before the clause's numbers are spelled out. */
const AT_NUMBER = /\bat\s+(?:the\s+\w+\s+(?:old\s+)?age\s+of\s+|the\s+age\s+of\s+)?(?:\d|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen)/i;
/** A number said as someone's age in passing ("at 74", "hit 65", "58 as of Saturday"): 13 to 110 (younger is a child's, said otherwise). */
const spokenAge = (n: string) => Number(n) >= 13 && Number(n) < 111;

/** A clause about now: present or perfect, or an adverb of the present. */
const CURRENT = /^(?:(?:just|still|finally|now|also|only)\s+)*(?:am|is|are|has|have|does|do)\b|\b(?:now|still|just|finally|currently|these\s+days)\b/i;

/**
 * The speaker's age as a fragment with no subject: "officially 71 today", "58 as of Saturday", "forty-three and I have
 * just discovered naps". A number of years 13–110 then "today", "as of", "since" or "and I…".
 */
export const ageFragment: Rule = (c) => {
  // "hit 40 on Thursday", "turned 66 on Friday": a birthday number reached, nothing measured after it.
  const reached = /^(?:(?:just|finally|officially|only)\s+)*(?:hit|reached|turned)\s+(\d{2,3})(?=\s*(?:[.!,;]|$|\s+(?:on|last|this|yesterday|today|and|at\s+the\s+weekend)\b))/i.exec(spelledToDigits(c.text.trim()));
  if (reached && c.subject.self && !c.negated && spokenAge(reached[1])) return [{ key: 'age', value: reached[1], subject: c.speaker }];
  const m = /^(?:(?:officially|finally|now|just|only)\s+)*(\d{2,3})(?:\s+years?\s+(?:old|young))?\s*(?:(?:today|tomorrow)(?=\s*(?:[.,!;]|$|\s+(?:and|so|but|y['’]?all|lol|haha|finally|at\s+last)\b))|as\s+of\b|since\b|(?:,\s*|\s+)and\s+(?:I|I'm|I\s+am|I've|I\s+have|still|feeling|counting)\b)/i.exec(spelledToDigits(c.text.trim()));
  if (m && c.subject.self && !c.negated && spokenAge(m[1])) return [{ key: 'age', value: m[1], subject: c.speaker }];
  // A message that opens with a bare number and "and" said of the speaker (its first sentence; after a sentence about
  // someone or an animal, the number is theirs): "64 and finally having swimming lessons".
  const opens = c.sentence.trim() === c.text.trim() || c.text.trim().startsWith(c.sentence.trim().slice(0, 12)) ? personAgeFragment(c.text) : null;
  if (opens && c.subject.self && !c.negated && !c.prevSentence && spokenAge(opens) && /^\s*\d/.test(spelledToDigits(c.sentence.trim()))) return [{ key: 'age', value: opens, subject: c.speaker }];
  // "46, mum of three (…)", "29, nurse, moving to Leeds": a message opening with the speaker's age, then what they are.
  const role = c.prevSentence ? null : AGE_THEN_ROLE.exec(c.text.trim());
  if (role && c.subject.self && spokenAge(role[1]) && (SELF_ROLES.has(role[2].toLowerCase()) || OCCUPATIONS.has(role[2].toLowerCase()))) return [{ key: 'age', value: role[1], subject: c.speaker }];
  // An age fronted before the speaker's clause about now: "at 91 I reckon I'm allowed…" ("at 30 I moved" is history).
  const fronted = /^\s*at\s+(\d{2,3})\s*,?\s*$/i.exec(spelledToDigits(c.pre)) ?? (c.pre ? null : /^\s*at\s+(\d{2,3})\s*,?\s+(?=I\b)/i.exec(spelledToDigits(c.sentence)));
  // The clause's tense is its first verb's ("I reckon I'm allowed" is now; "I moved" is history).
  const verb = fronted ? /^\s*at\s+\d{2,3}\s*,?\s+I\s+([\p{L}'’]+)/iu.exec(spelledToDigits(c.sentence))?.[1] : undefined;
  if (fronted && c.subject.self && !(verb ? PAST_CUE.test(verb) : c.past) && !c.negated && spokenAge(fronted[1])) return [{ key: 'age', value: fronted[1], subject: c.speaker }];
  // The speaker's age as a gerund subject: "being 58 is not a reason to stop me…" (a first-person word in the sentence).
  const being = /^\s*being\s+(\d{2,3})\s+(?:is|was|does|doesn['’]t|means|has|isn['’]t)\b/i.exec(spelledToDigits(c.sentence));
  if (being && spokenAge(being[1]) && /\b(?:me|my|I)\b/.test(c.sentence.slice(being[0].length))) return [{ key: 'age', value: being[1], subject: c.speaker }];
  return [];
};

/** A message's opening age and the role after it ("46, mum of three", "52, retired teacher"). */
const AGE_THEN_ROLE = /^(\d{2,3})\s*,\s*(?:(?:a|an|proud|busy|single|working|retired|newly|full-time|part-time|stay-at-home)\s+)*([\p{L}-]+)/iu;
/** Roles a speaker names themself by after their age that are no occupations: a parent or grandparent, a spouse. */
const SELF_ROLES: ReadonlySet<string> = new Set(['mum', 'mom', 'mother', 'mama', 'dad', 'father', 'daddy', 'parent', 'grandma', 'grandmother', 'nan', 'granny', 'grandad', 'granddad', 'grandpa', 'grandfather', 'wife', 'husband', 'widow', 'widower', 'student', 'retiree', 'pensioner']);

/**
 * A verbless age after a clause about someone: "…, 52 and still climbing into lofts", "…, thirty-four and already going
 * grey". A number 1–110 with nothing measured after it, then "and" and a word (not a second number: "40 and 50 miles").
 */
export function personAgeFragment(text: string): string | null {
  const m = /^(?:(?:only|just|nearly|almost|still)\s+)?(\d{1,3})(?:\s+years?\s+old)?\s*,?\s+and\s+([\p{L}]+)/iu.exec(spelledToDigits(text.trim()));
  if (!m || Number(m[1]) < 1 || Number(m[1]) > 110 || NUMBER_WORD.test(m[2])) return null;
  return m[1];
}
const NUMBER_WORD = /^(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred|half|a)$/i;

const ageBirthday: Rule = (c) => {
  // "I'm thirty-six" is "I'm 36" (spelled numbers are read in the copula form only: "turned five" may be a pet's).
  const t = c.core;
  let m: RegExpExecArray | null;
  if ((m = /^(?:am|is|are)\s+(?:now\s+|only\s+|almost\s+|nearly\s+|turning\s+)?(\d{1,3})(?:\s*(?:years?\s+old|yrs?\s+old|yo|y\/o))?\s*(?:[.!,;]|$|\s+(?:and|but|now|today|this|actually|already|though|lol|going\s+on|not|by\s+the\s+way|btw|fyi|for\s+the\s+record|with\s+(?:a|an|two|three|four|five|\d|my|no)\b))/i.exec(spelledToDigits(t))) && Number(m[1]) > 0 && Number(m[1]) < 120)
    return [{ key: 'age', value: m[1] }];
  // The subject's own birthday: "turned" opens the predicate ("our cat Miso turned 3" is the cat's, not the speaker's).
  // (or a later predicate of the same subject: "…, lives in Leeds, turned 47 on Sunday"). About someone else, the clause is theirs.
  if ((m = (c.subject.self ? /(?:^|[,;]\s*|\s(?:and|but)\s+)(?:(?:just|finally|only|officially|recently|has|have|had|also|now)\s+)*turned\s+(\d{1,3})\b/i : /\bturned\s+(\d{1,3})\b/i).exec(t))) return [{ key: 'age', value: m[1] }];
  // "Nan Peggy was 93 on Sunday": a birthday just had, told in the past.
  if ((m = /^was\s+(\d{1,3})\s+(?:on|last|yesterday)\b/i.exec(t)) && Number(m[1]) > 0 && Number(m[1]) < 111) return [{ key: 'age', value: m[1] }];
  // "hit 65 last week", "reached 90 on Sunday": a birthday number with nothing measured after it (not "hit 50 mph").
  if ((m = /\b(?:hit|reached)\s+(\d{2,3})(?=\s*(?:[.!,;]|$|\s+(?:on|last|this|yesterday|today|in|and|at\s+the\s+weekend)\b))/i.exec(t)) && spokenAge(m[1])) return [{ key: 'age', value: m[1] }];
  // "turned thirty-two on Sunday", "I turned forty": spelled out, only when the speaker is the one who turned it (a
  // clause opening with "turned" or "I turned"; "she turned five" may be a pet's or a child's).
  if (c.subject.self && /^(?:(?:i|just|finally|only|officially)\s+)*turned\s/i.test(c.text.trim()) && (m = /^(?:(?:i|just|finally|only|officially)\s+)*turned\s+(\d{2,3})\b/i.exec(spelledToDigits(c.text.trim()))) && Number(m[1]) < 111) return [{ key: 'age', value: m[1] }];
  // "is learning Irish at 74", "At 58 I have finally learned to swim": an age the subject does something at, when the
  // clause is about now (present or perfect, or a now/still/just/finally) — "moved to Spain at 30" is history.
  if (AT_NUMBER.test(c.text) && (m = AT_AGE.exec(spelledToDigits(c.text))) && spokenAge(m[1]) && CURRENT.test(t)) return [{ key: 'age', value: m[1] }];
  if ((m = /\b(\d{1,3})\s+years?\s+old\b/i.exec(t)) && /^(?:am|is|are)\b/i.test(t)) return [{ key: 'age', value: m[1] }];
  if ((m = /\bbirthday\s+is\s+(?:on\s+)?(?:the\s+)?(.+)/i.exec(c.text)) && c.subject.self) {
    const v = birthdayValue(m[1]);
    if (v) return [{ key: 'birthday', value: v }];
  }
  if ((m = /\bborn\s+on\s+(?:the\s+)?(.+)/i.exec(t))) {
    const v = birthdayValue(m[1]);
    if (v) return [{ key: 'birthday', value: v }];
  }
  return [];
};

function birthdayValue(raw: string): string | null {
  const s = raw.replace(/[.!?,;].*$/, '').replace(/(\d+)(?:st|nd|rd|th)\b/gi, '$1').replace(/\s+of\s+/i, ' ').trim();
  if (!/\d/.test(s) || !/[a-z]/i.test(s)) return null;
  return s.split(/\s+/).slice(0, 3).join(' ');
}

const LANG = re(`\\b(${LANG_RE})\\b`, 'gi');
/** Proficiency in a language: "fluent in", "conversational in", "getting by in", "bilingual in". */
const PROFICIENT_IN = /\b(?:fluent|conversational|bilingual|trilingual|proficient|passable|competent|(?:getting|get|gets|got)\s+by)\s+in\s+(.+)/i;
const language: Rule = (c) => {
  const t = c.core;
  let m: RegExpExecArray | null;
  let span: string | null = null;
  let meta: Record<string, unknown> | undefined;
  if ((m = /\b(?:speak|speaks|speaking|spoke|spoken)\s+(.+)/i.exec(t))) span = m[1];
  else if ((m = PROFICIENT_IN.exec(t))) span = m[1];
  else if ((m = /\b(?:native|first|mother)\s+(?:language|tongue)\s+is\s+(.+)/i.exec(c.text))) span = m[1];
  else if ((m = /\b(?:learning|studying|practicing|practising|taking|take|took|started)\s+(.+)/i.exec(t)) && (/^(?:learning|studying|practicing|practising)/i.test(m[0].trim()) || /^(?:\w+\s+)?(?:lessons|classes|a\s+class|a\s+course)\b/i.test(m[1].replace(LANG, '').trim()))) {
    span = m[1];
    meta = { level: 'learning' };
  }
  if (!span) return [];
  const out: Draft[] = [];
  // A list of languages ends at a comma that opens something else ("Tamil and Malay, rubbish at Spanish").
  const list = span.split(/[.!?;]/)[0];
  const cut = re(`,(?!\\s*(?:and\\s+|or\\s+)?(?:${LANG_RE})\\b)`, 'i').exec(list);
  for (const l of (cut ? list.slice(0, cut.index) : list).matchAll(LANG)) out.push({ key: 'language', value: titleCase(l[1].toLowerCase()), metadata: meta, confidence: meta ? 0.8 : undefined });
  // "Fluent in Farsi, getting by in Dutch": a later proficiency after the cut opens a list of its own.
  const later = cut ? PROFICIENT_IN.exec(list.slice(cut.index)) : null;
  if (later) for (const d of language({ ...c, core: later[0], text: later[0] })) if (!out.some((o) => o.value === d.value)) out.push(d);
  return out;
};

const NATIONALITY = /^(?:american|canadian|british|english|irish|scottish|welsh|french|german|italian|spanish|portuguese|brazilian|mexican|indian|chinese|japanese|korean|australian|dutch|swedish|norwegian|danish|finnish|polish|russian|ukrainian|greek|turkish|egyptian|nigerian|kenyan|african|european|asian|latino|latina|jewish|muslim|christian|catholic|vegan|vegetarian|single|married|fine|good|okay|ok|back|here|home|ready|done|sorry|new|tired|busy)$/i;
/** "Hi! I'm Maya.", "My name is Tomás", "Call me Jo". */
const name: Rule = (c) => {
  if (!c.subject.self) return [];
  let m: RegExpExecArray | null;
  if ((m = /\b(?:[Mm]y\s+name\s+is|[Mm]y\s+name's|[Cc]all\s+me|[Pp]eople\s+call\s+me)\s+([\p{Lu}][\p{L}'’-]+)\b/u.exec(c.text)) && !NATIONALITY.test(m[1])) return [{ key: 'name', value: m[1] }];
  if (((m = /^am\s+([\p{Lu}][\p{L}'’-]+)\s*(?:[.!,]|$)/u.exec(c.pred.trim())) || (m = /^I\s+am\s+([\p{Lu}][\p{L}'’-]+)\s+(?:and|but)\s+I\b/u.exec(c.text.trim()))) && !NATIONALITY.test(m[1]) && !LANGS.test(m[1]) && !/^I$/.test(m[1])) return [{ key: 'name', value: m[1], confidence: 0.85 }];
  return [];
};
const LANGS = new RegExp(`^(?:${LANG_RE})$`, 'i');

const goal: Rule = (c) => {
  const t = c.core;
  const m = /\b(?:want|wants|hoping|hope|plan|planning|thinking\s+(?:about|of)|considering|aiming|goal\s+is|dream\s+is|working\s+towards?)\s+(?:to\s+)?((?:become|becoming|be\s+a|study|studying|learn|learning|get|getting|start|starting|open|opening|run|running|write|writing|go\s+back\s+to|going\s+back\s+to|adopt|adopting|buy|buying|move|moving|travel|traveling|travelling|switch|switching|pursue|pursuing|train|training|finish|finishing|become)\s+.+)/i.exec(
    t,
  );
  if (!m) return [];
  const v = cutValue(m[1], /\s+(?:so\s+that|to\s+help)\b/i);
  return v && v.split(/\s+/).length <= 8 ? [{ key: 'goal', value: v.toLowerCase(), confidence: 0.75 }] : [];
};

const AWAY = /\b(?:visit|visiting|visited|trip|holiday|vacation|conference|weekend|layover|passing\s+through|business|hotel|staying|stay|tour|touring|for\s+(?:a|the)\s+(?:week|day|night|few)|this\s+week|few\s+days|back\s+home|you|your)\b/i;
/**
 * "Weather's miserable here in Leeds again", "it's 30 degrees here in Madrid": the speaker talking
 * from a named place, with nothing marking a visit, lives there (confidence 0.7). "I'm here in Rome
 * for a conference" and "what's it like there in Oslo?" are not.
 */
export const hereIn: Rule = (c) => {
  const m = /\b(?:here|over\s+here|up\s+here|down\s+here|out\s+here)\s+in\s+([\p{Lu}][\p{L}.'-]*(?:\s+[\p{Lu}][\p{L}.'-]*)?)/u.exec(c.text);
  if (!m || c.negated || !(c.subject.self || !c.text.trim().match(/^(?:my|our|his|her|their|he|she|they)\b/i)) || AWAY.test(c.sentence)) return [];
  const p = place(m[1]);
  return p ? [{ key: 'location', value: p, subject: c.speaker, confidence: 0.7 }] : [];
};

/** "I'm still up in Dunfermline", "we're still over in Halifax": still being in a place is living there (a visit has no "still"). */
const stillIn: Rule = (c) => {
  const m = /^(?:am|are)\s+still\s+(?:(?:up|down|over|out|back)\s+)?in\s+(.+)/i.exec(c.core);
  const p = m && c.subject.self && !c.negated ? place(m[1]) : null;
  return p ? [{ key: 'location', value: p }] : [];
};

export const PERSONAL_FACT_RULES: Rule[] = [stillIn, name, employer, jobTitle, roleGiven, location, placeIsHome, hereIn, hometown, education, ageBirthday, ageFragment, language, goal];
export { org, place, tidy };
