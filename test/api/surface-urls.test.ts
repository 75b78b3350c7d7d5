/** The URLs the start-up log prints for each surface (api/surface-urls). */
import { describe, expect, test } from 'vitest';
import { publicBaseUrl, surfaceUrls } from '../../src/api/surface-urls.ts';

describe('surface URLs', () => {
  test.each([
    ['0.0.0.0', 8080, 'http://localhost:8080'],
    ['::', 8080, 'http://localhost:8080'],
    ['127.0.0.1', 3000, 'http://127.0.0.1:3000'],
    ['::1', 3000, 'http://[::1]:3000'],
    ['memory.internal', 80, 'http://memory.internal:80'],
  ])('%s:%i → %s', (host, port, base) => {
    expect(publicBaseUrl(host, port)).toBe(base);
  });

  test('every surface under the base', () => {
    expect(surfaceUrls('0.0.0.0', 8080)).toEqual({
      api: 'http://localhost:8080/',
      inspector: 'http://localhost:8080/',
      docs: 'http://localhost:8080/docs',
      openapi: 'http://localhost:8080/openapi.json',
      mcp: 'http://localhost:8080/mcp',
      metrics: 'http://localhost:8080/metrics',
    });
  });
});
