/**
 * Every setting in src/config.ts is listed in .env.example and documented in the configuration
 * reference of docs/operations.md (the README keeps only a summary of the main ones), and the
 * .env.example defaults parse.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { ConfigSchema, loadConfig } from '../../src/config.ts';
import { ROOT } from './harness.ts';

const keys = Object.keys(ConfigSchema.shape);
const envExample = readFileSync(join(ROOT, '.env.example'), 'utf8');
const operations = readFileSync(join(ROOT, 'docs', 'operations.md'), 'utf8');
const configSection = /<!-- section:config -->([\s\S]*?)<!-- \/section:config -->/.exec(operations)?.[1] ?? '';

describe('configuration docs', () => {
  test.each(keys)('%s is in .env.example', (key) => {
    expect(envExample).toMatch(new RegExp(`^#? ?${key}=`, 'm'));
  });

  test.each(keys)('%s is in the configuration reference (docs/operations.md)', (key) => {
    expect(configSection).toContain(`\`${key}\``);
  });

  test('the defaults shown in .env.example parse', () => {
    const env: Record<string, string> = {};
    for (const m of envExample.matchAll(/^# ?([A-Z_]+)=(.+)$/gm)) env[m[1]] = m[2];
    expect(() => loadConfig(env)).not.toThrow();
    expect(loadConfig(env).PORT).toBe(8080);
  });

  test('an invalid value is reported by name', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
