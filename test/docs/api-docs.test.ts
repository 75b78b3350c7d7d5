/**
 * docs/api.md is generated (scripts/docs-api.ts) from the OpenAPI document and the error table:
 * the committed file must equal the generator's output, and the renderer's small pieces behave.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { API_DOC_PATH, anchor, buildApiDocs, constraints, errorCodeRows, fieldRows, renderApiDocs, typeLabel, type Schema } from '../../scripts/docs-api.ts';
import { ERROR_STATUS } from '../../src/api/errors.ts';

describe('docs/api.md', () => {
  test('equals the output of `npm run docs:api` (regenerate it after changing a route or an error code)', async () => {
    expect(readFileSync(API_DOC_PATH, 'utf8')).toBe(await buildApiDocs());
  });

  test('lists every error code of src/api/errors.ts with its status', () => {
    const doc = readFileSync(API_DOC_PATH, 'utf8');
    for (const [code, status] of Object.entries(ERROR_STATUS)) expect(doc).toContain(`| ${status} | \`${code}\` |`);
    expect(doc).toContain('`VALIDATION_FAILED`');
    expect(doc).not.toContain('VALIDATION_ERROR');
  });
});

describe('renderer pieces', () => {
  test.each<[Schema, string]>([
    [{ type: 'string' }, 'string'],
    [{ type: 'string', format: 'date-time' }, 'string (date-time)'],
    [{ anyOf: [{ type: 'string' }, { type: 'null' }] }, 'string \\| null'],
    [{ type: 'string', enum: ['user', 'tool'] }, '"user" \\| "tool"'],
    [{ type: 'array', items: { type: 'object' } }, 'object[]'],
    [{ type: ['number', 'null'] }, 'number \\| null'],
    [{}, 'any'],
  ])('typeLabel(%j) = %s', (schema, label) => {
    expect(typeLabel(schema)).toBe(label);
  });

  test.each<[Schema, string]>([
    [{ type: 'string', minLength: 1, maxLength: 256 }, 'length 1–256'],
    [{ type: 'integer', minimum: 1, maximum: 100, default: 10 }, '1–100, default `10`'],
    [{ anyOf: [{ type: 'string', maxLength: 5 }, { type: 'null' }] }, 'length ≤ 5'],
    [{ type: 'array', minItems: 1 }, 'items ≥ 1'],
    [{ type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER }, '≥ 0'],
    [{ type: 'integer', minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }, ''],
    [{ type: 'string' }, ''],
  ])('constraints(%j) = %s', (schema, text) => {
    expect(constraints(schema)).toBe(text);
  });

  test('fieldRows flattens nested objects and arrays of objects, marking required fields', () => {
    const schema: Schema = {
      type: 'object',
      required: ['messages'],
      properties: {
        messages: { type: 'array', items: { type: 'object', required: ['role'], properties: { role: { type: 'string' }, name: { type: 'string' } } } },
        note: { type: 'string', description: 'a | b' },
      },
    };
    expect(fieldRows(schema).map((r) => [r.path, r.required, r.notes])).toEqual([
      ['messages', true, ''],
      ['messages[].role', true, ''],
      ['messages[].name', false, ''],
      ['note', false, 'a \\| b'],
    ]);
  });

  test.each([
    ['post /turns', 'post-turns'],
    ['get /users/{user_id}/memories', 'get-usersuser_idmemories'],
    ['delete /v1/memories/{memory_id}/', 'delete-v1memoriesmemory_id'],
  ])('anchor(%s) = %s', (heading, slug) => {
    expect(anchor(heading)).toBe(slug);
  });

  test('errorCodeRows gives every code of the table the doc comment above it in the source', () => {
    const source = `export const ERROR_STATUS = {\n  /** Stated here. */\n  VALIDATION_FAILED: 422,\n  NOT_FOUND: 404,\n} as const;`;
    const rows = errorCodeRows(source);
    expect(rows.map((r) => r.code)).toEqual(Object.keys(ERROR_STATUS));
    const meaning = Object.fromEntries(rows.map((r) => [r.code, r.meaning]));
    expect(meaning.VALIDATION_FAILED).toBe('Stated here.');
    expect(meaning.NOT_FOUND).toBe('');
    expect(errorCodeRows().find((r) => r.code === 'VALIDATION_FAILED')?.meaning).toMatch(/violates the schema/);
  });

  test('renderApiDocs: open paths say so, error-only responses point at the error table', () => {
    const md = renderApiDocs(
      {
        info: { title: 't', version: '1' },
        paths: {
          '/open': { get: { tags: ['a'], responses: { '200': { content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' } } } } } } } } },
          '/closed': { delete: { tags: ['a'], responses: { '204': {}, '422': { content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object' } } } } } } } } },
        },
      },
      [{ code: 'X', status: 422, meaning: 'bad' }],
      (p) => p === '/open',
    );
    expect(md).toMatch(/### `GET \/open`\n\nAuth: none/);
    expect(md).toMatch(/### `DELETE \/closed`\n\nAuth: `Authorization: Bearer/);
    expect(md).toContain('**204** (no body)');
    expect(md).toContain('**Errors:** 422 with the [error body](#errors).');
    expect(md).toContain('| 422 | `X` | bad |');
  });
});
