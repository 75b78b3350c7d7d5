// The HTTP contract suite (test/api/contract-suite.ts) against PGlite with pgvector: a fresh
// data directory per run, removed afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { runContractSuite } from '../api/contract-suite.ts';

const created = new Set<string>();
afterAll(() => {
  for (const dir of created) rmSync(dir, { recursive: true, force: true });
});

runContractSuite('pglite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'memsvc-pglite-'));
  created.add(dir);
  return {
    env: { DATABASE_URL: `pglite://${join(dir, 'pgdata')}` },
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});
