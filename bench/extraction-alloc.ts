/**
 * @module bench/extraction-alloc
 * Bytes the offline extractor allocates per `bench:ingest` turn (two user statements and an assistant reply), by V8's
 * sampling heap profiler with collected objects included (so it is the allocation rate, not what stays live), and the
 * functions that allocate most (self, then inclusive). Allocation per turn drives the young-generation collections
 * that V8's helper threads and the main thread pay for (docs/ingest.md "Session 16", "Session 18").
 *
 * Usage: node --max-semi-space-size=32 --no-regexp-tier-up --import tsx bench/extraction-alloc.ts [checkout dir] [turns] [top]
 */
import inspector from 'node:inspector';
import { fileURLToPath } from 'node:url';

const dir = process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url));
const n = Number(process.argv[3] ?? 1000);
const top = Number(process.argv[4] ?? 20);
const { extractOffline } = await import(`${dir}/src/core/extraction/offline-extractor.ts`);
const { evalLexicon } = await import(`${dir}/bench/extraction-score.ts`);
const { planTurn } = await import(`${dir}/bench/lib/ingest-load.ts`);
const lexicon = evalLexicon();
const plan = { kind: 'many', base: 0, users: 100 } as const;
const run = (k: number) => {
  const t = planTurn(plan, k);
  extractOffline(t.messages, { timestamp: t.timestamp, sessionId: t.session_id, recentTurns: [] }, true, undefined, lexicon);
};
for (let k = 0; k < 700; k++) run(k); // warm-up: JIT and the process-wide memos
const session = new inspector.Session();
session.connect();
const post = (method: string, params: object = {}) => new Promise<any>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res))));
await post('HeapProfiler.enable');
await post('HeapProfiler.startSampling', { samplingInterval: 4096, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
for (let k = 700; k < 700 + n; k++) run(k);
const { profile } = await post('HeapProfiler.stopSampling');
type Node = { callFrame: { functionName: string; url: string }; selfSize: number; children: Node[] };
const self = new Map<string, number>();
const incl = new Map<string, number>();
let total = 0;
const walk = (node: Node, stack: string[]) => {
  const k = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}`;
  total += node.selfSize;
  self.set(k, (self.get(k) ?? 0) + node.selfSize);
  const st = stack.includes(k) ? stack : [...stack, k];
  for (const x of st) incl.set(x, (incl.get(x) ?? 0) + node.selfSize);
  for (const c of node.children) walk(c, st);
};
walk(profile.head, []);
const kb = (b: number) => `${(b / n / 1024).toFixed(1).padStart(6)} KB`;
console.log(`${dir}: sampled allocation per turn ${kb(total).trim()} over ${n} turns`);
for (const [k, v] of [...self].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`self ${kb(v)} ${k}`);
for (const [k, v] of [...incl].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(`incl ${kb(v)} ${k}`);
