/**
 * Recall by meaning, session 10, in wording written for this file (no probe set's users, nouns or
 * question shapes): circumstance words that do not name the topic (a time, the weather, "good",
 * "tonight"), request words and "holding up" as framing, stance idioms, derivations of a rare word,
 * an employer asked by what it does, a relative as the subject of the ask, the name of a thing in an
 * embedded question, generic asks with a possessive or a scene-setting first sentence. Each rule has
 * never-discussed rows beside it that must stay empty.
 *
 * Each row (expectRows): the ask, and either the words of which one must be in the context, or [] for an
 * empty context.
 */
import { expect, test } from 'vitest';
import { expectRows, withOfflineApp, type ContextRow } from './offline-app.ts';

const tomasz = [
  'Tomasz here, I teach chemistry at a grammar school in Gdansk.',
  'Every Thursday I throw in the darts league at the bar by the harbour.',
  'I keep bees on the allotment, three hives behind the shed.',
  'My pickup is an old Ford Ranger, the clutch is going.',
  'Our dog Kasztan sleeps under my desk all day.',
  'My sister Ewa works as a midwife in Sopot.',
  'Honestly sauerkraut is awful, it smells like a wet cellar.',
  'Left the darts league, the bar closed down. I play table tennis at the community hall now.',
  'Sold the Ranger to my neighbour, I take the tram everywhere now.',
  'It rained all through the holidays and I loved listening to it on the roof.',
  'These days I ferment my own sauerkraut and I love it, I eat it every week.',
];

const stable = ['tomasz', 'gdansk', 'chemistry', 'kasztan', 'ewa'];

const marisol = [
  'Marisol here, I run a ceramics studio in Valencia.',
  'My nephew Iker is obsessed with dinosaurs, he knows every Latin name.',
  'My husband Andrés restores old motorbikes in the garage.',
  'The physician at the clinic told me to cut down on coffee.',
];

const nadia = [
  'Nadia here, I run the soil lab at the agricultural college.',
  'My old hatchback finally died, so I bought a used Skoda estate car.',
  'Jazz is just noise to me, the cellar club downstairs plays it every night.',
  'I cycle to the lab on sunny days.',
  'Went down to the cellar club after all, the Coltrane tribute made me a convert.',
];

const henrik = [
  "I'm Henrik, a ferry engineer on the Helsingør crossing.",
  'We live in a terraced house in Roskilde with two cats.',
  "Handed in my notice at the ferry company, I'm training to become a carpenter now.",
];

const cases: Array<[title: string, said: string[], rows: ContextRow[]]> = [
  [
    'a time, the weather or an evaluation around the topic does not decide the gate; the topic does',
    tomasz,
    [
      ['Is it darts night at the bar tonight?', ['left the darts', 'table tennis']],
      ['Is the weather good for the bees this Sunday?', ['bees', 'hives']],
      ['How is my pickup holding up?', ['ranger']],
      ['Is it bingo night at the club tonight?', []],
      ['Is the weather good for sailing this Sunday?', []],
      ['How is my greenhouse holding up?', []],
      ['Any tips for the next marathon?', []],
    ],
  ],
  [
    'a stance idiom frames an opinion ask; a derived word reaches its base form',
    tomasz,
    [
      ['Sauerkraut: where do I stand on it now?', ['love it', 'ferment']],
      ['What do I make of sauerkraut these days?', ['love it', 'ferment']],
      ['What do I make of rainy days?', ['rained']],
      ['What do I make of opera these days?', []],
      ['Where do I stand on kimchi?', []],
      ['What do I make of snowy winters?', []],
    ],
  ],
  [
    'the employer asked by what it does, or "at this point"; a relative as the subject asks about the relative',
    tomasz,
    [
      ['Who is my employer at this point?', ['grammar school', 'chemistry']],
      ['Which institution pays my wages now?', ['grammar school', 'chemistry']],
      ['Which company insures my flat?', []],
      ['What does my sister do for work?', ['midwife']],
      ['What does my father do for work?', []],
      ['Where did my brother study?', []],
      ['Who is my landlord at this point?', []],
    ],
  ],
  [
    'the name of a thing asked inside a request is that thing\'s',
    tomasz,
    [
      ['Remind me what the dog is called?', ['kasztan']],
      ['Remind me what the parrot is called?', []],
      ['Remind me what the tortoise is called.', []],
    ],
  ],
  [
    'a generic ask with a possessive person noun, or after a sentence that sets the scene',
    tomasz,
    [
      ["Give me a short overview of this user's life.", stable],
      ['Writing a note to Tomasz. Anything about his situation I should keep in mind?', stable],
      ['Writing a note to Tomasz. Anything about his pension I should keep in mind?', []],
      ["Give me a short overview of this user's mortgage.", []],
    ],
  ],
  [
    'a present by the structure of the ask: a verb of giving or buying and the person it is for; a word by a synonym sharing its first sense',
    marisol,
    [
      ['Which book should I buy for my nephew?', ['dinosaur']],
      ['What could I give my husband for Christmas?', ['motorbike']],
      ['Should I buy a standing desk for my back?', []],
      ['Which plant should I buy for the balcony?', []],
      ['What did my doctor tell me to change?', ['coffee']],
      ['What did my dentist tell me to change?', []],
    ],
  ],
  [
    'a word the lexicon does not know, as the object of a verb of travelling, is a vehicle; a stance idiom brings the later turn that moved the stance',
    nadia,
    [
      ['Which kombi am I driving now?', ['skoda']],
      ['Which horse am I riding now?', []],
      ['Jazz: where have I landed on it?', ['convert', 'coltrane']],
      ['Opera: where have I landed on it?', []],
    ],
  ],
  [
    'a profile ask shows the later turn of a stable fact\'s kind that extraction did not end; a time that fits around work is answered by the turns about work',
    henrik,
    [
      ['Write a short bio of me for the sailing club newsletter.', ['carpenter']],
      ['What do you know about me so far?', ['carpenter']],
      ['What is my shoe size?', []],
      ['Which dentist do I see?', []],
      ['Find me a slot for a haircut that fits around work.', ['ferry', 'carpenter']],
      ['Which barber did I use last time?', []],
    ],
  ],
];

test.each(cases)('%s', (_title, said, rows) => expectRows(said, rows));

test('an opinion arc reads the topic in its other forms and quotes the sentence naming most of it', async () => {
  const said = [
    'Snowy winters sound dreadful to me, I hate being cold.',
    'Our first snow in Tromsø today, honestly it was pretty.',
    'It has snowed for a week and I go skiing after work, I love it now.',
  ];
  await withOfflineApp(
    said,
    async (ask) => {
      const arc = (await ask('What do I make of snowy weather these days?')).toLowerCase();
      expect(arc).toContain("user's view of snowy — now");
      expect(arc).toContain('love it now');
      expect(arc).toContain('dreadful');
      expect(await ask('What do I make of foggy weather these days?')).toBe('');
    },
    { sessions: true },
  );
});
