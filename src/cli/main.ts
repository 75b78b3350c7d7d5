/**
 * @module cli/main
 * The `memory-service` command line (commander): serve (default), mcp, import, export, recall,
 * search, eval locomo, reembed. FIRST VERSION: serve only — the rest lands with issue 7.
 */
import { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';

const program = new Command();
program.name('memory-service').description('Long-term memory service for AI agents');

program
  .command('serve', { isDefault: true })
  .description('serve the HTTP API (default)')
  .option('-p, --port <port>', 'port to listen on (env PORT, default 8080)')
  .action(async (opts: { port?: string }) => {
    const env = { ...process.env };
    if (opts.port) env.PORT = opts.port;
    await startServer(loadConfig(env));
  });

await program.parseAsync(process.argv);
