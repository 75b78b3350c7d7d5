/**
 * @module cli/runtime
 * What CLI commands share: the store options (--db, --database-url) mapped onto the env
 * config, opening the service through buildApp without listening (logs on stderr, so stdout
 * carries only the command's output), the check that a read command's store exists (they must
 * not create an empty one where they run), and the exit-code convention (0 ok, 1 failure, 2 usage).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { BuiltApp } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { DomainError } from '../core/errors.ts';
import { storeTarget } from '../store/create-store.ts';

export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A failure the CLI reports as one `error: …` line, without a stack trace. */
export class CliError extends Error {
  readonly exitCode: number;
  constructor(message: string, exitCode = EXIT_FAILURE) {
    super(message);
    this.name = 'CliError';
    this.exitCode = exitCode;
  }
}

export interface StoreOptions {
  db?: string;
  databaseUrl?: string;
}

/** Where the SQLite store lives when neither --db, MEMORY_DB_PATH nor DATABASE_URL says otherwise. */
export const DEFAULT_DB_PATH = './data/memory.db';

/**
 * Why a read command cannot run on this configuration: the SQLite file or the PGlite folder it
 * names does not exist (opening it would create an empty store and answer "nothing remembered").
 * Null when the store exists, is in memory, or is a PostgreSQL server (the server knows).
 */
export function missingStore(config: Pick<Config, 'DATABASE_URL' | 'MEMORY_DB_PATH'>, exists: (path: string) => boolean = existsSync): string | null {
  const target = storeTarget(config);
  if (target.kind === 'sqlite' && target.path !== ':memory:' && !exists(resolve(target.path))) {
    const which = config.MEMORY_DB_PATH === DEFAULT_DB_PATH ? ' (the default location, relative to the working directory)' : '';
    return `no store at ${resolve(target.path)}${which}: point --db or MEMORY_DB_PATH at the server's database, or --url at a running server`;
  }
  if (target.kind === 'pglite' && target.dataDir !== null && !exists(resolve(target.dataDir))) {
    return `no PGlite store at ${resolve(target.dataDir)}: point --database-url at the server's pglite:// folder, or --url at a running server`;
  }
  return null;
}

/** Adds --db and --database-url to a command that opens the store. */
export function withStoreOptions(cmd: Command): Command {
  return cmd
    .option('--db <path>', `SQLite database file (env MEMORY_DB_PATH, default ${DEFAULT_DB_PATH}, relative to the working directory)`)
    .option('--database-url <url>', 'postgres://… or pglite://<dir> store instead of SQLite (env DATABASE_URL)');
}

/** The configuration from the environment with the command's store options applied. */
export function cliConfig(opts: StoreOptions, overrides: Record<string, string | undefined> = {}): Config {
  const env: Record<string, string | undefined> = { ...process.env, ...overrides };
  if (opts.db) {
    env.MEMORY_DB_PATH = opts.db;
    if (!opts.databaseUrl) delete env.DATABASE_URL;
  }
  if (opts.databaseUrl) env.DATABASE_URL = opts.databaseUrl;
  try {
    return loadConfig(env);
  } catch (err) {
    throw new CliError((err as Error).message, EXIT_USAGE);
  }
}

/**
 * Opens the configured store and service for a one-shot command; `read` commands (recall,
 * search, export, reembed) refuse a store that does not exist yet. Logs go to stderr at
 * LOG_LEVEL (default `warn` for commands, so routine start-up lines stay out of the way).
 */
export async function openService(opts: StoreOptions, use: { read?: boolean } = {}): Promise<BuiltApp> {
  const config = cliConfig(opts, { LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  if (use.read) {
    const missing = missingStore(config);
    if (missing) throw new CliError(missing);
  }
  // Loaded on demand: `--help` and usage errors never load the stores, providers or NLP models.
  const { buildApp } = await import('../app.ts');
  return buildApp(config, { logStream: process.stderr });
}

/** Runs a command body and turns failures into an exit code and one readable line. */
export async function runCommand(fn: () => Promise<void | number>): Promise<void> {
  try {
    const code = await fn();
    if (typeof code === 'number') process.exitCode = code;
  } catch (err) {
    process.exitCode = err instanceof CliError ? err.exitCode : EXIT_FAILURE;
    const message = err instanceof DomainError ? `${err.code}: ${err.message}` : err instanceof Error ? err.message : String(err);
    process.stderr.write(`error: ${message}\n`);
  }
}

/** Writes to a stream, waiting for drain when its buffer is full (large exports). */
export async function writeChunk(stream: NodeJS.WritableStream, chunk: string): Promise<void> {
  if (!stream.write(chunk)) await new Promise<void>((resolve) => stream.once('drain', () => resolve()));
}
