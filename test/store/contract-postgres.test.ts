// The HTTP contract suite (test/api/contract-suite.ts) against the PostgreSQL server: each run
// gets a fresh schema, dropped afterwards. Fails with a clear message if the server is down.
import { runContractSuite } from '../api/contract-suite.ts';
import { assertPostgresReachable, dropSchema, freshSchemaName, urlWithSchema } from './pg-harness.ts';

runContractSuite('postgres', async () => {
  await assertPostgresReachable();
  const schema = freshSchemaName('contract');
  return {
    env: { DATABASE_URL: urlWithSchema(schema), DATABASE_POOL_SIZE: '4' },
    cleanup: () => dropSchema(schema),
  };
});
