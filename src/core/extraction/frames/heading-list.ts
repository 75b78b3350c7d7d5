/**
 * @module core/extraction/frames/heading-list
 * A heading and a colon before a list, as people write a profile in chat: "Kids: Ava (14), Liam (11)", "Languages I
 * speak: Gujarati (first language), Swahili", "Allergies: sesame, kiwi". The heading says what the items are, so the
 * sentence is rewritten as the speaker's own clause the readers already read ("my kids: …", "I speak …", "I am allergic
 * to …"), its items joined as one list ("A, B and C"). Two heading shapes: a noun of a listed class (the classes an
 * "Any allergies?" answer fills, `listStatement`) or a relation noun of the lexicon's (`RELATIONS`); or any noun with the speaker's relative clause
 * ("Languages I speak", "Things I'm allergic to": the clause is the statement, the items its object). Pure.
 */
import { RELATIONS } from '../lexicon.ts';
import { listStatement } from '../answers.ts';

/** A sentence that opens with a heading and a colon: a noun (or "my" noun), or a noun and the speaker's relative clause. */
const HEADED = /(^|[.!?]\s+|\n\s*)(?:([Mm]y\s+)?([\p{L}][\p{Ll}-]+)|([\p{L}][\p{Ll}-]+(?:\s+[\p{Ll}-]+)?)\s+(?:that\s+|which\s+)?(I|we)((?:['’](?:m|ve|d))?\s+[\p{Ll}'’ ]{2,40}?))\s*:\s*([^.!?\n:]+)/gu;
/** An item that says there is nothing to list. */
const NOTHING = /^(?:none|nothing|no|nope|n\/a|na|nil|zero|not\s+any)\b/i;
/** A verb or a first-person word in an item: a clause, not a listed thing. */
const CLAUSE_WORD = /\b(?:I|me|we|is|are|was|were|am|be|been|have|has|had|do|does|did|will|would|should|can|could)\b/i;

/** The text with each heading list rewritten as the speaker's clause; other text is returned as it is. */
export function headingLists(text: string): string {
  if (!text.includes(':')) return text;
  return text.replace(HEADED, (all, lead: string, _my: string | undefined, noun: string | undefined, relNoun: string | undefined, pronoun: string | undefined, clause: string | undefined, list: string) => {
    const items = listItems(list);
    if (!items) return all;
    if (noun !== undefined) {
      const n = noun.toLowerCase();
      if (RELATIONS[n] !== undefined) return `${lead}my ${n}: ${items}`;
      const said = listStatement(n, items);
      return said ? `${lead}${said}` : all;
    }
    // "Languages I speak: …": the relative clause is the statement (a wish or plan in it stays one: "I want to learn").
    return relNoun && pronoun && clause ? `${lead}${pronoun}${clause.trimEnd()} ${items}` : all;
  });
}

/** The items of a list as one coordinated phrase ("A, B and C"), or null when the text is no list of things. */
function listItems(list: string): string | null {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i <= list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (i === list.length || (depth === 0 && (c === ',' || c === ';'))) {
      const item = list.slice(start, i).trim();
      if (item) items.push(item);
      start = i + 1;
    }
  }
  if (items.length === 0 || NOTHING.test(items[0])) return null;
  if (items.some((item) => item.replace(/\([^)]*\)/g, ' ').trim().split(/\s+/).length > 5 || CLAUSE_WORD.test(item.replace(/\([^)]*\)/g, ' ')))) return null;
  if (items.length === 1) return items[0];
  const last = items[items.length - 1];
  // "latex, penicillin and wasp stings": the list already ends in its conjunction.
  if (/^(?:and|or|&)\s/i.test(last)) return `${items.slice(0, -1).join(', ')} ${last}`;
  return /\s(?:and|or|&)\s/i.test(last) ? items.join(', ') : `${items.slice(0, -1).join(', ')} and ${last}`;
}
