/**
 * @module mcp/stdio
 * MCP over stdio for desktop agents (`memory-service mcp`): one MCP server on the process's
 * stdin/stdout. stdout carries the protocol only — logs must go to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { MemoryService } from '../core/service.ts';
import { createMcpServer, type McpServerOptions } from './server.ts';

export interface StdioHandle {
  /** Resolves when the client closes stdin (or close() is called). */
  closed: Promise<void>;
  close(): Promise<void>;
}

export async function serveMcpStdio(service: MemoryService, options: McpServerOptions = {}, streams?: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream }): Promise<StdioHandle> {
  const server = createMcpServer(service, options);
  const transport = new StdioServerTransport(streams?.stdin as never, streams?.stdout as never);
  let resolveClosed!: () => void;
  const closed = new Promise<void>((r) => (resolveClosed = r));
  await server.connect(transport);
  server.server.onclose = () => resolveClosed();
  const stdin = streams?.stdin ?? process.stdin;
  stdin.once('end', () => void server.close());
  return {
    closed,
    async close() {
      await server.close();
    },
  };
}
