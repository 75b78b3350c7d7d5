/**
 * @module bench/lib/scale-gen
 * A deterministic generator of varied conversational turns for the scale benchmark: one user
 * talking to an assistant every day for years about jobs, moves, pets, hobbies, opinions, dated
 * events and small talk, plus the fixed question set asked of that history. Same seed, same
 * turns. Pure.
 */

/** Mulberry32: a small, fast, seedable PRNG. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES = ['Lisbon', 'Berlin', 'Toronto', 'Osaka', 'Denver', 'Porto', 'Austin', 'Dublin', 'Seoul', 'Melbourne', 'Valencia', 'Krakow'];
const COMPANIES = ['Intel', 'Shopify', 'Siemens', 'a small bakery', 'the city library', 'Spotify', 'a dental clinic', 'Bosch', 'a design studio', 'the university hospital'];
const TITLES = ['software engineer', 'nurse', 'product manager', 'barista', 'data analyst', 'teacher', 'architect', 'sales lead', 'paramedic', 'copywriter'];
const PETS = [['dog', 'Biscuit'], ['cat', 'Miso'], ['parrot', 'Kiwi'], ['dog', 'Pepper'], ['rabbit', 'Clover'], ['cat', 'Luna'], ['tortoise', 'Sheldon']];
const HOBBIES = ['pottery', 'bouldering', 'sourdough baking', 'salsa dancing', 'trail running', 'chess', 'watercolor painting', 'birdwatching', 'woodworking', 'playing the cello', 'kayaking', 'knitting'];
const FOODS = ['ramen', 'tacos', 'pho', 'lasagna', 'sushi', 'falafel', 'paella', 'dumplings', 'curry', 'pierogi'];
const TOPICS = ['jazz', 'remote work', 'electric cars', 'reality TV', 'modern art', 'pineapple on pizza', 'camping', 'social media', 'audiobooks', 'minimalism'];
const FRIENDS = ['Maya', 'Tomás', 'Priya', 'Jonas', 'Aiko', 'Lena', 'Omar', 'Chloe', 'Mateo', 'Grace'];
const EVENTS = ['ran a half marathon', 'went to a wedding', 'had a job interview', 'visited my grandmother', 'went to a concert', 'had a dentist appointment', 'finished a big project', 'hosted a dinner party', 'took a pottery workshop', 'went hiking in the mountains'];
const SMALL = ['Good morning! How are you today?', 'Thanks, that helps a lot.', 'Haha, fair enough.', 'Can you remind me what we talked about?', 'Ok, sounds good.', 'What a long day.', 'I am so tired today.', 'Any tips for staying focused?', 'The weather is awful here.', 'Nice, thank you!'];
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const REPLIES = ['That sounds great!', 'Thanks for sharing that.', 'Good to know, I will remember it.', 'How did that feel?', 'That is lovely.', 'Interesting! Tell me more.', 'Sorry to hear that.', 'Nice, congratulations!'];

export interface GeneratedTurn {
  sessionId: string;
  timestamp: string;
  user: string;
  assistant: string;
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)];

/** One user's turn text: a fact, an opinion, a dated event or small talk, varied by the PRNG. */
function userLine(r: () => number, day: Date): string {
  const k = r();
  const when = `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
  if (k < 0.08) return `I just started a new job as a ${pick(r, TITLES)} at ${pick(r, COMPANIES)}.`;
  if (k < 0.13) return `We finally moved to ${pick(r, CITIES)} last week, the apartment is still full of boxes.`;
  if (k < 0.2) {
    const [kind, name] = pick(r, PETS);
    return `My ${kind} ${name} ${pick(r, ['chewed my shoes again', 'loves the new park', 'was sick yesterday', 'learned a new trick', 'slept all afternoon'])}.`;
  }
  if (k < 0.32) return `I spent the weekend ${pick(r, ['doing', 'practicing', 'trying'])} ${pick(r, HOBBIES)} with ${pick(r, FRIENDS)}.`;
  if (k < 0.4) return `Honestly I ${pick(r, ['love', 'can not stand', 'am on the fence about', 'really like'])} ${pick(r, TOPICS)}.`;
  if (k < 0.48) return `My favorite food these days is ${pick(r, FOODS)}, I had it ${pick(r, ['twice this week', 'for lunch', 'with Maya', 'at the market'])}.`;
  if (k < 0.6) return `On ${when} I ${pick(r, EVENTS)} in ${pick(r, CITIES)}.`;
  if (k < 0.68) return `${pick(r, FRIENDS)} told me they are ${pick(r, ['getting married', 'moving abroad', 'starting a band', 'having a baby', 'learning Japanese'])}.`;
  return pick(r, SMALL);
}

/** `n` turns, about five a day, one session a day, from 1 Jan 2021. */
export function* generateTurns(n: number, seed = 13): Generator<GeneratedTurn> {
  const r = prng(seed);
  const start = Date.UTC(2021, 0, 1, 9);
  for (let i = 0; i < n; i++) {
    const dayIndex = Math.floor(i / 5);
    const day = new Date(start + dayIndex * 86400_000);
    yield {
      sessionId: `day-${dayIndex}`,
      timestamp: new Date(start + dayIndex * 86400_000 + (i % 5) * 600_000).toISOString(),
      user: userLine(r, day),
      assistant: pick(r, REPLIES),
    };
  }
}

/** The fixed question set: facts, history, opinions, dated events, people, small talk and never-discussed topics. */
export const QUESTIONS: readonly string[] = [
  'Where do I work now?',
  'What is my job title?',
  'Where did I work before?',
  'Where do I live?',
  'Which cities have I lived in?',
  "What is my dog's name?",
  'What did Biscuit do?',
  'Is Miso ok?',
  'What hobbies do I have?',
  'Who do I go bouldering with?',
  'When did I run a half marathon?',
  'What did I do in March 2022?',
  'When did I go to a wedding?',
  'What do I think about jazz?',
  'How do I feel about electric cars?',
  'What is my favorite food?',
  'Where did I have ramen?',
  'What is Maya up to?',
  'Is Priya getting married?',
  'What did Tomás tell me?',
  'Recommend a weekend activity for me.',
  'What did I do recently?',
  'How old is my tortoise Sheldon?',
  'Did I take a pottery workshop?',
  'What happened at the concert?',
  'How do I configure a Kubernetes ingress controller?',
  'What is the capital of Australia?',
  'How many moons does Neptune have?',
  'What is my blood type?',
  'Tell me about my last job interview.',
];
