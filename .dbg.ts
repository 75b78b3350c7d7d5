import { extractOffline } from './src/core/extraction/offline-extractor.ts';
import { analyseText } from './src/core/extraction/nlp.ts';
import { detectCorrection } from './src/core/extraction/rules/corrections.ts';
import { resolveDate } from './src/core/extraction/dates.ts';
const ts='2024-05-08T15:00:00.000Z';
for (const t of process.argv.slice(2)) {
  console.log(analyseText(t).map(s=>s.text));
  console.log(detectCorrection(t));
  console.log(JSON.stringify(extractOffline([{role:'user',content:t}], {timestamp:ts, sessionId:'s', recentTurns:[]}).map(c=>[c.subject,c.key,c.value,c.op,c.eventDate,c.confidence])));
}
console.log(resolveDate('the 15th', new Date(ts), true));
