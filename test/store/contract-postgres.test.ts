// The HTTP contract suite (test/api/contract-suite.ts) against the PostgreSQL server: each
// backend the suite asks for gets a fresh schema, dropped by the suite's cleanup — and again
// after the file, in case a timed-out test never reached its cleanup. Fails with a clear
// message if the server is down.
import { afterAll } from 'vitest';
import { runContractSuite } from '../api/contract-suite.ts';
import { assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } from './pg-harness.ts';

const created = new Set<string>();
afterAll(async () => {
  for (const schema of created) await dropSchema(schema);
});

runContractSuite('postgres', async () => {
  await assertPostgresReachable();
  const schema = freshSchemaName('contract');
  created.add(schema);
  return {
    env: { DATABASE_URL: urlWithSchema(schema), DATABASE_POOL_SIZE: '4' },
    cleanup: () => dropSchema(schema),
  };
});
