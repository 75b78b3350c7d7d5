import { extractOffline } from './src/core/extraction/offline-extractor.ts';
import { loadCorpus } from './bench/extraction-score.ts';
const turns = loadCorpus().map((l) => l.text ?? '').filter(Boolean);
const ctx = { timestamp: '2024-05-08T15:00:00.000Z', sessionId: 'b', recentTurns: [] };
const t0 = performance.now();
for (let r = 0; r < 30; r++) for (const t of turns) extractOffline([{ role: 'user', content: t }], ctx);
console.log('ms/turn', (performance.now() - t0) / (30 * turns.length));
