/**
 * @module core/extraction/rules/events
 * Dated events and plans: trips, job starts and losses, exams, interviews, appointments,
 * weddings, talks, milestones, and everyday activities of casual chat ("I went to a support
 * group yesterday", "I signed up for a pottery class"). An event needs a date expression or a
 * clear plan; generic activities are only taken when no fact rule explained the clause, and only from the
 * speaker's own clause (a third party's needs a named kind).
 */
import type { Clause, Draft } from '../model.ts';
import { dateSpans } from '../dates.ts';
import { re } from '../re.ts';
import { RELATIONS, RELATION_ADJ, RELATION_RE } from '../lexicon.ts';
import { DEFINITE_PAST_OCCASION, thirdPartyId } from '../subject-attribution.ts';
import type { Lexicon } from '../../ports.ts';
import { milestoneStage } from '../frames/milestone.ts';
import { bookedThing } from '../frames/booked.ts';

const KINDS: Array<[RegExp, string]> = [
  [/\b(?:job\s+)?interview/i, 'event_interview'],
  // Medical procedures: "had my wisdom teeth out", "she had her hip replaced", "getting a filling", "my MRI".
  [/\b(?:had|have|having|get|got|getting)\s+(?:(?:my|his|her|their|a|an|the|both|two|three|some)\s+)?(?:[\w-]+\s+){0,2}?(?:teeth|tooth|tonsils|appendix|gallbladder|hip|knee|cataracts?|moles?|stitches|cast|braces|brace|splint|bunions?|kidney\s+stones?|adenoids|cyst|lump|ovar(?:y|ies)|wart|ingrown\s+toenail)\s+(?:out|off|removed|replaced|pulled|extracted|done|fixed|operated\s+on|taken\s+out|drained|checked|scanned|x-?rayed)\b|\b(?:a|an|my|his|her|the)\s+(?:root\s+canal|filling|colonoscopy|endoscopy|biopsy|mri|ct\s+scan|x-?ray|ultrasound|mammogram|smear\s+test|blood\s+tests?|physio(?:therapy)?\s+session|procedure|vasectomy|c-section|hip\s+replacement|knee\s+replacement)\b/i, 'event_appointment'],
  [/\b(?:exam|exams|finals|midterms?|test|bar\s+exam|driving\s+test|defen[cs]e|viva|quiz)\b/i, 'event_exam'],
  [/\b(?:appointment|check-?up|surgery|operation|therapy\s+session)\b|\b(?:a|an|the|my|our)\s+(?:[\w-]+\s+){0,2}(?:meeting|review|consultation|hearing)\b/i, 'event_appointment'],
  [/\bwedding\b|\b(?:get|gets|getting|got)\s+married\b|\btying\s+the\s+knot\b/i, 'event_wedding'],
  [/\b(?:got|get|getting|gotten)\s+engaged\b|\bengagement\s+(?:party|dinner)\b|\bproposed\b/i, 'event_engagement'],
  // A coming birthday ("he turns 7 next Saturday"); a past one ("turned 30") is a milestone.
  [/\b(?:turns|turning|will\s+turn|going\s+to\s+turn|(?:^|(?<=\b(?:I|we|they)\s+))turn)\s+\d+\b/i, 'event_birthday'],
  [/\b(?:talk|presentation|keynote|pitch|demo\s+day)\b/i, 'event_talk'],
  [/\b(?:lost\s+my\s+job|laid\s+off|got\s+fired|was\s+fired)\b/i, 'event_job_loss'],
  [/\b(?:start|starting|started)\s+(?:my\s+new\s+job\s+|work\s+|a\s+new\s+job\s+)?(?:at|with)\s+[\p{Lu}]/u, 'event_job_start'],
  [/\b(?:kindergarten|preschool|first\s+day\s+of\s+school|(?:start|starts|started|starting)\s+(?:uni|university|college|school|kindergarten|nursery|high\s+school|secondary\s+school|daycare)|graduated|graduation|first\s+(?:steps|words?|tooth|haircut)|lost\s+(?:his|her|their|a)\s+(?:first\s+)?(?:baby\s+)?tooth|learned\s+to\s+(?:walk|talk|ride\s+a\s+bike)|was\s+born|turned\s+\d+|expecting\s+(?:a|our|my|their)\s+(?:first\s+|second\s+|third\s+)?(?:baby|child|kid)|pregnant|due\s+date|gave\s+birth)\b/i, 'event_milestone'],
  [/\b(?:flying|fly|flew|flight|trip|vacation|holiday|travel(?:l?ing|led)?|camping|camped|road\s+trip|backpacking|cruise|touring|tour\s+of|toured|visiting|visited|visit|going\s+to\s+(?:the\s+)?[\p{Lu}]|(?:going|heading|flying|travelling|traveling)\s+(?:back\s+)?home\s+to\s+[\p{Lu}]|went\s+to\s+(?:the\s+)?[\p{Lu}]|been\s+to\s+(?:the\s+)?[\p{Lu}]|heading\s+to\s+(?:the\s+)?[\p{Lu}]|off\s+to\s+(?:the\s+)?[\p{Lu}]|drove\s+to\s+[\p{Lu}]|(?:flies|heads|jets|sails)\s+(?:out\s+|off\s+|over\s+)?to\s+[\p{Lu}]|(?:leaves|leaving|left)\s+for\s+[\p{Lu}]|(?:driving|drive|drove|cycling|cycled|riding|rode|sailing|sailed|taking\s+the\s+train|took\s+the\s+train)\s+(?:up|down|over|out|back|across)\s+to\s+[\p{Lu}])/u, 'event_trip'],
  // A dated race or competition the speaker trains for or has entered: "training for a marathon in October",
  // "signed up for a triathlon in June", "racing a 10k on Sunday". Undated, it is not an event.
  [/\b(?:training\s+for|train\s+for|trained\s+for|signed\s+up\s+for|registered\s+for|entered|entering|racing|competing\s+in|doing|running)\s+(?:a|an|the|my|our|another)?\s*(?:first\s+|second\s+|next\s+|big\s+|local\s+)?(?:half[\s-]marathon|marathon|ultra(?:marathon)?|\d+k|triathlon|ironman|duathlon|sportive|race|tournament|competition|meet)\b/i, 'event_activity'],
  // A named race: "training for the Chicago marathon", "running the Great North Run" (capitalised name, case-sensitive).
  [/\b(?:training\s+for|train\s+for|trained\s+for|signed\s+up\s+for|registered\s+for|entered|entering|racing|running|doing)\s+the\s+(?:[\p{Lu}][\p{L}-]*\s+){1,3}(?:[Hh]alf[\s-])?(?:[Mm]arathon|[Tt]riathlon|[Rr]un|[Rr]ace|[Ss]portive|[Ii]ronman)\b/u, 'event_activity'],
  // A celebration is an event even when the clause also states a fact ("Jamie and I celebrated ten years of marriage").
  [/\b(?:celebrated|celebrating)\s+(?:our\s+|my\s+|their\s+)?(?:\w+\s+years?\s+(?:of|together|married)|(?:\w+\s+)?(?:wedding\s+)?anniversary)/i, 'event_activity'],
];

