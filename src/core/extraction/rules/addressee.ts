/**
 * @module core/extraction/rules/addressee
 * Facts about the other speaker of a named multi-party chat, said to them in the second person:
 * "your new bakery looks amazing" (they run a bakery), "how's your little girl Amira?" (their
 * daughter Amira), "is your pup Rolo ok?" (their pet), "congrats on making head chef, Leo!"
 * (their title). A possessive "your" presupposes the thing even inside a question or a compliment,
 * so these are read before any screening. Who "you" is: a name called out in the message
 * ("…, Leo!"), else the latest other named speaker before it. Only the word families below count
 * (relatives with a name, pets with a name, a business someone runs, a title they were given):
 * "your boss", "your garden", "your photos" imply nothing kept. Pure; no I/O.
 */
import { OCCUPATIONS, PET_RE, RELATIONS, RELATION_ADJ } from '../lexicon.ts';
import { relationDraft } from '../subject-attribution.ts';
import type { Draft } from '../model.ts';

const OCCUPATION_RE = [...OCCUPATIONS].sort((a, b) => b.length - a.length).join('|');

/** Said by another speaker, not by the subject: below a third party's own statement. */
export const ADDRESSEE_CONFIDENCE = 0.7;

const NAME = String.raw`(\p{Lu}\p{Ll}+(?:-\p{Lu}\p{Ll}+)?)`;
const NOT_NAME = /^(?:I|You|Your|We|My|Our|The|This|That|It|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Congrats|Congratulations|Thanks|Thank|Haha|Lol|Omg|Wow|Aw+|Oh|Hey|Hi|Hello|Yes|Yeah|No|Ok|Okay|Dude|Man|Girl|Babe|Buddy|Mate|Sir|Madam)$/;

/** Greetings before a name, in either case (the name pattern needs case-sensitive matching). */
const GREETING = '[Hh]ey|[Hh]i|[Hh]ello|[Cc]ongrats|[Cc]ongratulations|[Tt]hanks|[Tt]hank\\s+you|[Aa]w+|[Oo]h';

const VOCATIVE = new RegExp(String.raw`(?:^|[,!?.]\s*|\b(?:${GREETING})\s+)${NAME}\s*(?=[!?.,]|$)`, 'gu');
const CALL_LEAD = new RegExp(String.raw`(?:^|,|\b(?:${GREETING}))\s*$`, 'u');

/** A name called out in the message: "Congrats, Leo!", "Leo, how's…", "…so proud of you, Nina." */
export function vocativeName(text: string): string | null {
  for (const m of text.matchAll(VOCATIVE)) {
    const before = text.slice(0, m.index + m[0].length - m[1].length);
    // "…at Big Sur." is a place ending a clause, not a call: a vocative follows a comma, a greeting or opens the message.
    if (!CALL_LEAD.test(before)) continue;
    if (!NOT_NAME.test(m[1])) return m[1];
  }
  return null;
}

const CHILD_WORD: Record<string, string> = { 'little girl': 'daughter', 'baby girl': 'daughter', girl: 'daughter', 'little boy': 'son', 'baby boy': 'son', boy: 'son', 'little one': 'kid' };
const KIN = [...Object.keys(CHILD_WORD), ...Object.keys(RELATIONS).filter((w) => RELATIONS[w])].sort((a, b) => b.length - a.length).join('|');
// Case-sensitive on purpose: the name must be capitalised ("your kids is…" names no one).
const YOUR_KIN = new RegExp(String.raw`\b[Yy]our\s+(?:${RELATION_ADJ}\s+)?(${KIN})\s+${NAME}(?!\s*')`, 'gu');
const YOUR_PET = new RegExp(String.raw`\b[Yy]our\s+(?:(?:new|little|sweet|old|rescue|baby)\s+)*(${PET_RE})\s+(?:(?:named|called)\s+)?${NAME}`, 'gu');
/** Businesses a person runs; "your local shop", "your favourite café" are places they go to. */
const YOUR_BUSINESS =
  /\byour\s+(?!(?:local|favou?rite|usual|nearest|regular|corner|grocery|neighbou?rhood)\b)(?:(?:new|own|little|small|tiny)\s+)*((?:[a-z]+\s+)?(?:bakery|caf[eé]|restaurant|food\s+truck|salon|brewery|boutique|bistro|bookshop|bookstore|flower\s+shop|coffee\s+shop|barbershop|bakeshop|food\s+stall|market\s+stall|business|studio|shop|store))\b/i;
/** A role the other speaker was just given: "congrats on making head chef", "on your promotion to charge nurse". */
const CONGRATS_ROLE = new RegExp(
  String.raw`\b(?:congrats|congratulations|well\s+done|so\s+proud\s+of\s+you)\s+(?:on|for)\s+(?:making|becoming|being\s+made|being\s+promoted\s+to|getting\s+promoted\s+to|(?:the|your)\s+promotion\s+to|(?:the|your)\s+new\s+(?:job|role|position)\s+as|landing\s+(?:the|that)\s+(?:job|role)\s+(?:as|of))\s+(?:an?\s+)?((?:[a-z-]+\s+){0,3}(?:${OCCUPATION_RE}))\b`,
  'iu',
);

/** Facts about `addressee` (a speaker id) implied by second-person wording in `text`. */
export function secondPersonFacts(text: string, addressee: string): Draft[] {
  const out: Draft[] = [];
  for (const m of text.matchAll(YOUR_KIN)) {
    // "your kids, John" calls the addressee; "your sister Kavya" names the sister.
    if (NOT_NAME.test(m[2]) || m[2].toLowerCase() === addressee) continue;
    const word = m[1].toLowerCase();
    const d = relationDraft(addressee, CHILD_WORD[word] ?? word, m[2], ADDRESSEE_CONFIDENCE);
    if (d) out.push(d);
  }
  for (const m of text.matchAll(YOUR_PET)) {
    if (NOT_NAME.test(m[2]) || m[2].toLowerCase() === addressee) continue;
    out.push({ key: 'pet', value: `${m[1].toLowerCase()} named ${m[2]}`, subject: addressee, confidence: ADDRESSEE_CONFIDENCE });
  }
  const b = YOUR_BUSINESS.exec(text);
  // "your photography business" is the trade; a bare "your business" says nothing about which.
  if (b && !/^(?:business|studio|shop|store)$/i.test(b[1])) out.push({ key: 'job_title', value: `${b[1].toLowerCase()} owner`, subject: addressee, confidence: ADDRESSEE_CONFIDENCE });
  const r = CONGRATS_ROLE.exec(text);
  if (r) out.push({ key: 'job_title', value: r[1].toLowerCase().trim(), subject: addressee, confidence: ADDRESSEE_CONFIDENCE });
  return out;
}
