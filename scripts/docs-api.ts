/**
 * @module scripts/docs-api
 * Renders docs/api.md from the service's own OpenAPI document (buildApp → app.swagger()) and the
 * error-code table of src/api/errors.ts, so the API reference can never drift from the routes.
 * `npm run docs:api` writes the file; `npm run docs:api -- --check` exits 1 when it is stale;
 * test/docs/api-docs.test.ts fails when the committed file differs from the output.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { ERROR_STATUS } from '../src/api/errors.ts';
import { isOpenPath } from '../src/api/auth.ts';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const API_DOC_PATH = join(ROOT, 'docs', 'api.md');
const ERRORS_SOURCE = join(ROOT, 'src', 'api', 'error-codes.ts');

/** The slice of JSON Schema / OpenAPI this renderer reads. */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  description?: string;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
}
interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: Schema;
}
interface Media {
  schema?: Schema;
  example?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content?: Record<string, Media> };
  responses?: Record<string, { description?: string; content?: Record<string, Media> }>;
}
export interface OpenApiDoc {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
}
export interface ErrorCodeRow {
  code: string;
  status: number;
  meaning: string;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
/** How deep nested object fields are listed in a field table (`messages[].role` is depth 2). */
const MAX_FIELD_DEPTH = 2;

/** A schema's type as one short string: `string | null`, `"user" | "assistant"`, `object[]`. */
export function typeLabel(s: Schema | undefined): string {
  if (!s) return 'any';
  const alts = s.anyOf ?? s.oneOf;
  if (alts) return [...new Set(alts.map(typeLabel))].join(' \\| ');
  if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' \\| ');
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.type)) return s.type.join(' \\| ');
  if (s.type === 'array') return `${typeLabel(s.items)}[]`;
  if (s.type === 'string' && s.format) return `string (${s.format})`;
  return s.type ?? 'any';
}

/** Length, range and default constraints of a schema (looking through `x | null`). */
export function constraints(s: Schema): string {
  const inner = (s.anyOf ?? s.oneOf)?.find((a) => a.type !== 'null') ?? s;
  const parts: string[] = [];
  const range = (lo: number | undefined, hi: number | undefined, what: string) => {
    if (lo !== undefined && hi !== undefined) parts.push(`${what}${lo}–${hi}`);
    else if (lo !== undefined) parts.push(`${what}≥ ${lo}`);
    else if (hi !== undefined) parts.push(`${what}≤ ${hi}`);
  };
  // zod's int() carries ±Number.MAX_SAFE_INTEGER as bounds: no bound worth printing.
  const real = (n: number | undefined) => (n === undefined || Math.abs(n) >= Number.MAX_SAFE_INTEGER ? undefined : n);
  range(real(inner.minimum), real(inner.maximum), '');
  range(inner.minLength, inner.maxLength, 'length ');
  range(inner.minItems, inner.maxItems, 'items ');
  const def = s.default ?? inner.default;
  if (def !== undefined) parts.push(`default \`${JSON.stringify(def)}\``);
  return parts.join(', ');
}

function objectOf(s: Schema | undefined): Schema | undefined {
  if (!s) return undefined;
  if (s.properties) return s;
  if (s.type === 'array') return objectOf(s.items);
  return (s.anyOf ?? s.oneOf)?.map(objectOf).find((o) => o !== undefined);
}

export interface FieldRow {
  path: string;
  type: string;
  required: boolean;
  notes: string;
}

/** The fields of an object schema, nested objects (and arrays of them) flattened to `a.b` / `a[].b`. */
export function fieldRows(s: Schema | undefined, prefix = '', depth = 1): FieldRow[] {
  const obj = objectOf(s);
  if (!obj?.properties) return [];
  const rows: FieldRow[] = [];
  for (const [name, prop] of Object.entries(obj.properties)) {
    const path = prefix + name;
    const notes = [constraints(prop), cell(prop.description ?? objectOf(prop)?.description ?? '')].filter(Boolean).join('; ');
    rows.push({ path, type: typeLabel(prop), required: obj.required?.includes(name) ?? false, notes });
    if (depth < MAX_FIELD_DEPTH) {
      const isArray = prop.type === 'array' || (prop.anyOf ?? prop.oneOf)?.some((a) => a.type === 'array');
      rows.push(...fieldRows(prop, `${path}${isArray ? '[]' : ''}.`, depth + 1));
    }
  }
  return rows;
}