/**
 * A milestone the speaker reached (the event class of life's stages, as data): a stage verb on its own ("retired",
 * "graduated", "got promoted", "gave birth"), a verb of completing over a work that marks a stage ("defended my
 * thesis", "passed my viva", "got my citizenship"), a first own home ("closed on our first house"), a first own work
 * going out, a debt cleared or a rank made. A first race or a finished piece of work stays an activity ("ran my first
 * marathon", "finished my thesis": the corpus's convention, and most blind rounds'; a few call a first ultra or
 * Ironman a milestone). Past and dated only; a milestone even when a fact rule also read the clause ("graduated from vet
 * school" is also education).
 */
const STAGE_VERBS = 'graduated|retired|qualified|(?:got|was|been|were|just\\s+got)\\s+promoted|gave\\s+birth|naturali[sz]ed|got\\s+(?:my|our)\\s+(?:citizenship|green\\s+card|degree|doctorate|phd|licen[cs]e)';
/**
 * Stages that start a household or a family, or a career of one's own: the speaker's own wedding ("got hitched",
 * "tied the knot"; a fresh one — one dated years back stays the wedding) or its vows renewed, adopting a child, signing a first deal or
 * contract. An engagement stays `event_engagement`, an own business an activity (the corpus's conventions).
 */
const STAGE_OWN = '(?:got|get)\\s+(?:married|hitched|wed)|(?<=^\\s*|\\b(?:officially|just|finally)\\s)married\\s+(?:as\\s+of|since)|tied\\s+the\\s+knot|renewed\\s+(?:our|my)\\s+(?:wedding\\s+|marriage\\s+)?vows|adopted\\s+(?:my|our)\\s+(?:\\w+\\s+)?(?:son|daughter|baby|child|kids|children|boy|girl|twins)|signed\\s+(?:my|our)\\s+(?:very\\s+)?first\\s+(?:[\\w-]+\\s+)?(?:deal|contract)';
/** A qualifying examination: the final, bar, board or licensing exam of a profession ("passed my final nursing exam"). */
const QUALIFYING_EXAM = '(?:final|qualifying|professional|licensing|board|bar)\\s+(?:[\\w-]+\\s+)?(?:exams?|finals|boards)';
const STAGE_WORKS = `(?:defended|submitted|passed|handed\\s+in|earned|got|was\\s+awarded)\\s+(?:my|our|the)\\s+(?:\\w+\\s+){0,2}(?:thesis|dissertation|viva|phd|doctorate|degree|apprenticeship|citizenship\\s+test|bar\\s+exam|boards|certificate|certification|diploma|qualification|black\\s+belt|pin|wings|hgv|residency|${QUALIFYING_EXAM})`;
/** A course of training completed ("finished my apprenticeship"); a finished piece of work stays an activity. */
const STAGE_TRAINING = '(?:finished|completed)\\s+(?:my|our)\\s+(?:\\w+\\s+){0,2}(?:apprenticeship|residency|training|traineeship|internship|probation)';
/**
 * A first work of one's own going out ("my first solo exhibition opened", "my first novel came out"), a debt cleared
 * ("paid off the mortgage"), a rank made ("made partner", "called to the bar"): a milestone. A first race run stays an
 * activity (most annotators' reading; see FIRST_HOME's note above).
 */
