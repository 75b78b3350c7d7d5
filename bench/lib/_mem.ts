import { InMemoryStore } from './in-memory-store.ts';
import { MemoryService } from '../../src/core/service.ts';
import { OfflineExtractor } from '../../src/core/extraction/offline-extractor.ts';
import { loadLocomo } from './locomo-data.ts';
const c = loadLocomo('/work/shared/datasets/locomo/locomo-dev.json').find(c => c.sampleId === 'conv-26')!;
const store = new InMemoryStore();
const svc = new MemoryService({ store, offlineExtractor: new OfflineExtractor() });
for (const t of c.turns) await svc.ingestTurn({ sessionId: t.sessionId, userId: c.sampleId, messages: [{ role: 'user', name: t.speaker, content: t.text }], timestamp: t.timestamp });
const ms = await store.listMemories('u:conv-26', { includeInactive: true });
for (const m of ms.slice(0, 40)) console.log(m.type, m.subject, m.key, '=', m.value, m.eventDate ?? '', m.active ? '' : '(inactive)');
for (const q of c.questions.filter(q => q.category === 2).slice(0, 3)) { const r = await svc.recall({ query: q.question, sessionId: null, userId: c.sampleId, maxTokens: 512 }); console.log('\nQ', q.question, q.evidence, '\n' + r.context); }
