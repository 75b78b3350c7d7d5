/**
 * The README and docs/ stay a working front door: the README is at most 15 KB, every relative link
 * (and #anchor) resolves, and every error code the docs name is one the server or SDK really uses.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { anchor } from '../../scripts/docs-api.ts';
import { ERROR_STATUS } from '../../src/api/errors.ts';
import { ConfigSchema } from '../../src/config.ts';
import { ROOT } from '../api/harness.ts';

/**
 * Docs written on other branches of this iteration, linked from here before they land. The
 * integrator empties this list once they are merged; a file listed here that exists is an error.
 */
const PENDING_FROM_OTHER_BRANCHES: string[] = [];

const docFiles = ['README.md', 'CHANGELOG.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** Markdown links outside code blocks: `[label](target)`. */
export function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return [...prose.matchAll(/\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]);
}

/** The anchors GitHub makes for a file's headings (code blocks excluded). */
export function anchorsOf(markdown: string): Set<string> {
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  return new Set([...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchor(m[1].replace(/`/g, ''))));
}

describe('docs', () => {
  test('README.md is at most 15 KB', () => {
    expect(Buffer.byteLength(text('README.md'))).toBeLessThanOrEqual(15 * 1024);
  });

  test('the pending list only names files that are not here yet', () => {
    for (const f of PENDING_FROM_OTHER_BRANCHES) expect(existsSync(join(ROOT, f)), `${f} exists: remove it from PENDING_FROM_OTHER_BRANCHES`).toBe(false);
  });

  test.each(docFiles)('every relative link in %s resolves, anchors included', (file) => {
    const broken: string[] = [];
    for (const link of linksOf(text(file))) {
      if (/^[a-z]+:/i.test(link)) continue; // http:, mailto:
      const [path, hash] = link.split('#');
      const target = path === '' ? file : relative(ROOT, resolve(dirname(join(ROOT, file)), path));
      if (PENDING_FROM_OTHER_BRANCHES.includes(target)) continue;
      if (!existsSync(join(ROOT, target))) {
        broken.push(`${link} (no file ${target})`);
        continue;
      }
      if (hash && target.endsWith('.md') && !anchorsOf(text(target)).has(hash)) broken.push(`${link} (no heading #${hash} in ${target})`);
    }
    expect(broken).toEqual([]);
  });

  test('linksOf and anchorsOf read links and headings outside code blocks only', () => {
    const md = '# A `b` c\n[x](docs/a.md#b-c) and [y](http://e)\n```\n[z](nope.md)\n# not a heading\n```\n## Ünïcode & co';
    expect(linksOf(md)).toEqual(['docs/a.md#b-c', 'http://e']);
    expect([...anchorsOf(md)]).toEqual(['a-b-c', 'ünïcode--co']);
  });

  // What the docs may name in backticks as UPPER_SNAKE: settings, and codes the code really emits.
  const settings = new Set([...Object.keys(ConfigSchema.shape), 'MEMORY_URL', 'MEMORY_MCP_USER', 'MEM0_TELEMETRY']);
  const sdkLocalCodes = ['NETWORK_ERROR', 'INVALID_RESPONSE'];
  const providerCodes = readFileSync(join(ROOT, 'src/providers/http/provider-error.ts'), 'utf8').match(/'[A-Z_]+'/g)?.map((s) => s.slice(1, -1)) ?? [];
  // Constants of the code and its benches (tables such as KIND_RULES, UNSCORED_ROUNDS) may be named too: they exist.
  const srcFiles = (dir: string): string[] => readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? srcFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
  const codeConstants = new Set([...srcFiles('src'), ...srcFiles('bench')].flatMap((f) => [...readFileSync(join(ROOT, f), 'utf8').matchAll(/(?:export )?const ([A-Z][A-Z0-9_]*)\b/g)].map((m) => m[1])));
  const known = (code: string) => settings.has(code) || codeConstants.has(code) || Object.hasOwn(ERROR_STATUS, code) || code.endsWith('_NOT_FOUND') || sdkLocalCodes.includes(code) || providerCodes.includes(code);

  test.each(docFiles)('every UPPER_SNAKE code %s names is a setting or a code the server, SDK or providers emit', (file) => {
    const names = [...text(file).matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((m) => m[1]);
    expect(names.filter((n) => !known(n))).toEqual([]);
  });
});
