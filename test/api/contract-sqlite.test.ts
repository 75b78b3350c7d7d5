/**
 * The HTTP contract suite against the embedded SQLite store (a fresh database file per run).
 */
import { runContractSuite } from './contract-suite.ts';
import { sqliteBackend } from './harness.ts';

runContractSuite('sqlite', sqliteBackend);