/** Text safe inside a Markdown table cell. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ').trim();
}

function fieldTable(rows: FieldRow[]): string[] {
  if (rows.length === 0) return [];
  return ['| field | type | required | notes |', '|---|---|---|---|', ...rows.map((r) => `| \`${r.path}\` | ${r.type} | ${r.required ? 'yes' : 'no'} | ${r.notes} |`)];
}

function isErrorBody(s: Schema | undefined): boolean {
  return !!s?.properties?.error && Object.keys(s.properties).length === 1;
}

function exampleOf(media: Media | undefined): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  const first = media.examples ? Object.values(media.examples)[0] : undefined;
  return first?.value;
}

/** GitHub-style heading anchor. */
export function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** Which paths answer without the token: decided by api/auth, not by the OpenAPI document. */
export type IsOpenPath = (path: string) => boolean;

function authLine(path: string, isOpen: IsOpenPath): string {
  return isOpen(path)
    ? 'Auth: none (open even when `MEMORY_AUTH_TOKEN` is set).'
    : 'Auth: `Authorization: Bearer <token>` (or `Token <token>`) when `MEMORY_AUTH_TOKEN` is set.';
}

function renderOperation(method: string, path: string, op: Operation, isOpen: IsOpenPath): string[] {
  const out = [`### \`${method.toUpperCase()} ${path}\``, ''];
  if (op.summary) out.push(cell(op.summary) + '.', '');
  if (op.description) out.push(op.description.trim(), '');
  out.push(authLine(path, isOpen), '');
  const params = op.parameters ?? [];
  if (params.length > 0) {
    out.push('**Parameters**', '', '| name | in | type | required | notes |', '|---|---|---|---|---|');
    for (const p of params) {
      const notes = [p.schema ? constraints(p.schema) : '', cell(p.description ?? p.schema?.description ?? '')].filter(Boolean).join('; ');
      out.push(`| \`${p.name}\` | ${p.in} | ${typeLabel(p.schema)} | ${p.required ? 'yes' : 'no'} | ${notes} |`);
    }
    out.push('');
  }
  const body = op.requestBody?.content?.['application/json'];
  if (body) {
    out.push(`**Request body** (JSON${op.requestBody?.required ? ', required' : ''})`, '');
    const rows = fieldRows(body.schema);
    out.push(...(rows.length > 0 ? fieldTable(rows) : [`${typeLabel(body.schema)}`]), '');
    const example = exampleOf(body);
    if (example !== undefined) out.push('Example:', '', '```json', JSON.stringify(example, null, 2), '```', '');
  }
  const responses = Object.entries(op.responses ?? {});
  const successes = responses.filter(([status]) => !/^[45]/.test(status));
  const errors = responses.filter(([status]) => /^[45]/.test(status));
  const shown = new Map<string, string>();
  for (const [status, res] of [...successes, ...errors.filter(([, r]) => !isErrorBody(r.content?.['application/json']?.schema))]) {
    const schema = res.content?.['application/json']?.schema;
    const key = JSON.stringify(schema ?? null);
    if (schema && shown.has(key)) {
      out.push(`**${status}**: the same body as ${shown.get(key)}.`, '');
      continue;
    }
    shown.set(key, status);
    out.push(`**${status}**${schema ? '' : ' (no body)'}`, '');
    if (schema) {
      const rows = fieldRows(schema);
      out.push(...(rows.length > 0 ? fieldTable(rows) : [`Body: ${typeLabel(schema)}.`]), '');
    }
  }
  if (errors.length > 0) {
    const plain = errors.filter(([, r]) => isErrorBody(r.content?.['application/json']?.schema)).map(([s]) => s);
    if (plain.length > 0) out.push(`**Errors:** ${plain.join(', ')} with the [error body](#errors).`, '');
  }
  return out;
}

