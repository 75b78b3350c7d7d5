/**
 * @module bench/rule-census
 * How many rule calls a bench turn's offline extraction makes and how many return anything (docs/ingest.md, Session
 * 24): the rule tables (personal facts, family, pets, health, preferences) are wrapped in place before the extractor
 * module builds its rule lists from them, and each call is counted with the share of the process's CPU it took.
 *
 * Usage: node --no-regexp-tier-up --import tsx bench/rule-census.ts [turns=400] [top=25]
 */
import type { Clause, Draft, Rule } from '../src/core/extraction/model.ts';
import { PERSONAL_FACT_RULES } from '../src/core/extraction/rules/personal-facts.ts';
import { FAMILY_RULES } from '../src/core/extraction/rules/family.ts';
import { PET_RULES } from '../src/core/extraction/rules/pets.ts';
import { HEALTH_RULES } from '../src/core/extraction/rules/health.ts';
import { PREFERENCE_RULES } from '../src/core/extraction/rules/preferences.ts';

// bench/extraction-score and bench/lib import the extractor: loaded after the wrapping (below), as it is.
const turnCount = (Number(process.argv[2] ?? 400));
const top = Number(process.argv[3] ?? 25);
let counting = false;
const stats = new Map<string, { calls: number; drafts: number; ns: bigint }>();
const tables: Array<[string, Rule[]]> = [['personal', PERSONAL_FACT_RULES], ['family', FAMILY_RULES], ['pets', PET_RULES], ['health', HEALTH_RULES], ['preferences', PREFERENCE_RULES]];
for (const [table, rules] of tables)
  rules.forEach((rule, i) => {
    const name = `${table}:${rule.name || i}`;
    rules[i] = (c: Clause): Draft[] => {
      if (!counting) return rule(c);
      const t0 = process.hrtime.bigint();
      const out = rule(c);
      const st = stats.get(name) ?? { calls: 0, drafts: 0, ns: 0n };
      st.calls++;
      if (out.length > 0) st.drafts++;
      st.ns += process.hrtime.bigint() - t0;
      stats.set(name, st);
      return out;
    };
  });
const { extractOffline } = await import('../src/core/extraction/offline-extractor.ts');
const { evalLexicon } = await import('./extraction-score.ts');
const turns = (await import('./lib/bench-turns.ts')).benchTurns(turnCount);
const lexicon = evalLexicon();
for (let r = 0; r < 2; r++) for (const t of turns) extractOffline(t.messages, t.ctx, true, undefined, lexicon);
counting = true;
const c0 = process.cpuUsage();
const w0 = process.hrtime.bigint();
for (const t of turns) extractOffline(t.messages, t.ctx, true, undefined, lexicon);
const wall = Number(process.hrtime.bigint() - w0);
const c = process.cpuUsage(c0);
let calls = 0;
let drafts = 0;
let ns = 0;
for (const s of stats.values()) {
  calls += s.calls;
  drafts += s.drafts;
  ns += Number(s.ns);
}
console.log(`${turns.length} bench turns, ${((c.user + c.system) / 1000 / turns.length).toFixed(2)} CPU ms a turn (timed): ${stats.size} rules called, ${(calls / turns.length).toFixed(0)} calls a turn, ${((100 * drafts) / calls).toFixed(1)}% returned a draft; the rules' own time ${((100 * ns) / wall).toFixed(1)}% of the wall time`);
console.log('calls/turn  with drafts  share of wall  rule');
for (const [k, s] of [...stats].sort((a, b) => Number(b[1].ns - a[1].ns)).slice(0, top))
  console.log(`${(s.calls / turns.length).toFixed(1).padStart(10)} ${String(s.drafts).padStart(12)} ${((100 * Number(s.ns)) / wall).toFixed(2).padStart(12)}%  ${k}`);