const FIRST_OPENED = '(?:^|\\s)(?:(?:so|and|well)\\s+)?(?:my|our)\\s+(?:very\\s+)?first(?:[\\s-]ever)?\\s+(?:[\\w-]+\\s+){0,2}?(?:exhibition|show|book|album|single|novel|shop|restaurant|gallery|collection|film|play|concert|gig|solo\\s+show)\\s+(?:opened|launched|came\\s+out|was\\s+published|went\\s+live|premiered|aired|sold\\s+out)';
const CLEARED = '(?:paid\\s+off\\s+(?:the\\s+(?:last|rest)\\s+of\\s+)?|made\\s+the\\s+(?:last|final)\\s+(?:payment|repayment|instalment|installment)\\s+on\\s+)(?:my|our|the)\\s+(?:[\\w-]+\\s+){0,2}?(?:mortgage|loan|loans|debt|debts|overdraft|credit\\s+card)|(?:made|became|was\\s+made)\\s+(?:a\\s+)?partner\\s+(?:at|in)\\b|(?:was\\s+|got\\s+)?called\\s+to\\s+the\\s+bar|got\\s+tenure';
const FIRST_HOME = '(?:bought|closed\\s+on|got\\s+the\\s+keys\\s+(?:to|for)|moved\\s+into)\\s+(?:my|our)\\s+(?:very\\s+)?first\\s+(?:[\\w-]+\\s+)?(?:house|home|flat|apartment|place|condo)';
const MILESTONE = re(`\\b(?:${STAGE_VERBS}|${STAGE_OWN}|${STAGE_WORKS}|${STAGE_TRAINING}|${FIRST_HOME}|${CLEARED})\\b|${FIRST_OPENED}`, 'i');
/** The speaker's own wedding or engagement, which also sets the relationship status. */
const OWN_UNION = /\b(?:got|get)\s+(?:married|hitched|wed)\b|(?<=^\s*|\b(?:officially|just|finally)\s)married\s+(?:as\s+of|since)\b|\btied\s+the\s+knot\b|\brenewed\s+(?:our|my)\s+(?:wedding\s+|marriage\s+)?vows\b/i;
/** The speaker's own engagement: "we got engaged", "I'm engaged", "got engaged on Sunday" (no one else's). */
const OWN_ENGAGEMENT = /^\s*(?:(?:we|i)\b|(?:just\s+|finally\s+|officially\s+)?(?:got|get)\s+engaged\b)/i;
/** How far back a wedding is still news (a milestone), not a record of the past. */
const FRESH_MS = 60 * 86_400_000;

