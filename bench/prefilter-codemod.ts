/**
 * @module bench/prefilter-codemod
 * The Session 24 experiment, reproducible (docs/ingest.md): rewrites a SCRATCH checkout's extractor so that
 * `RX.test(x)` / `RX.exec(x)` become `pfTest(PF_n, x)` / `pfExec(PF_n, x)` in src/core/extraction, where RX is a regex
 * literal or a const initialised with one (flags without g/y: stateless, so a hoisted copy is the same regex), the
 * prefilter (bench/lib/regex-prefilter.ts, copied to src/core/extraction/prefilter.ts) finds at most MAXLITS required
 * literals, (unless ANCHORED=1) the source does not start with `^`, and (with COSTLY=<file of a JSON array of regex
 * sources>) the regex is one of those. PF_n = pf(/…/) is declared once per distinct literal after the module's
 * imports. Then compare with `bench/extraction-ab.ts <start checkout> <scratch checkout> bench`.
 *
 * Usage (in the scratch checkout): [MAXLITS=8] [ANCHORED=1] [COSTLY=file] node --import tsx bench/prefilter-codemod.ts
 */
import ts from 'typescript';
import { copyFileSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { requiredLiterals } from './lib/regex-prefilter.ts';

const MAXLITS = Number(process.env.MAXLITS ?? 8);
const ANCHORED = process.env.ANCHORED === '1';
const COSTLY = process.env.COSTLY ? new Set<string>(JSON.parse(readFileSync(process.env.COSTLY, 'utf8'))) : null;
let outside = 0;
const root = process.cwd();
copyFileSync(`${root}/bench/lib/regex-prefilter.ts`, `${root}/src/core/extraction/prefilter.ts`);
const files: string[] = [];
const walk = (dir: string) => {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p);
    else if (p.endsWith('.ts')) files.push(p);
  }
};
walk(`${root}/src/core/extraction`);
let total = 0;
let converted = 0;
for (const file of files) {
  if (file.endsWith('/prefilter.ts')) continue;
  const text = readFileSync(file, 'utf8');
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const consts = new Map<string, ts.RegularExpressionLiteral | null>();
  const visitDecl = (n: ts.Node) => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && ts.isRegularExpressionLiteral(n.initializer) && n.parent.flags & ts.NodeFlags.Const) {
      consts.set(n.name.text, consts.has(n.name.text) ? null : n.initializer); // shadowed: unsure
    } else if ((ts.isVariableDeclaration(n) || ts.isParameter(n) || ts.isFunctionDeclaration(n)) && n.name && ts.isIdentifier(n.name) && consts.has(n.name.text)) consts.set(n.name.text, null);
    ts.forEachChild(n, visitDecl);
  };
  visitDecl(sf);
  // a second pass: any other declaration of a collected name (let, parameter, function) after it
  const visitOther = (n: ts.Node) => {
    if ((ts.isParameter(n) || (ts.isVariableDeclaration(n) && !(n.initializer && ts.isRegularExpressionLiteral(n.initializer))) || ts.isFunctionDeclaration(n) || ts.isBindingElement(n)) && n.name && ts.isIdentifier(n.name) && consts.has(n.name.text)) consts.set(n.name.text, null);
    ts.forEachChild(n, visitOther);
  };
  visitOther(sf);
  const hoisted = new Map<string, string>();
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (n: ts.Node) => {
    ts.forEachChild(n, visit);
    if (!ts.isCallExpression(n) || !ts.isPropertyAccessExpression(n.expression) || n.questionDotToken || n.expression.questionDotToken) return;
    const method = n.expression.name.text;
    if (method !== 'test' && method !== 'exec') return;
    if (n.arguments.length !== 1) return;
    const recv = n.expression.expression;
    let lit: ts.RegularExpressionLiteral | null | undefined = null;
    if (ts.isRegularExpressionLiteral(recv)) lit = recv;
    else if (ts.isIdentifier(recv)) lit = consts.get(recv.text);
    if (!lit) return;
    total++;
    const t = lit.text;
    const slash = t.lastIndexOf('/');
    const src = t.slice(1, slash);
    const flags = t.slice(slash + 1);
    if (flags.includes('g') || flags.includes('y')) return;
    if (!ANCHORED && src.startsWith('^')) return;
    if (COSTLY && !COSTLY.has(src)) return (void outside++);
    const lits = requiredLiterals(src, flags);
    if (!lits || lits.length > MAXLITS) return;
    converted++;
    let name = hoisted.get(t);
    if (!name) {
      name = `PF_${hoisted.size + 1}`;
      hoisted.set(t, name);
    }
    edits.push({ start: n.getStart(sf), end: n.arguments.pos, text: `${method === 'test' ? 'pfTest' : 'pfExec'}(${name}, ` });
  };
  visit(sf);
  if (edits.length === 0) continue;
  let out = text;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  const uses = new Set(edits.map((e) => e.text.slice(0, 6)));
  let rel = relative(dirname(file), `${root}/src/core/extraction/prefilter.ts`);
  if (!rel.startsWith('.')) rel = `./${rel}`;
  const decls = [...hoisted].map(([lit, name]) => `const ${name} = pf(${lit});`).join('\n');
  const block = `import { ${['pf', ...[...uses].sort()].join(', ')} } from '${rel}';\n\n/** The regexes below with their required literals (core/extraction/prefilter): a text without one of them is not run through the regex. */\n${decls}\n`;
  const last = [...sf.statements].filter(ts.isImportDeclaration).pop();
  const at = last ? last.end + 1 : text.indexOf('\n', text.indexOf('*/')) + 1;
  out = out.slice(0, at) + block + out.slice(at);
  writeFileSync(file, out);
  console.log(`${relative(root, file)}: ${edits.length} calls, ${hoisted.size} regexes`);
}
console.log(`calls on literal regexes ${total}, converted ${converted}, not costly ${outside}`);
