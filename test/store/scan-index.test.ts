// The RecallIndex conformance suite on the scan reference (the in-process store): the semantics
// the indexed backends are held to.
import { InMemoryStore } from '../../bench/lib/in-memory-store.ts';
import { runRecallIndexConformance } from './conformance.ts';

runRecallIndexConformance('in-memory (scan reference)', async () => new InMemoryStore());
