import { aggregate, loadCorpus, prf, scoreLine } from './bench/extraction-score.ts';
const rs = loadCorpus().filter(l=>l.id.startsWith('b2-')).map(l=>scoreLine(l));
const a = aggregate(rs); const m = prf(a.overall); console.log('BLIND b2', rs.length, a.overall, m);
for (const r of rs) { if (!r.missed.length && !r.extra.length) continue; console.log(`[${r.line.id}] ${r.line.text ?? JSON.stringify(r.line.msgs)}`); for (const e of r.missed) console.log('  MISS', e.s, e.k, e.v ?? '/'+e.vp+'/', e.op ?? '', e.d ?? ''); for (const p of r.extra) console.log('  EXTRA', p.subject, p.key, '=', p.value, p.op, p.confidence, p.eventDate ?? ''); }
