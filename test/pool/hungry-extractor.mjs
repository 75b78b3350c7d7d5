// A test double for the turn pool: an extractor whose task holds ~320 MB of live memory, more than a
// capped worker heap allows (the worker then dies of ERR_WORKER_OUT_OF_MEMORY). Plain JS so a
// worker imports it without the TypeScript loader.
export class HungryExtractor {
  name = 'hungry';
  async extract() {
    const held = [];
    for (let i = 0; i < 40; i++) held.push(new Array(1_000_000).fill(i));
    return held.length > 0 ? [] : [];
  }
}
