/**
 * @module cli/commands/mcp
 * `memory-service mcp`: the MCP server on stdio for desktop agents (Claude Desktop, Cursor...).
 * stdout carries only the protocol; logs go to stderr. Optionally bound to one user.
 */
import type { Command } from 'commander';
import { serveMcpStdio } from '../../mcp/stdio.ts';
import { openService, runCommand, withStoreOptions, type StoreOptions } from '../runtime.ts';

export function registerMcpCommand(program: Command): void {
  withStoreOptions(
    program
      .command('mcp')
      .description('serve the MCP tools (remember, recall, search, list_memories, forget) over stdio')
      .option('-u, --user <id>', 'bind the server to one user: user_id becomes optional and other users are refused (env MEMORY_MCP_USER)')
      .option('-s, --session <id>', 'session used by `remember` when the agent names none', 'mcp'),
  )
    .addHelpText('after', '\nExample (Claude Desktop, claude_desktop_config.json):\n  {"mcpServers": {"memory": {"command": "npx", "args": ["memory-service", "mcp", "--user", "me"]}}}')
    .action((opts: StoreOptions & { user?: string; session: string }) =>
      runCommand(async () => {
        const built = await openService(opts);
        const handle = await serveMcpStdio(built.ctx.service, {
          userId: opts.user ?? process.env.MEMORY_MCP_USER ?? null,
          defaultSessionId: opts.session,
          defaultMaxTokens: built.ctx.config.MEMORY_DEFAULT_MAX_TOKENS,
        });
        const stop = async () => {
          await handle.close();
        };
        process.once('SIGTERM', () => void stop());
        process.once('SIGINT', () => void stop());
        await handle.closed;
        await built.close();
      }),
    );
}
