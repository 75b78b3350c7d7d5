/**
 * @module core/extraction/rules/work-schedule
 * When the subject works: shift patterns, working days, hours and days off ("I work night shifts, Monday to
 * Thursday", "I'm on earlies this month", "four days a week", "my days off are Sunday and Monday") → `work_schedule`.
 * The rule reads clause structure (a working predicate, then the schedule phrases inside its clause); the words
 * that make a schedule phrase (weekdays, shift kinds, load) are lexicon data (lexicon.ts `SCHEDULE`).
 */
import type { Rule } from '../model.ts';
import { SCHEDULE } from '../lexicon.ts';
import { re } from '../re.ts';

const DAY = `\\b(?:${SCHEDULE.weekdays})\\b`;
const COUNT = '(?:\\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|half)';
/** The schedule phrases, in the order a reader would say them back. */
const PIECES = re(
  [
    // "night shifts", "12-hour shifts", "the graveyard shift", "shift work"
    `(?:(?:${SCHEDULE.shiftKinds}|\\d{1,2}[- ]hour|${COUNT}[- ]hour)\\s+)?(?:shifts?|rotas?)(?:\\s+work)?`,
    // "Monday to Thursday", "tues-sat", "weekends", "on Fridays", "Monday, Wednesday and Friday"
    `(?:every\\s+(?:other\\s+)?)?${DAY}(?:\\s*(?:to|till|until|through|thru|-|–|—)\\s*${DAY}|(?:\\s*,\\s*${DAY})*(?:\\s*(?:,\\s*)?(?:and|&)\\s*${DAY}))?`,
    // "four days a week", "a four-day week", "30 hours a week", "part-time", "nine to five"
    `${COUNT}\\s+(?:days?|nights?|hours?)\\s+(?:a|per|each)\\s+week|(?:a\\s+)?${COUNT}[- ]day\\s+weeks?|\\d{1,2}\\s*(?:hours?|hrs?)\\s+(?:a|per)\\s+week`,
    `(?:${SCHEDULE.load})`,
  ].join('|'),
  'giu',
);
/**
 * A working predicate at the head of the clause's core. "work" takes any schedule phrase in its clause but not as a
 * phrasal verb ("work out", "work on my novel"); "do", "pull", "am on" need the schedule phrase as their object
 * ("do nights", "pull a double shift", "am on earlies"), so "do the school run on Mondays" is not a schedule.
 */
const ADVS = `(?:(?:${SCHEDULE.adverbs})\\s+)*`;
const WORK = re(`^${ADVS}(?:work(?:s|ing)?|(?:am|is|are)\\s+working)\\b(?!\\s+(?:out|up|through|off|around|towards?)\\b|\\s+on\\s+(?!${DAY}))`, 'iu');
const TAKES_SCHEDULE = re(`^${ADVS}(?:(?:am|is|are)\\s+(?=${SCHEDULE.load})|(?:do(?:es|ing)?|pull(?:s|ing)?|(?:am|is|are)\\s+(?:doing|on))\\s+(?:(?:a|the|my|mostly|only|just)\\s+)?(?=${DAY}|\\S+\\s+shifts?\\b|shifts?\\b|${COUNT}\\s+(?:days?|nights?|hours?)\\b|(?:${SCHEDULE.load})(?:\\s+(?:hours|shifts?|work|job|role|days|now))?\\s*$))`, 'iu');
/** "my days off are …", "I'm off on Mondays", "I have Wednesdays off". */
const DAYS_OFF = re(`(?:^(?:am|is|are)\\s+off\\s+(?:on\\s+)?|^(?:have|has|get|gets)\\s+(?=(?:\\w+\\s+){0,3}?off\\b))`, 'iu');
/** "my shifts are Tuesday to Saturday", "my working days are…": the schedule named as such. */
const SCHEDULE_IS = /\bmy\s+(?:shifts?|hours|working\s+(?:days|hours|week)|work\s+(?:days|hours|schedule|pattern)|rota)\s+(?:are|is)\b/i;
/** Not the subject's own schedule: a wish, a hypothetical, a question about it, or someone else's. */
const NOT_STATED = /\b(?:wish|would|could|if|might|maybe|should|hope|want(?:s|ed)?\s+to|thinking\s+(?:of|about)|used\s+to)\b/i;

const clean = (p: string) => p.replace(/\s+/g, ' ').trim();

/**
 * A shift worked at a place names the employer: "on the night shift at Amazon", "doing nights at the Freeman",
 * "working earlies for Arriva". The place is a proper name; the speaker's or a third party's, whoever the clause is about.
 */
const SHIFT_AT = /\b(?:on|doing|working|work|works|do|does|pulling)\s+(?:the\s+|my\s+|a\s+)?(?:(?:night|day|early|late|evening|morning|weekend|graveyard|overnight|back)\s+)?(?:shifts?|nights|days|earlies|lates|weekends)\s+(?:at|for)\s+(?:the\s+)?([\p{Lu}][\p{L}'’&-]*(?:\s+[\p{Lu}][\p{L}'’&-]*){0,3})/u;
export const shiftEmployer: Rule = (c) => {
  const m = SHIFT_AT.exec(c.core);
  if (!m || c.negated || c.past || /\?\s*$/.test(c.sentence) || NOT_STATED.test(c.pre)) return [];
  return [{ key: 'employer', value: m[1], confidence: 0.8, metadata: { frame: 'shift×place' } }];
};

export const workSchedule: Rule = (c) => {
  const t = c.core;
  if (c.past || NOT_STATED.test(c.pre) || NOT_STATED.test(t) || /\?\s*$/.test(c.sentence)) return [];
  const off = DAYS_OFF.test(t) || /\bdays?\s+off\s+(?:are|is)\b/i.test(c.sentence);
  if (!WORK.test(t) && !TAKES_SCHEDULE.test(t) && !off && !SCHEDULE_IS.test(c.sentence)) return [];
  // The clause's own span: up to a clause break that starts another predicate ("…, so I sleep during the day").
  const span = t.split(/\s*(?:[;.!]|,?\s+(?:so|but|because|cos|and\s+(?:then\s+)?I|which|while|although|though)\b)\s*/i)[0];
  const pieces = [...span.matchAll(PIECES)].map((m) => clean(m[0])).filter((p, i, all) => p && all.indexOf(p) === i);
  // The bare noun that named the schedule ("my shifts are…", "my rota is…") says nothing once a pattern follows it.
  const said = pieces.length > 1 ? pieces.filter((p) => !/^(?:shifts?|rotas?)$/i.test(p)) : pieces;
  if (said.length === 0 || /^(?:shifts?|rotas?)$/i.test(said[0]) && said.length === 1 && !WORK.test(t)) return [];
  // A day off is a pattern ("off on Mondays", "Wednesdays off"), not one free day ("I'm off on Friday to Paris").
  if (off && !/\bdays?\s+off\b/i.test(c.sentence) && !said.some((p) => /s$|^every\b/i.test(p))) return [];
  const value = off ? `days off: ${said.join(', ')}` : said.join(', ');
  return [{ key: 'work_schedule', value }];
};
