/**
 * @module core/extraction/rules/implicit
 * Facts the speaker implies without stating them: "my commute to the Notion office" (works at
 * Notion), "my manager at Spotify", "my coworkers at Microsoft". Lower confidence than explicit
 * statements (pets, homes, diets and children have their implicit cues in their own rules).
 */
import type { Rule } from '../model.ts';
import { properSpan } from '../values.ts';

const implicitEmployer: Rule = (c) => {
  let m: RegExpExecArray | null;
  if ((m = /\b(?:commute|drive|walk|ride|bike)\s+(?:to|into)\s+(?:the\s+)?(\p{Lu}[\p{L}&.-]*(?:\s+\p{Lu}[\p{L}&.-]*)*)\s+(?:office|offices|HQ|headquarters|campus|building)\b/u.exec(c.text)) ||
      (m = /\b(?:[Mm]y|[Oo]ur)\s+(?:manager|boss|coworkers?|co-workers?|colleagues?|team(?:mates)?|team\s+lead|desk|office|shift|onboarding|badge)\s+(?:at|from)\s+(\p{Lu}[\p{L}&.-]*(?:\s+\p{Lu}[\p{L}&.-]*)*)/u.exec(c.text)) ||
      (m = /\bat\s+the\s+(\p{Lu}[\p{L}&.-]*)\s+(?:office|HQ|campus)\s+(?:today|this\s+week|again)\b/u.exec(c.text))) {
    const v = properSpan(m[1]);
    if (v) return [{ key: 'employer', value: v, implicit: true, subject: c.speaker }];
  }
  return [];
};

export const IMPLICIT_RULES: Rule[] = [implicitEmployer];
