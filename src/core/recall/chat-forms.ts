/**
 * @module core/recall/chat-forms
 * Chat shortenings of everyday words ("fave" for favourite, "pic" for picture, "fam" for family,
 * "biz" for business): the same word to the person writing it, a different index term to BM25.
 * A question naming one form also searches the others (query-analysis, `QUERY.chatForms`). The
 * table is general English chat usage, not one conversation's; ambiguous shortenings ("doc":
 * doctor or document, "comp": competition or computer, "app") are left out. Pure.
 */
import { analyze } from '../text/analyze.ts';

/** Each group: a full word and its chat forms, all meaning the same thing. */
const GROUPS: string[][] = [
  ['favorite', 'fave', 'fav', 'faves', 'favs'],
  ['picture', 'pic', 'pics'],
  ['photo', 'pic', 'pics', 'photograph'],
  ['family', 'fam'],
  ['business', 'biz'],
  ['puppy', 'pup', 'pupper'],
  ['video', 'vid', 'vids'],
  ['tournament', 'tourney'],
  ['birthday', 'bday'],
  ['vacation', 'vacay'],
  ['husband', 'hubby'],
  ['brother', 'bro'],
  ['sister', 'sis'],
  ['kids', 'kiddos', 'kiddo'],
  ['grandmother', 'grandma', 'granny', 'nana'],
  ['grandfather', 'grandpa'],
  ['mother', 'mom', 'mum', 'mommy', 'mama'],
  ['father', 'dad', 'daddy', 'papa'],
  ['congratulations', 'congrats'],
  ['conversation', 'convo'],
  ['university', 'uni'],
  ['information', 'info'],
  ['people', 'ppl'],
  ['girlfriend', 'gf'],
  ['boyfriend', 'bf'],
  ['thanks', 'thx'],
  ['tomorrow', 'tmrw'],
  ['weekend', 'wknd'],
];

const BY_STEM = (() => {
  const m = new Map<string, Set<string>>();
  for (const g of GROUPS) {
    const stems = [...new Set(g.flatMap((w) => analyze(w)))];
    for (const s of stems) {
      let set = m.get(s);
      if (!set) m.set(s, (set = new Set()));
      for (const o of stems) if (o !== s) set.add(o);
    }
  }
  return m;
})();

/** The index stems of the other forms of an analysed term ("favorit" → fave, fav; "pic" → pictur, photo, photograph). */
export function chatForms(term: string): string[] {
  return [...(BY_STEM.get(term) ?? [])];
}