const PLAN = /\b(?:will|going\s+to|gonna|planning\s+to|plan\s+to|about\s+to|next|tomorrow|upcoming|this\s+coming|scheduled|booked)\b|^(?:am|are|is)\s+(?:\w+ing|off\s+to)\b|^(?:have|has)\s+(?:a|an|my)\b/i;
/** A going under way or imminent, said in the present: "am off to", "is heading to", "are flying out to". */
const IMMINENT = /^(?:am|are|is)\s+(?:just\s+|about\s+to\s+be\s+)?(?:off\s+to|heading(?:\s+off)?\s+to|flying(?:\s+out)?\s+to|jetting\s+off\s+to)\s+[\p{Lu}]/u;
const PAST_VERB = /^(?:(?:\w+ly|just|finally|also|actually|even|then|once|already)\s+)*(?:went|had|did|got|ran|took|saw|made|came|left|lost|sold|bought|began|found|gave|met|spent|won|wrote|drove|flew|ate|tried|signed|joined|finished|started|visited|volunteered|attended|celebrated|hosted|painted|baked|cooked|watched|played|learned|learnt|climbed|hiked|completed|passed|organized|organised|helped|adopted|moved|launched|opened|published|graduated|married|picked|taught|sang|danced|built|fixed|planted|threw|held|chose|decided|realized|realised|\w+ed)\b/i;
const MY_THING_PAST = /^(?:my|our)\s+(?:[\w-]+\s+){1,3}?(?:broke|crashed|died|flooded|burned|burnt|got|was|were|had|won|lost|started|finished|opened|closed|\w+ed)\b/i;
/** Past verbs of thinking and telling are not events ("I wanted to tell you", "I realized that"). */
const NOT_EVENT = /^(?:(?:\w+ly|just|also|actually)\s+)*(?:had\s+(?:it|that|them)\s+(?:down|written\s+down|noted)\b|wanted|realized|realised|remembered|thought|felt|hoped|wished|guessed|figured|noticed|learned|learnt|decided|was|were)\s+(?:that|to\s+tell|how|like|so|again)\b/i;

/** An event value that opens with a third person's pronoun ("she only turned 9", "he finished the course") is theirs. */
const THIRD_PERSON_LEAD = /^(?:(?:only|just|actually|finally)\s+)*(?:he|she|they)\b/i;

