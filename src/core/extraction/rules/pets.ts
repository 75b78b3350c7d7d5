/**
 * @module core/extraction/rules/pets
 * Pets: species and name, several coexisting ("my two cats, Miso and Tofu"); "RIP Biscuit" and
 * "we don't have the dog anymore" retract. Pets that leave ("we had to rehome Luna", "Pickles
 * died") are entity-state endings (frames/table.ts ENDINGS). Implicit pets from care ("walking Biscuit",
 * "take Bella to the vet") are the frames' (frames/table.ts: care × name).
 */
import { re } from '../re.ts';
import type { Draft, Rule } from '../model.ts';
import { NOT_NAMES, PET_RE, RELATION_RE } from '../lexicon.ts';
import { splitList } from '../values.ts';

// Names may carry digits ("a hamster named Quux0x", "R2D2").
const isName = (w: string) => /^[\p{Lu}][\p{L}\p{N}'’-]+$/u.test(w) && !NOT_NAMES.has(w.toLowerCase());
const single = (s: string) => s.toLowerCase().replace(/(?<!s)s$/, '').replace(/^puppie$/, 'puppy');
const petValue = (species: string | null, name: string | null) => (species && name ? `${single(species)} named ${name}` : name ? `pet named ${name}` : single(species ?? 'pet'));

/** "her name is Pixie", "we named him Ned" anywhere in the clause. */
const NAME_CUE = /\b(?:(?:her|his|its|their)\s+name\s+is|(?:we|I)\s+(?:named|called)\s+(?:her|him|it|them)|(?:named|called))\s+([\p{Lu}][\p{L}-]+)/u;

const RE_PETS_2 = re(
    `\\b(?:have|has|own|owns|got|adopted|adopt|rescued|bought|brought\\s+home|getting|am\\s+fostering|are\\s+fostering|fostering|fostered|have\\s+got)\\s+(?:[^.;!?]{0,60}?\\s(?:and|plus)\\s+)??(?:a\\s+second|a\\s+third|a|an|one|two|three|four|five|\\d+|another|our\\s+first|a\\s+new|my\\s+first)\\s+(?:(?:little|new|old|senior|rescue|adorable|baby|young|sweet|cute|black|white|ginger|grey|gray|orange|tabby)\\s+)*((?:(?:border|jack|king|bernese|cocker|springer|french|english|australian|siberian|yorkshire|miniature|toy|rescue)\\s+)?(?:${PET_RE}))(s?)\\b(?:\\s*,?\\s*(?:named|called)\\s+|\\s*[,:]\\s*(?=[A-Z][\\p{L}\\p{N}-]*(?:\\s+and\\s+[A-Z][\\p{L}\\p{N}-]*)?\\s*(?:[,.;!)]|$)))?(\\p{Lu}[\\p{L}\\p{N}-]+(?:\\s+and\\s+\\p{Lu}[\\p{L}\\p{N}-]+)?)?`,
    'iu',
  );
const RE_PETS_3 = re(
    `\\b(?:my|our)\\s+(?:two\\s+|three\\s+|four\\s+|(?:old|sweet|little|new|rescue)\\s+)*(${PET_RE})(s?)(?!\\s+(?:painting|paintings|drawing|photo|photos|picture|pic|sitter|walker|toy|toys|food|bed|hair|treats|show|person|people|lover|lovers|park|owner|owners|figurine|print|sculpture|costume|mug|shirt|tattoo|video|videos|book|books|movie|movies|race|racing|riding|ride|trainer|shelter|rescue)\\b)(?:'s\\s+name)?\\s*(?:,|:)?\\s*(?:(?:is|are)\\s+)?(?:(?:named|called)\\s+)?(\\p{Lu}[\\p{L}-]+(?:\\s*(?:,|and|&)\\s*\\p{Lu}[\\p{L}-]+)*)?`,
    'iu',
  );
const RE_PETS_MORE = re(`\\b(?:and|plus|as\\s+well\\s+as)\\s+(?:a|an|one|two|three|four|five|\\d+)\\s+(?:(?:little|new|old|senior|rescue|baby|young|black|white|ginger|grey|gray|orange|tabby)\\s+)*(${PET_RE})(s?)\\b(?:\\s*,?\\s*(?:named|called)\\s+(\\p{Lu}[\\p{L}-]+))?`, 'giu');
const RE_PETS_GONE = re(`^(?:have|has|own|owns|have\\s+got)\\s+(?:the|our|my|a|any)\\s+(${PET_RE})s?\\b`, 'i');
const RE_PETS_APPO = re(`^(\\p{Lu}[\\p{L}-]+),\\s+(?:my|our)\\s+(?:(?:old|sweet|little|new|rescue)\\s+)*(${PET_RE})\\b`, 'u');
const RIP = /^(?:RIP|R\.I\.P\.?|rest\s+in\s+peace|rest\s+easy)\s*,?\s+(?:(?:little|sweet|old|dear|my|our)\s+)*([\p{Lu}][\p{L}-]+)\b/iu;
const NAMED_NEXT = /^(?:(?:her|his|its)\s+name(?:'s|’s|\s+is)|(?:we|I)\s+(?:call|called|named)\s+(?:her|him|it))\s+([\p{Lu}][\p{L}-]+)/iu;
const PET_BEFORE = re(`\\b(?:the|my|our|a|an|new)\\s+(?:(?:new|little|rescue|baby|young|old)\\s+)*(${PET_RE})\\b`, 'i');
const WITH_PETS = re(`\\b(?:lives?|living|lived|stays?|staying|shares?\\s+(?:a|the|her|his|their)\\s+(?:flat|house|place))\\b[^.;]*?\\bwith\\s+(?:his|her|their)\\s+(?:two\\s+|three\\s+|four\\s+|\\d+\\s+)?(?:(?:old|little|rescue)\\s+)?(${PET_RE})(s?)\\b`, 'i');
/** Someone else owns the pet named before ("My friend got a puppy."). */
const THIRD_OWNER = re(`\\b(?:his|her|their|your|he|she|they|you|${RELATION_RE}|\\p{Lu}\\p{Ll}+'s)\\b`, 'iu');
const pets: Rule = (c) => {
  const out: Draft[] = [];
  const t = c.core;
  let m: RegExpExecArray | null;
  let m2: RegExpExecArray | null;
  if (c.negated && c.ending && (m = RE_PETS_GONE.exec(t))) {
    // "We don't have the dog anymore"
    return [{ key: 'pet', value: single(m[1]), op: 'retract' }];
  }
  // "RIP Biscuit, best hamster a kid could ask for", "Rest in peace, Pickles — the best cat": a pet that died.
  if ((m = RIP.exec(c.text.trim())) && isName(m[1]) && re(`\\b(?:${PET_RE})s?\\b`, 'i').test(c.sentence)) return [{ key: 'pet', value: m[1], op: 'retract', subject: c.speaker }];
  // Having: "I have a dog named Rex", "we adopted a cat called Luna", "I own two rabbits"
  const have = RE_PETS_2;
  if ((m = have.exec(t))) {
    // "two kittens and a puppy called Rolo": a name after a later animal of the list is that animal's.
    const cue = NAME_CUE.exec(c.text);
    const later = [...t.slice((m.index ?? 0) + m[0].length).matchAll(RE_PETS_MORE)].length > 0;
    const names = m[3] ? splitList(m[3]).filter(isName) : cue && !later && isName(cue[1]) ? [cue[1]] : [];
    if (names.length) for (const n of names) out.push({ key: 'pet', value: petValue(m[1], n), metadata: { species: single(m[1]), name: n } });
    else out.push({ key: 'pet', value: m[2] ? m[1].toLowerCase() + 's' : single(m[1]), metadata: { species: single(m[1]) } });
    // "two cats and a bearded dragon named Ziggy": every counted animal in the list is a pet.
    for (const x of t.matchAll(RE_PETS_MORE)) {
      const sp = x[1];
      const nm = x[3] && isName(x[3]) ? x[3] : null;
      if (out.some((d) => (d.metadata?.species as string | undefined) === single(sp) || (nm && d.metadata?.name === nm))) continue;
      out.push({ key: 'pet', value: nm ? petValue(sp, nm) : x[2] ? sp.toLowerCase() + 's' : single(sp), metadata: { species: single(sp), ...(nm ? { name: nm } : {}) } });
    }
    return out;
  }
  // A pet named in the next sentence: "the puppy chewed my charger. Her name's Juno" / "…a kitten. We call him Ned."
  if ((m = NAMED_NEXT.exec(c.text.trim())) && isName(m[1]) && c.prevSentence && (m2 = PET_BEFORE.exec(c.prevSentence)) && /\b(?:I|my|me|our|we|us)\b/i.test(c.prevSentence) && !THIRD_OWNER.test(c.prevSentence.slice(0, m2.index)))
    return [{ key: 'pet', value: petValue(m2[1], m[1]), subject: c.speaker, metadata: { species: single(m2[1]), name: m[1] } }];
  // Someone else's pets they live with: "she lives in Bristol with her two dogs".
  if (!c.subject.self && (m = WITH_PETS.exec(c.text))) return [{ key: 'pet', value: m[2] ? m[1].toLowerCase() + 's' : single(m[1]), metadata: { species: single(m[1]) } }];
  // A pet the speaker calls theirs ("my beagle Biscuit is not enjoying the altitude", "Buddy, my lab, won't eat") is
  // still theirs whatever the predicate denies; only an ending ("…isn't with us anymore") retracts it.
  const owned = c.negated && !c.ending ? { op: 'assert' as const } : {};
  // Appositive: "Buddy, my beagle, keeps stealing socks"
  const appo = RE_PETS_APPO.exec(c.text);
  if (appo && isName(appo[1])) return [{ key: 'pet', value: petValue(appo[2], appo[1]), subject: c.speaker, metadata: { species: single(appo[2]), name: appo[1] }, ...owned }];
  // "my cat is called Mochi", "my golden retriever Max", "my two cats, Miso and Tofu"
  const mine = RE_PETS_3;
  if ((m = mine.exec(c.text))) {
    const cue = NAME_CUE.exec(c.text.slice((m.index ?? 0) + m[0].length - (m[3]?.length ?? 0)));
    const names = m[3] ? splitList(m[3]).filter(isName) : cue && isName(cue[1]) ? [cue[1]] : [];
    if (names.length) for (const n of names) out.push({ key: 'pet', value: petValue(m[1], n), subject: c.speaker, metadata: { species: single(m[1]), name: n }, ...owned });
    else out.push({ key: 'pet', value: m[2] ? m[1].toLowerCase() + 's' : single(m[1]), subject: c.speaker, confidence: 0.75, metadata: { species: single(m[1]) }, ...owned });
    return out;
  }
  return out;
};

export const PET_RULES: Rule[] = [pets];