/** The Markdown of docs/api.md for an OpenAPI document and an error-code table. Pure. */
export function renderApiDocs(doc: OpenApiDoc, errorCodes: ErrorCodeRow[], isOpen: IsOpenPath): string {
  const ops: { tag: string; method: string; path: string; op: Operation }[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) ops.push({ tag: op.tags?.[0] ?? 'other', method, path, op });
    }
  }
  const tags = [...new Set(ops.map((o) => o.tag))];
  const out = [
    `# ${doc.info.title} HTTP API reference (${doc.info.version})`,
    '',
    '<!-- Generated by `npm run docs:api` from the OpenAPI document (GET /openapi.json) and src/api/errors.ts.',
    '     Do not edit by hand: test/docs/api-docs.test.ts fails when this file differs from the output. -->',
    '',
    doc.info.description ? doc.info.description.trim() : '',
    '',
    'All bodies are JSON. The same document is served live at `GET /openapi.json` and browsable at `/docs`.',
    'Behaviour behind the endpoints: [architecture](architecture.md), [recall](recall.md),',
    '[fact evolution](evolution.md); the MCP tools, SDK and CLI: [surfaces](surfaces.md).',
    '',
    '## Endpoints',
    '',
  ];
  for (const tag of tags) {
    out.push(`- **${tag}**: ` + ops.filter((o) => o.tag === tag).map((o) => `[\`${o.method.toUpperCase()} ${o.path}\`](#${anchor(`${o.method} ${o.path}`)})`).join(' · '));
  }
  out.push('', '## Errors', '');
  out.push(
    'Every non-2xx response has the body `{"error": {"code", "message", "request_id", "details"?}}` and every response',
    'carries an `x-request-id` header (a well-formed incoming one is kept). `details` lists `{path, message}` per',
    'field on validation errors. Codes are stable; clients may switch on them. Any other code ending in',
    '`_NOT_FOUND` (the platform API\'s `FACT_NOT_FOUND`) is a 404.',
    '',
    '| status | code | meaning |',
    '|---|---|---|',
    ...[...errorCodes].sort((a, b) => a.status - b.status || a.code.localeCompare(b.code)).map((e) => `| ${e.status} | \`${e.code}\` | ${cell(e.meaning)} |`),
    '',
  );
  for (const tag of tags) {
    out.push(`## ${tag}`, '');
    for (const o of ops.filter((x) => x.tag === tag)) out.push(...renderOperation(o.method, o.path, o.op, isOpen));
  }
  return out.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n';
}

/** The code → status table of src/api/errors.ts with each entry's doc comment as its meaning. */
export function errorCodeRows(source = readFileSync(ERRORS_SOURCE, 'utf8')): ErrorCodeRow[] {
  const file = ts.createSourceFile('errors.ts', source, ts.ScriptTarget.ES2022, true);
  const comments = new Map<string, string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText(file) === 'ERROR_STATUS') {
      node.forEachChild(function find(n: ts.Node): void {
        if (ts.isPropertyAssignment(n)) {
          const doc = ts.getJSDocCommentsAndTags(n).map((d) => (ts.isJSDoc(d) ? ts.getTextOfJSDocComment(d.comment) ?? '' : '')).join(' ');
          comments.set(n.name.getText(file), doc.trim());
        } else n.forEachChild(find);
      });
      return;
    }
    node.forEachChild(visit);
  };
  visit(file);
  return Object.entries(ERROR_STATUS).map(([code, status]) => ({ code, status, meaning: comments.get(code) ?? '' }));
}

/** Builds the app (in-memory SQLite, offline, no keys) and renders its docs. */
export async function buildApiDocs(): Promise<string> {
  const config = loadConfig({ MEMORY_DB_PATH: ':memory:', LOG_LEVEL: 'silent', EXTRACTION_PROVIDER: 'offline' });
  const built = await buildApp(config);
  try {
    await built.app.ready();
    return renderApiDocs(built.app.swagger() as unknown as OpenApiDoc, errorCodeRows(), isOpenPath);
  } finally {
    await built.close();
  }
}

async function main(): Promise<void> {
  const markdown = await buildApiDocs();
  if (process.argv.includes('--check')) {
    const current = readFileSync(API_DOC_PATH, 'utf8');
    if (current !== markdown) {
      console.error('docs/api.md is stale: run `npm run docs:api`');
      process.exit(1);
    }
    console.log('docs/api.md is up to date');
    return;
  }
  writeFileSync(API_DOC_PATH, markdown);
  console.log(`wrote ${API_DOC_PATH} (${markdown.length} characters)`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
