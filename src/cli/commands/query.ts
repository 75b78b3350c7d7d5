/**
 * @module cli/commands/query
 * `memory-service recall <query>` and `memory-service search <query>`: quick looks from a
 * terminal, either against a running server through the SDK (--url, env MEMORY_URL) or
 * directly against the configured store. Human-readable by default, `--json` for scripts.
 */
import type { Command } from 'commander';
import { MemoryClient } from '../../../client/index.ts';
import type { RecallResponse, SearchResponse } from '../../api/schemas.ts';
import { toApiSearchResult } from '../../api/memory-mapper.ts';
import { CliError, EXIT_USAGE, openService, runCommand, withStoreOptions, type StoreOptions } from '../runtime.ts';

interface QueryOptions extends StoreOptions {
  user?: string;
  session?: string;
  agent?: string;
  url?: string;
  token?: string;
  json?: boolean;
}

function positiveInt(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new CliError(`${name} must be a positive integer`, EXIT_USAGE);
  return n;
}

function scopeOrFail(opts: QueryOptions): void {
  if (!opts.user && !opts.session) throw new CliError('give --user <id> or --session <id>', EXIT_USAGE);
}

function clientFor(opts: QueryOptions): MemoryClient | null {
  const url = opts.url ?? process.env.MEMORY_URL;
  if (!url) return null;
  return new MemoryClient({ baseUrl: url, token: opts.token ?? process.env.MEMORY_AUTH_TOKEN ?? null });
}

function queryCommand(program: Command, name: string, description: string): Command {
  return withStoreOptions(
    program
      .command(name)
      .description(description)
      .argument('<query...>', 'the question or keywords')
      .option('-u, --user <id>', 'user id')
      .option('-s, --session <id>', 'session id (required without --user)')
      .option('-a, --agent <id>', 'agent/persona id')
      .option('--url <url>', 'ask a running server through the SDK (env MEMORY_URL) instead of opening the store')
      .option('--token <token>', 'bearer token for --url (env MEMORY_AUTH_TOKEN)')
      .option('--json', 'print the JSON response'),
  );
}

/** Plain-text rendering of search hits: score, kind, date, content. */
export function formatSearch(results: SearchResponse['results']): string {
  if (results.length === 0) return '(no results)\n';
  return results.map((r) => `${r.score.toFixed(3)}  ${r.kind.padEnd(6)}  ${r.timestamp ? r.timestamp.slice(0, 10) : '          '}  ${r.content.replace(/\s+/g, ' ')}`).join('\n') + '\n';
}

export function registerQueryCommands(program: Command): void {
  queryCommand(program, 'recall', 'print the prompt-ready context the service would give an agent for <query>')
    .option('-t, --max-tokens <n>', 'token budget (default MEMORY_DEFAULT_MAX_TOKENS)')
    .addHelpText('after', '\nExamples:\n  memory-service recall "where does she live?" --user alice\n  memory-service recall "dinner plans" --user alice --url http://localhost:8080 --json')
    .action((words: string[], opts: QueryOptions & { maxTokens?: string }) =>
      runCommand(async () => {
        scopeOrFail(opts);
        const query = words.join(' ');
        const client = clientFor(opts);
        let result: RecallResponse;
        if (client) {
          const maxTokens = opts.maxTokens !== undefined ? positiveInt('--max-tokens', opts.maxTokens, 1) : undefined;
          result = await client.recall({ query, user_id: opts.user ?? null, session_id: opts.session ?? 'cli', agent_id: opts.agent ?? null, ...(maxTokens ? { max_tokens: maxTokens } : {}) });
        } else {
          const built = await openService(opts, { read: true });
          try {
            const maxTokens = positiveInt('--max-tokens', opts.maxTokens, built.ctx.config.MEMORY_DEFAULT_MAX_TOKENS);
            const r = await built.ctx.service.recall({ query, userId: opts.user ?? null, sessionId: opts.session ?? null, agentId: opts.agent ?? null, maxTokens });
            result = { context: r.context, citations: r.citations };
          } finally {
            await built.close();
          }
        }
        if (opts.json) {
          process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
        } else if (result.context === '') {
          process.stderr.write('(nothing relevant remembered)\n');
        } else {
          process.stdout.write(`${result.context}\n`);
          process.stderr.write(`${result.citations.length} citations\n`);
        }
      }),
    );

  queryCommand(program, 'search', 'print scored memory and conversation hits for <query>')
    .option('-n, --limit <n>', 'maximum hits', '10')
    .addHelpText('after', '\nExamples:\n  memory-service search "dog name" --user alice\n  memory-service search paris --session s-42 --json')
    .action((words: string[], opts: QueryOptions & { limit: string }) =>
      runCommand(async () => {
        scopeOrFail(opts);
        const query = words.join(' ');
        const limit = positiveInt('--limit', opts.limit, 10);
        const client = clientFor(opts);
        let results: SearchResponse['results'];
        if (client) {
          results = (await client.search({ query, user_id: opts.user ?? null, session_id: opts.session ?? null, agent_id: opts.agent ?? null, limit })).results;
        } else {
          const built = await openService(opts, { read: true });
          try {
            results = (await built.ctx.service.search({ query, userId: opts.user ?? null, sessionId: opts.session ?? null, agentId: opts.agent ?? null, limit })).map(toApiSearchResult);
          } finally {
            await built.close();
          }
        }
        process.stdout.write(opts.json ? `${JSON.stringify({ results }, null, 2)}\n` : formatSearch(results));
      }),
    );
}
