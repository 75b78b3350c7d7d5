/**
 * @module cli/main
 * The `memory-service` command line (commander): serve (default), mcp, import, export, recall,
 * search, eval locomo, reembed. Each command lives in src/cli/commands; this file wires them and
 * owns the exit codes: 0 success, 1 failure, 2 usage error (unknown command or option, bad value).
 */
import { Command, CommanderError } from 'commander';
import { registerPortabilityCommands } from './commands/portability.ts';
import { registerQueryCommands } from './commands/query.ts';
import { registerMcpCommand } from './commands/mcp.ts';
import { registerEvalCommand } from './commands/eval.ts';
import { registerReembedCommand } from './commands/reembed.ts';
import { CliError, EXIT_USAGE, cliConfig, runCommand, withStoreOptions, type StoreOptions } from './runtime.ts';

export function buildProgram(): Command {
  const program = new Command();
  program
    .name('memory-service')
    .description('Long-term memory service for AI agents: HTTP API, MCP server, import/export and quick looks from a terminal')
    .version('0.1.0', '-V, --version')
    .showHelpAfterError('(run with --help for usage)')
    .exitOverride();

  withStoreOptions(
    program
      .command('serve', { isDefault: true })
      .description('serve the HTTP API, MCP at /mcp and /metrics (default command)')
      .option('-p, --port <port>', 'port to listen on (env PORT, default 8080)')
      .option('--host <host>', 'interface to bind (env HOST, default 0.0.0.0)'),
  )
    .addHelpText('after', '\nExamples:\n  memory-service\n  PORT=9000 LOG_LEVEL=debug memory-service serve\n  memory-service serve --database-url postgres://postgres@localhost/memory')
    .action((opts: StoreOptions & { port?: string; host?: string }) =>
      runCommand(async () => {
        if (opts.port !== undefined && !/^\d+$/.test(opts.port)) throw new CliError('--port must be a number', EXIT_USAGE);
        const { startServer } = await import('../server.ts');
        await startServer(cliConfig(opts, { PORT: opts.port ?? process.env.PORT, HOST: opts.host ?? process.env.HOST }));
      }),
    );

  registerMcpCommand(program);
  registerPortabilityCommands(program);
  registerQueryCommands(program);
  registerEvalCommand(program);
  registerReembedCommand(program);

  // Sub-commands report usage errors the same way as the program.
  for (const cmd of program.commands) {
    cmd.exitOverride();
    for (const sub of cmd.commands) sub.exitOverride();
  }
  return program;
}

/** Parses argv and runs the command; resolves to the exit code for usage errors (or undefined). */
export async function main(argv: string[]): Promise<void> {
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    // `memory-service export | head`: the reader went away; stop quietly.
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
  try {
    await buildProgram().parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      const ok = err.code === 'commander.helpDisplayed' || err.code === 'commander.version' || err.code === 'commander.help' || err.exitCode === 0;
      process.exitCode = ok ? 0 : EXIT_USAGE;
      return;
    }
    throw err;
  }
}

await main(process.argv);
