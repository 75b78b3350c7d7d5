// Run by turn-pool.test.ts as `node --import tsx` (how the server runs): one pooled extraction,
// then prints how many tasks fell back inline. Regression: under tsx the worker's dynamic import
// of the .ts extractor module failed and every extraction silently ran on the event loop.
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { TurnPool } from '../../src/pool/turn-pool.ts';

const pool = new TurnPool({ threads: 1, inlineExtractionBelowChars: 0 });
await pool.warmUp();
const candidates = await pool.extractor(new OfflineExtractor()).extract([{ role: 'user', content: 'I just moved to Berlin for a new job.' }], { timestamp: '2024-05-01T10:00:00.000Z', sessionId: 's', recentTurns: [] });
await pool.close();
console.log(JSON.stringify({ fallbacks: pool.fallbacks, candidates: candidates.length }));