function eventValue(c: Clause): string {
  let v = c.subject.self || !/^(?:my|our)\s/i.test(c.text) ? c.pred : c.pred;
  // "been living with us since she had her hip replaced": the event is the subordinate clause, not the state.
  const sub = /^(?:(?:have|has)\s+)?(?:been|is|are|was|were)\s+\w+ing\b.*?\b(?:ever\s+since|since|after|when|once)\s+(?:she|he|they|I|we)\s+(.+)$/i.exec(v);
  if (sub) v = sub[1];
  const poss = /^(?:my|our)\s+(.+?)\s+(?:is|are|was|will\s+be)\b/i.exec(v);
  if (poss) v = poss[1];
  else if (/^(?:\w+\s+)?(?:is|are|was|will\s+be)\s+(?:on|in|at|next|this|tomorrow)\b/i.test(v) && !c.subject.self) v = v.replace(/\s+(?:is|are|was|will\s+be)\b.*$/i, '');
  const spans = dateSpans(v, c.ref).sort((a, b) => b.length - a.length);
  const first = spans.map((d) => v.indexOf(d)).filter((i) => i > 0).sort((a, b) => a - b)[0];
  if (first !== undefined && v.slice(0, first).trim().split(/\s+/).length >= 3) v = v.slice(0, first).replace(/\s+(?:on|in|at|for|by|from|until|till|starting)\s*$/i, '');
  for (const d of spans) v = v.split(d).join(' ');
  v = v
    .replace(/^(?:just\s+|finally\s+|also\s+|actually\s+|recently\s+)+/i, '')
    .replace(/^(?:have|has|am|are|is|will|will\s+be|am\s+going\s+to|are\s+going\s+to)\s+(?:(?:an|a|my|our)\b)?\s*/i, (x) => (/\b(?:a|an|my|our)\s*$/i.test(x) ? '' : x.replace(/^(?:have|has|am|are|is|will\s+be|will)\s+/i, '')))
    .replace(/\s+(?:on|at|in|for|by)\s*$/i, '')
    .replace(/\s+and\s+(?:it|it\s+was|they|that)\b.*$/i, '')
    .replace(/\s*[,;].*$/, '')
    .replace(/\s+[-–—]+\s+.*$/, '')
    .replace(/[.!?]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const words = v.split(/\s+/);
  // A stripped date leaves its preposition behind ("got engaged to Priya over [the weekend]").
  return words
    .slice(0, 10)
    .join(' ')
    .replace(/(?:\s+(?:on|at|in|for|by|the|a|with|over|during|around|this|last|next))+$/i, '')
    // "my dentist appointment got moved to [the 17th]": the rescheduling verb is not part of the event.
    .replace(/\s+(?:got|was|has\s+been|have\s+been|been|is\s+being)\s+(?:moved|pushed|rescheduled|postponed|brought\s+forward|changed|bumped)(?:\s+(?:back|up|forward))?(?:\s+to)?$/i, '');
}

/** The event kind a phrase names ("the Lisbon trip" → event_trip), or null. */
export function eventKindOf(text: string): string | null {
  for (const [re, k] of KINDS) if (re.test(text)) return k;
  // "paid off the mortgage this morning": a milestone told without a subject names its kind too.
  return MILESTONE.test(text) ? 'event_milestone' : null;
}

const MOTION_TO = /\b([\p{Ll}]{3,})\s+(?:(?:over|out|off|back|up|down|across|away)\s+)?to\s+(?:the\s+)?[\p{Lu}]/gu;
/** Motion verbs that are not a trip: a move of home, a daily walk or run, a plain "get"/"come". */
const NOT_TRIP_MOTION = new Set(['move', 'relocate', 'walk', 'run', 'get', 'come', 'return', 'transfer', 'commute', 'switch', 'change', 'turn', 'pass', 'travel']);
/** Where a verb of travel by the lexicon (verb.motion) goes to a capitalised place in `text` (a trip), or -1. */
function motionToPlace(text: string, lex: Lexicon): number {
  for (const m of text.matchAll(MOTION_TO)) {
    const lemma = lex.lemmas(m[1], 'verb')[0];
    if (!lemma || NOT_TRIP_MOTION.has(lemma)) continue;
    if (lex.classesOf(lemma, 'verb', 1)[0] === 'verb.motion') return m.index!;
  }
  return -1;
}

/** A draft's event fields for the clause's date (`type`, `eventDate`, `dateText`) at a confidence. */
function onDate(c: Clause, confidence: number, metadata: Record<string, unknown> = {}): Pick<Draft, 'type' | 'eventDate' | 'metadata' | 'confidence'> {
  return { type: 'event', eventDate: c.date!.iso, metadata: { dateText: c.date!.text, ...metadata }, confidence };
}

/** Starting at a named place of learning: "started at Leeds Uni", "starts at Kingsmead Primary School". */
const STARTED_AT_SCHOOL = /\b(?:start|starts|starting|started)\s+(?:at|with)\s+(?:[\p{Lu}][\p{L}'’-]*\s+){0,3}(?:Uni|University|College|School|Academy|Polytechnic|Sixth\s+Form)\b/u;

/** Events in a clause. `explained`: a fact rule already took the clause (no generic activity). */
export function events(c: Clause, explained: boolean, lex?: Lexicon): Draft[] {
  if (c.negated) return [];
  // A subject-less clause starts with a capitalised verb ("Heading to Barcelona…"); the kind patterns are case-sensitive for names.
  const text = `${c.pre} ${c.pred.replace(/^[\p{Lu}](?=[\p{Ll}]+(?:ing|ed)?\s)/u, (x) => x.toLowerCase())}`;
  // The kind named first is the clause's event: "flying to Crete … for my cousin's wedding" is a trip.
  let key: string | null = null;
  let at = Infinity;
  for (const [re, k] of KINDS) {
    const m = re.exec(text);
    if (m && m.index < at) {
      key = k;
      at = m.index;
    }
  }
  // "started at Leeds Uni in September": starting at a place of learning is a stage of life, not a job.
  // ("… as a teaching assistant", "a new job at the school": work there all the same.)
  if (key === 'event_job_start' && STARTED_AT_SCHOOL.test(text) && !/\bas\s+(?:a|an|the|their|its)\b|\b(?:job|role|position|post|contract)\b/i.test(text)) key = 'event_milestone';
  // "is sailing to Madeira", "cruises over to Skye": any verb of travel (WordNet's verb.motion) towards a named place.
  let motionAt = -1;
  if (key === null && lex) {
    motionAt = motionToPlace(text, lex);
    if (motionAt >= 0) key = 'event_trip';
  }
  // The trip is told from its verb on ("…earned a breather, heading up to Cairns" → "heading up to Cairns").
  const predAt = motionAt - c.pre.length - 1;
  if (predAt > 0) c = { ...c, pred: c.pred.slice(predAt) };
  const dated = c.date !== null;
  // "The Coldplay concert last night was the best show": the occasion named before the verb is the event.
  const occasion = dated && c.subject.self && !explained ? DEFINITE_PAST_OCCASION.exec(c.text) : null;
  if (occasion) return [{ key: key ?? 'event_activity', value: occasion[1], type: 'event', eventDate: c.date!.iso, metadata: { dateText: c.date!.text }, confidence: 0.85 }];
  const plan = PLAN.test(c.core);
  if (key === 'event_job_start' && !dated && !plan) return [];
  if (key === 'event_job_loss') {
    const v = eventValue(c);
    return v ? [{ key, value: v, type: 'event', eventDate: c.date?.iso ?? null, metadata: c.date ? { dateText: c.date.text } : undefined }] : [];
  }
  // A stage the speaker passed is a milestone even when its words name another kind ("got married" a wedding, "passed
  // my final exam" an exam).
  const union = OWN_UNION.test(text);
  const fresh = !!c.date && c.ref.getTime() - Date.parse(c.date.iso) < FRESH_MS;
  const past = !!c.date && Date.parse(c.date.iso) <= c.ref.getTime() + 86_400_000;
  // A stage read from the clause's shape (frames/milestone.ts): an achievement, a credential, a first feat, a birth, a
  // proposal said yes to. The speaker's milestone whatever kind its words also name.
  const stage = dated && past && !plan ? milestoneStage(c, lex) : null;
  if (stage) {
    const at = onDate(c, 0.85);
    if (stage.kind === 'proposal') {
      const partner: Draft[] = stage.partner ? [{ key: 'partner', value: stage.partner, type: 'relation', subject: c.speaker, confidence: 0.8 }] : [];
      return [{ key: 'event_milestone', value: stage.partner ? `engaged, ${stage.partner} proposed` : 'engaged', subject: c.speaker, ...at }, { key: 'relationship_status', value: 'engaged', subject: c.speaker, confidence: 0.85 }, ...partner];
    }
    if (stage.kind === 'birth') return [{ key: 'event_milestone', value: `${stage.newborn}${stage.name ? ` ${stage.name}` : ''} born`, subject: c.speaker, ...at }];
    const value = eventValue(c);
    if (value) return [{ key: 'event_milestone', value, ...at }];
  }
  // "got engaged on the pier on Sunday": the speaker's own engagement is a stage passed.
  if (key === 'event_engagement' && c.subject.self && OWN_ENGAGEMENT.test(c.text) && dated && past && !plan) {
    const value = eventValue(c);
    if (value) return [{ key: 'event_milestone', value, ...onDate(c, 0.85) }];
  }
  if (dated && !plan && c.subject.self && (key === null || ['event_milestone', 'event_exam'].includes(key) || (key === 'event_wedding' && union && fresh)) && MILESTONE.test(text)) {
    const value = eventValue(c);
    // "he only turned 14 last month": a milestone told of someone else by a pronoun is not the speaker's.
    if (value && THIRD_PERSON_LEAD.test(value)) return [];
    const status: Draft[] = union ? [{ key: 'relationship_status', value: 'married', confidence: 0.85 }] : [];
    // "Ignatius and I got married on Saturday": the one the speaker married is their partner.
    if (union && c.coName) status.push({ key: 'partner', value: c.coName, type: 'relation', confidence: 0.8 });
    if (value) return [{ key: 'event_milestone', value, ...onDate(c, 0.85) }, ...status];
  }
  // An undated trip is read only when it is under way or imminent ("is off to Hokkaido for three weeks", "am heading to
  // Oslo"): a present going, not a past or habitual one.
  const underWay = key === 'event_trip' && !dated && IMMINENT.test(c.core);
  if (key && key !== 'event_milestone' && !dated && !(plan && key !== 'event_trip') && !underWay) return [];
  if (key === 'event_milestone' && (!dated || explained)) return [];
  // "the scan on my knee is on Tuesday", "dentist Tuesday 10th at 9": a booked thing told by its noun and day.
  // ("physio's on Monday": the clinician read as the clause's subject, with no name, is the booking's noun.)
  // "smear test's on Thursday": a medical test is a visit booked, not an exam sat.
  if (key === 'event_exam' && dated && c.subject.self) {
    const booked = bookedThing(c.text, c.date!.index ?? -1, lex);
    if (booked?.key === 'event_appointment') return [{ key: booked.key, value: booked.value, ...onDate(c, 0.8, { frame: 'booked' }) }];
  }
  if (!key && dated && (c.subject.self || !c.subject.name)) {
    const booked = bookedThing(c.text, c.date!.index ?? -1, lex);
    if (booked) return [{ key: booked.key, value: booked.value, ...onDate(c, 0.8, { frame: 'booked' }) }];
  }
  if (!key) {
    // A third party's dated doing with no named kind ("my dad retired from the railway last year", "my aunt's doctors
    // diagnosed it in spring") is news about them told in passing, not an event of theirs to keep: only the
    // speaker's own clause yields a generic activity (a named kind — a race, a trip, a wedding — still does).
    if (explained || !dated || !c.subject.self) return [];
    // "We sold out of tacos by 2pm every day this week": something repeated daily over a span is a routine, not a
    // dated one-off activity.
    if (/\b(?:every|each)\s+(?:single\s+)?(?:day|morning|night|evening|afternoon|lunchtime)\b|\bdaily\b|\bnightly\b/i.test(c.text)) return [];
    // "my car broke down last Friday": something that happened to the speaker's things.
    const ownThing = c.subject.self && MY_THING_PAST.test(c.core);
    if ((!PAST_VERB.test(c.core) && !plan && !ownThing) || NOT_EVENT.test(c.core)) return [];
    key = 'event_activity';
  } else if (explained && key === 'event_trip' && !dated) return [];
  const value = eventValue(c);
  // A lone past verb names nothing ("a trip I took last summer" leaves "took").
  // "my lips swelled up again", "throat closed up in ten minutes": the body reacting is a symptom, not something done.
  const bodily = key === 'event_activity' && !!value && !!lex && lex.classesOf(value.replace(/^(?:my|our|the)\s+/i, '').split(/\s+/)[0].toLowerCase(), 'noun', 1)[0] === 'noun.body';
  if (!value || bodily || ((key === 'event_activity' || key === 'event_milestone') && THIRD_PERSON_LEAD.test(value)) || (key === 'event_activity' && value.split(/\s+/).length < 2) || /^(?:it|that|this|there)$/i.test(value) || (key !== 'event_milestone' && !/\s/.test(value) && PAST_VERB.test(value))) return [];
  const out: Draft[] = [{ key, value, type: 'event', eventDate: c.date?.iso ?? null, metadata: c.date ? { dateText: c.date.text } : undefined, confidence: dated ? 0.85 : 0.75 }];
  const owned = c.date ? ownedOccasion(c.text, c.speaker) : null;
  if (owned && owned.key !== key) out.push({ ...owned, type: 'event', eventDate: c.date!.iso, metadata: { dateText: c.date!.text }, confidence: 0.8 });
  return out;
}

const OCCASION_KIND: Record<string, string> = { wedding: 'event_wedding', graduation: 'event_milestone', birthday: 'event_birthday', 'birthday party': 'event_birthday' };
const RE_OWNED_OCCASION = re(`\\b(?:for|to|at|attend|attending|attended)\\s+(?:my|our)\\s+(?:${RELATION_ADJ}\\s+)?(${RELATION_RE})(?:'s|’s)\\s+(?:(?:big|small|second|first|\\d+(?:st|nd|rd|th))\\s+)?(wedding|graduation|birthday\\s+party|birthday|funeral|christening|baby\\s+shower|hen\\s+do|stag\\s+do|bachelorette|retirement\\s+party|engagement\\s+party)\\b`, 'i');
/**
 * The occasion a dated trip or plan is for belongs to the relative who owns it: "flying to Crete on
 * June 14 for my cousin's wedding" → `cousin`, `event_wedding`, June 14.
 */
function ownedOccasion(text: string, speaker: string): Draft | null {
  const m = RE_OWNED_OCCASION.exec(text);
  if (!m || !(m[1].toLowerCase() in RELATIONS)) return null;
  const occasion = m[2].toLowerCase().replace(/\s+/g, ' ');
  return { key: OCCASION_KIND[occasion] ?? 'event_activity', value: occasion, subject: thirdPartyId(speaker, m[1].toLowerCase()) };
}
