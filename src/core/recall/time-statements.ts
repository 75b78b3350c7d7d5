/**
 * @module core/recall/time-statements
 * Whether a text states a time ("yesterday", "last weekend", "two weeks ago", "in 2022", "on
 * Friday") or a duration ("for four years", "since 2016", "three months now"). A question asking
 * when something happened or how long it lasted is answered by a turn that says so, even when
 * the turn shares fewer of its words than another: recall's `when` and `duration` ranking
 * features (features.ts) read these. Pure.
 */

const NUM = '(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|few|a few|couple(?: of)?|a couple(?: of)?|several|many|\\d+)';
const UNIT = '(?:days?|nights?|weeks?|weekends?|months?|years?|decades?)';
const DAY = '(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)';
const MONTH = '(?:january|february|march|april|june|july|august|september|october|november|december)';
const SEASON = '(?:summer|winter|spring|fall|autumn)';

/** A point in time, relative or absolute. "May" alone is left out (a verb far more often). */
const TIME = new RegExp(
  [
    '\\b(?:yesterday|today|tonight|tomorrow|recently|lately|the other day)\\b',
    `\\b(?:last|this|next|this past|past|that)\\s+(?:night|morning|evening|week|weekend|month|year|${SEASON}|${DAY})\\b`,
    `\\b${NUM}\\s+${UNIT}\\s+(?:ago|back|later|before)\\b`,
    `\\b(?:on|last|this|next)\\s+${DAY}s?\\b`,
    `\\b(?:in|since|back in|during|around|until|by)\\s+(?:early |late |mid-?)?(?:${MONTH}|${SEASON}|(?:19|20)\\d\\d)\\b`,
    `\\b${MONTH}\\s+\\d{1,2}\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\b`,
    '\\b(?:19|20)\\d\\d\\b',
  ].join('|'),
  'i',
);

/** A length of time. */
const DURATION = new RegExp(
  [
    `\\b(?:for|over|in|nearly|almost|about|around|past|last)\\s+(?:the\\s+)?(?:past\\s+|last\\s+)?${NUM}\\s+${UNIT}\\b`,
    `\\b${NUM}\\s+${UNIT}\\s+(?:now|already|so far|straight|in a row|long|old)\\b`,
    `\\bsince\\s+(?:(?:19|20)\\d\\d|i|we|he|she|they|my|childhood|high school|college|then|last)\\b`,
    `\\b(?:all my life|my whole life|ever since|for ages|for years|for months|for a while|for a long time)\\b`,
  ].join('|'),
  'i',
);

/** True when the text states a point in time. */
export function statesTime(text: string): boolean {
  return TIME.test(text);
}

/** True when the text states a length of time. */
export function statesDuration(text: string): boolean {
  return DURATION.test(text);
}
