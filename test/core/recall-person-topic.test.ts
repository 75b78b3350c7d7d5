// Issue 14's relevance gate for a known person (session 20, gate23): a question about someone the memory knows, on a
// topic never discussed, gets an empty context — the everyday words around the topic ("favourite", "last month",
// "brand") and the person's name do not make it discussed — while a question about what that person did say still
// gets its evidence.
import { afterEach, describe, expect, test } from 'vitest';
import { MemoryService } from '../../src/core/service.ts';
import type { Extractor } from '../../src/core/ports.ts';
import { answerTypeHead, misspelling, unsupportedTopic } from '../../src/core/recall/person-topic.ts';
import { RETRIEVE } from '../../src/core/recall/retrieve.ts';
import { analyze } from '../../src/core/text/analyze.ts';
import { openLexicon } from '../../src/providers/lexicon/create-lexicon.ts';
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';

const wordnet = openLexicon({}).lexicon;
const noExtraction: Extractor = { name: 'none', extract: async () => [] };
const silent = { info() {}, warn() {}, error() {} };

describe('answerTypeHead: the kind of thing a wh-question asks for', () => {
  test.each([
    ['What state did Nate visit?', 'state'],
    ['Which volcano has Omar climbed?', 'volcano'],
    ['What are the main ingredients of the soup Dana made?', 'ingredients'],
    ['Which tarot card does Dana keep drawing?', 'card'],
    ["What is Dana's favourite constellation?", null],
    ['How big is Omar’s aquarium?', null],
    ['Who is Dana’s dentist?', null],
  ])('%s → %s', (q, head) => expect(answerTypeHead(q)).toBe(head));
});

describe('unsupportedTopic: a concrete thing never said, absent from the person’s documents', () => {
  // df: the scope's documents holding each word (0 = never said by anyone).
  const run = (question: string, missingWords: string[], df: Record<string, number> = {}) =>
    unsupportedTopic({ question, missing: missingWords.flatMap((w) => analyze(w)), dfOf: (t) => df[t] ?? 0, lexicon: wordnet });
  test.each([
    // A thing never discussed: vetoes.
    ["What is Dana's favourite telescope?", ['telescope'], {}, 'telescope'],
    ['Which houseplant did Omar kill last month?', ['houseplant', 'kill'], {}, 'houseplant'],
    ['What brand of espresso machine does Dana own?', ['espresso'], {}, 'espresso'],
    ['Which tarot card does Omar keep drawing?', ['tarot', 'card'], {}, 'tarot'],
    // Said by someone in the scope (another speaker): not this rule's to veto.
    ["What is Dana's favourite telescope?", ['telescope'], { [analyze('telescope')[0]!]: 2 }, null],
    // A rare word names a topic whatever its class ("constellation": first sense a configuration, noun.cognition)...
    ["What is Dana's favourite constellation?", ['constellation'], {}, 'constellation'],
    // ...or its place: a rare head is a topic, not the answer's kind.
    ['Which houseplant did Omar water?', ['houseplant'], {}, 'houseplant'],
    // Frame nouns (a reason, an ability, an intention) and typos are no topic.
    ["What is Dana's reason for getting into running?", ['reason'], {}, null],
    ["How does Omar feel about Dana's ability to bounce back?", ['ability'], {}, null],
    ['When did Dana go to the pride fesetival?', ['fesetival'], {}, null],
    // A word the lexicon does not know is a topic unless one edit makes it a word it knows.
    ['Which smartwatch does Omar wear?', ['smartwatch'], {}, 'smartwatch'],
    ["What is Dana's opinion on Kubernetes?", ['kubernetes'], {}, 'Kubernetes'],
    ['Which torunament did Omar win?', ['torunament'], {}, null],
    ['How many letters has Dana recieved?', ['recieved'], {}, null],
    // Acronyms, short tokens and numbers are left to the coverage bar.
    ["What was Dana's SAT score?", ['SAT'], {}, null],
    // The answer's kind, alone: "What state" is answered by "Florida".
    ['What state did Omar visit?', ['state'], {}, null],
    ['What ingredient did Omar use in the soup?', ['ingredient'], {}, null],
    // ...but not beside another missing word.
    ['Which volcano has Omar climbed in Iceland?', ['volcano', 'iceland'], {}, 'volcano'],
    // Nothing missing: nothing to veto.
    ['What did Dana paint?', [], {}, null],
  ])('%s (missing %j, df %j) → %s', (q, missing, df, want) => expect(run(q, missing, df)).toBe(want));
});

describe('misspelling: one edit from a word the lexicon knows', () => {
  test.each([
    ['fesetival', true],
    ['torunament', true],
    ['recieved', true],
    ['educaton', true],
    ['kubernetes', false],
    ['cryptocurrency', false],
    ['smartwatch', false],
  ])('%s → %s', (w, want) => expect(misspelling(w, wordnet)).toBe(want));
});

describe('recall for a known person: undiscussed topic empty, discussed topic answered', () => {
  const saved = RETRIEVE.personTopic;
  afterEach(() => {
    RETRIEVE.personTopic = saved;
  });
  // An invented chat between two speakers: Dana says "favourite", "last month", "brand", "machine" and "kill" about
  // other things; nobody says constellation, houseplant, espresso or cholesterol.
  const lines: Array<[string, string]> = [
    ['Dana', 'Hi Omar! Last month I finally finished the mural on the library wall.'],
    ['Omar', 'That is great, Dana! What colours did you use?'],
    ['Dana', 'Mostly blues. My favourite part is the heron by the river.'],
    ['Omar', 'I bought a new sewing machine, the brand my aunt uses.'],
    ['Dana', 'Nice! Those long shifts at the bakery kill me, so I sew less now.'],
    ['Omar', 'My level of patience with the oven is low too.'],
    ['Dana', 'I am training for a half marathon in October.'],
    ['Omar', 'Good luck with the half marathon, Dana!'],
  ];
  async function service() {
    const s = new MemoryService({ store: new InMemoryStore(), offlineExtractor: noExtraction, logger: silent, lexicon: wordnet });
    for (const [i, [name, content]] of lines.entries()) {
      const ts = new Date(Date.parse('2023-05-08T10:00:00Z') + i * 60_000).toISOString();
      await s.ingestTurn({ sessionId: 's1', userId: 'u', messages: [{ role: 'user', name, content }], timestamp: ts });
    }
    return s;
  }
  const ask = async (s: MemoryService, query: string) => s.recall({ query, sessionId: null, userId: 'u', maxTokens: 512 });

  const undiscussed = ["What is Dana's favourite telescope?", 'Which houseplant does Dana water every month?', 'Which espresso brand does Omar like?', "What is Omar's cholesterol level?"];
  test.each(undiscussed.map((q) => [q]))('%s → empty', async (q) => {
    const s = await service();
    expect(await ask(s, q)).toEqual({ context: '', citations: [], tokens: 0 });
  });

  test.each([
    ["What is Dana's favourite part of the mural?", 'heron'],
    ['What brand of sewing machine did Omar buy?', 'sewing machine'],
    ['What is Dana training for?', 'half marathon'],
    ['What did Dana finish last month?', 'mural'],
  ])('%s → evidence with "%s"', async (q, evidence) => {
    const s = await service();
    expect((await ask(s, q)).context).toContain(evidence);
  });

  test('the rule is what empties them: off, the everyday words pass the named-person bar', async () => {
    RETRIEVE.personTopic = 0;
    const s = await service();
    const passed = [];
    for (const q of undiscussed) if ((await ask(s, q)).context !== '') passed.push(q);
    expect(passed.length).toBeGreaterThan(0);
  });
});
