/**
 * @module core/warm-up-sample
 * The made-up conversation MemoryService.warmUpOnSample ingests into a scratch store at start-up,
 * so that recall's code runs once over real rows before the first request: ranking, features,
 * turn rendering, secret masking and the memory lines only run when a scope has rows, and an
 * empty-scope warm-up never reaches them (docs/recall-architecture.md, session 16). Varied like a
 * user's history (a job and a change of job, a move, pets, hobbies, opinions, dated events, small
 * talk) and answering MemoryService's WARM_UP_QUESTIONS. No real user's data.
 */

/** One made-up turn: the user's message and the assistant's reply, on a day of 2023. */
export interface SampleTurn {
  day: string;
  user: string;
  assistant: string;
}

export const WARM_UP_SAMPLE: readonly SampleTurn[] = [
  { day: '2023-03-02', user: 'I work as a nurse at Mercy Hospital, mostly night shifts.', assistant: 'Night shifts are hard. How long have you been there?' },
  { day: '2023-03-02', user: 'About four years now. My dog Biscuit keeps me company when I get home.', assistant: 'Biscuit sounds like a good companion.' },
  { day: '2023-04-11', user: 'We finally moved to Portland last week, the apartment is still full of boxes.', assistant: 'Congratulations on the move!' },
  { day: '2023-04-11', user: 'Honestly I love hiking, the trails here are amazing.', assistant: 'Portland has great trails nearby.' },
  { day: '2023-05-20', user: 'Our old cat Mochi passed away in May, we had her for twelve years.', assistant: 'I am so sorry about Mochi.' },
  { day: '2023-06-03', user: 'I just started a new job as a data analyst at Northwind.', assistant: 'A big change from nursing! How is it going?' },
  { day: '2023-06-03', user: 'Good so far, my manager Priya is very kind.', assistant: 'A kind manager makes a difference.' },
  { day: '2023-07-12', user: 'On 12 July 2023 I ran a half marathon in Seattle with my friend Tom.', assistant: 'Well done! What was your time?' },
  { day: '2023-07-14', user: 'I went to a pottery workshop on Friday and made a lopsided bowl.', assistant: 'Lopsided bowls have character.' },
  { day: '2023-08-01', user: 'My favorite food these days is ramen, I had it twice this week.', assistant: 'Any favourite place?' },
  { day: '2023-08-19', user: 'I can not stand crowded beaches, we left after an hour.', assistant: 'Quieter spots are nicer.' },
  { day: '2023-09-05', user: 'Tom told me he is getting married next spring.', assistant: 'That is lovely news.' },
  { day: '2023-09-30', user: 'We adopted a kitten called Pepper, Biscuit is not sure about her yet.', assistant: 'They will get used to each other.' },
  { day: '2023-10-08', user: 'thanks, that helps!', assistant: 'Glad to help.' },
  { day: '2023-11-16', user: 'I have been learning Spanish on weekends, my password for the app is hunter2.', assistant: 'Keep your passwords private.' },
  { day: '2023-12-24', user: 'We spent Christmas at my parents house in Boise.', assistant: 'Sounds cosy. How was it?' },
  // Names and words with accents: text outside Latin-1's ASCII half is held in two-byte strings, which code optimized
  // on ASCII text alone meets as a new string class (a deoptimization at the user's first accented name).
  { day: '2024-01-13', user: 'My neighbour Zoë lent us her ladder, she runs the café on Elm Street.', assistant: 'Good neighbours are gold.' },
  { day: '2024-01-20', user: 'José from work invited me to his band’s gig at El Niño next Friday.', assistant: 'Sounds like fun, are you going?' },
];

/**
 * What warmUpOnSample asks of the sample besides MemoryService's WARM_UP_QUESTIONS, over several passes: the shapes of
 * question recall branches on (a list, a count, a date, a when, a duration, a person, an opinion, a favourite, a
 * recommendation, the latest news, a thing's history, a question the memory cannot answer), so that V8 has optimized
 * the recall path with the types each shape brings before the first request, instead of compiling and deoptimizing
 * through a user's first hundreds of recalls (docs/recall-architecture.md, Session 22).
 */
export const WARM_UP_SAMPLE_QUESTIONS: readonly string[] = [
  'Which hobbies have I mentioned?',
  'How many pets do I have?',
  'What did I do in September 2023?',
  'When did I move to Portland?',
  'How long did I work at Mercy Hospital?',
  'Who is Priya?',
  'What is Tom up to?',
  'What do I think about crowded beaches?',
  'What food do I like most?',
  'Suggest something fun for my Saturday.',
  'What have I been up to lately?',
  'How is Pepper getting on?',
  'Where did I spend Christmas?',
  'Which language am I learning?',
  'What is the boiling point of water?',
  'Which café does Zoë run?',
  'What did José invite me to?',
];
