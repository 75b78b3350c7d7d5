/**
 * @module mcp/server
 * The Model Context Protocol server (official @modelcontextprotocol/sdk): five tools —
 * remember, recall, search, list_memories, forget — over the same MemoryService the REST routes
 * call, with the same scoping (user_id, else session_id; agent_id narrows). Transport-agnostic:
 * src/mcp/stdio.ts and src/mcp/http-route.ts connect it to stdio and streamable HTTP.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { MemoryService } from '../core/service.ts';
import { DomainError, InvalidInputError, NotFoundError } from '../core/errors.ts';
import type { Message } from '../core/types.ts';
import { memoryList, searchList } from './format.ts';
import { CitationSchema, IsoTimestamp, LIMITS, MemorySchema, MemoryTypeSchema, MessageSchema, SearchResultSchema } from '../api/schemas.ts';
import { toApiMemory, toApiSearchResult } from '../api/memory-mapper.ts';

export interface McpServerOptions {
  name?: string;
  version?: string;
  /** Token budget of `recall` when the caller gives none (config MEMORY_DEFAULT_MAX_TOKENS). */
  defaultMaxTokens?: number;
  /**
   * Binds the server to one user (e.g. `memory-service mcp --user alice` for a desktop agent):
   * `user_id` becomes optional, and any other user id is refused.
   */
  userId?: string | null;
  /** Session used by `remember` when the caller names none (default `mcp`). */
  defaultSessionId?: string;
}

// ---- input schemas (snake_case, like the REST contract) ----

const userIdArg = z.string().min(1).max(LIMITS.idMaxLength).nullable().optional().describe('The user the memories belong to. Memories are shared across all of this user\'s sessions. Omit (or null) for an anonymous, session-only scope.');
const sessionIdArg = z.string().min(1).max(LIMITS.idMaxLength).nullable().optional().describe('The conversation/session id. Required when there is no user_id; otherwise it narrows recency and provenance.');
const agentIdArg = z.string().min(1).max(LIMITS.idMaxLength).nullable().optional().describe('Optional agent/persona id: keeps this agent\'s memories of the user separate from other agents\'.');

const rememberInput = {
  messages: z.array(MessageSchema).min(1).max(LIMITS.messagesMax).optional().describe('A finished conversation turn: the user message(s) and the assistant reply, in order. Give this OR statement.'),
  statement: z.string().min(1).max(20_000).optional().describe('A plain statement about the user to remember, e.g. "I moved to Berlin last month". Stored as a user message. Give this OR messages.'),
  user_id: userIdArg,
  session_id: sessionIdArg,
  agent_id: agentIdArg,
  timestamp: IsoTimestamp.optional().describe('When the turn happened (ISO-8601). Relative dates ("yesterday") resolve against it. Default: now.'),
  metadata: z.record(z.string(), z.unknown()).optional().describe('Free-form metadata stored with the turn.'),
};

const recallInput = {
  query: z.string().min(1).max(LIMITS.queryMaxLength).describe('What the next answer depends on — usually the user\'s latest message or question.'),
  user_id: userIdArg,
  session_id: sessionIdArg,
  agent_id: agentIdArg,
  max_tokens: z.number().int().positive().max(LIMITS.maxTokensMax).optional().describe('Token budget for the returned context (cl100k tokens). Default from the server configuration.'),
};

const searchInput = {
  query: z.string().min(1).max(LIMITS.queryMaxLength).describe('Keywords or a question.'),
  user_id: userIdArg,
  session_id: sessionIdArg,
  agent_id: agentIdArg,
  limit: z.number().int().positive().max(LIMITS.searchLimitMax).optional().describe(`Maximum number of hits (default ${LIMITS.searchLimitDefault}).`),
};

const listInput = {
  user_id: userIdArg,
  session_id: sessionIdArg,
  agent_id: agentIdArg,
  include_history: z.boolean().optional().describe('Also list superseded, retracted and historical rows (the fact history). Default false: current memories only.'),
  include_deleted: z.boolean().optional().describe('Also list forgotten (soft-deleted) memories. Default false.'),
  types: z.array(MemoryTypeSchema).optional().describe('Only these memory types.'),
  subject: z.string().min(1).max(LIMITS.idMaxLength).optional().describe('Only memories about this subject ("user", "sister maya", a speaker name).'),
  key: z.string().min(1).max(128).optional().describe('Only this canonical key (e.g. location, employer, pet).'),
  limit: z.number().int().positive().max(1000).optional().describe('Maximum number of memories (default 100).'),
};

const forgetInput = {
  target: z.enum(['memory', 'session', 'user']).describe('What to forget: one memory (memory_id), a whole session (session_id: its turns and the memories only it produced), or everything about a user (user_id).'),
  memory_id: z.string().min(1).max(LIMITS.idMaxLength).optional().describe('The memory to forget (target "memory"); ids appear in list_memories and search results.'),
  user_id: userIdArg,
  session_id: sessionIdArg,
};

// ---- output schemas ----

const rememberOutput = { turn_id: z.string(), seq: z.number(), extractor: z.string(), memories: z.array(MemorySchema) };
const recallOutput = {
  context: z.string(),
  tokens: z.number(),
  citations: z.array(CitationSchema),
};
const searchOutput = { results: z.array(SearchResultSchema) };
const listOutput = { memories: z.array(MemorySchema), count: z.number() };
const forgetOutput = { target: z.enum(['memory', 'session', 'user']), id: z.string(), memory: MemorySchema.optional() };

interface Owner {
  userId: string | null;
  sessionId: string | null;
  agentId: string | null;
}

/** Applies the server's user binding and the REST scoping rule: a user, else a session. */
export function resolveOwner(args: { user_id?: string | null; session_id?: string | null; agent_id?: string | null }, boundUser: string | null): Owner {
  const given = args.user_id ?? null;
  if (boundUser !== null && given !== null && given !== boundUser) {
    throw new InvalidInputError(`this MCP server is bound to one user; user_id "${given}" is not allowed`);
  }
  const userId = boundUser ?? given;
  const sessionId = args.session_id ?? null;
  if (userId === null && sessionId === null) throw new InvalidInputError('user_id or session_id is required');
  return { userId, sessionId, agentId: args.agent_id ?? null };
}

/** True when the user has at least one turn in the session (any of their agent scopes). */
async function sessionBelongsTo(service: MemoryService, userId: string, sessionId: string): Promise<boolean> {
  const scopes = await service.searchScopes(userId, null, null);
  for (const s of scopes) if ((await service.store.listTurns(s.key, { sessionId, limit: 1 })).length > 0) return true;
  return false;
}

function ok(text: string, structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], structuredContent: structured };
}

/** Domain errors become readable tool errors; anything else is logged and reported without internals. */
function toolError(service: MemoryService, tool: string, err: unknown): CallToolResult {
  if (err instanceof DomainError) return { isError: true, content: [{ type: 'text', text: `${err.code}: ${err.message}` }] };
  service.logger.error({ err: err instanceof Error ? { name: err.name, message: err.message } : String(err), tool }, 'MCP tool failed');
  return { isError: true, content: [{ type: 'text', text: 'INTERNAL_ERROR: the memory service failed to run this tool; try again later' }] };
}

async function guarded(service: MemoryService, tool: string, fn: () => Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await fn();
  } catch (err) {
    return toolError(service, tool, err);
  }
}

export function createMcpServer(service: MemoryService, options: McpServerOptions = {}): McpServer {
  const boundUser = options.userId ?? null;
  const defaultMaxTokens = options.defaultMaxTokens ?? 1024;
  const server = new McpServer(
    { name: options.name ?? 'memory-service', version: options.version ?? '0.1.0' },
    {
      instructions:
        'Long-term memory about the user. Call `recall` with the user\'s message before answering to get prompt-ready context; ' +
        'call `remember` after each finished turn (or with a plain statement) so facts, preferences and events are kept and updated; ' +
        'use `search` for specific look-ups, `list_memories` to show what is known, and `forget` when the user asks to forget something.',
    },
  );

  server.registerTool(
    'remember',
    {
      title: 'Remember',
      description:
        'Store a finished conversation turn (messages) or a plain statement about the user. The service extracts typed memories ' +
        '(facts, preferences, opinions, events, relations), reconciles them with what it already knows (a new job supersedes the old ' +
        'one, history kept) and indexes everything; the next recall sees it. Returns the memories that were created or changed.',
      inputSchema: rememberInput,
      outputSchema: rememberOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    (args) =>
      guarded(service, 'remember', async () => {
        if ((args.messages === undefined) === (args.statement === undefined)) throw new InvalidInputError('give exactly one of messages or statement');
        const owner = resolveOwner(args, boundUser);
        const messages: Message[] = args.messages ?? [{ role: 'user', content: args.statement as string }];
        const sessionId = owner.sessionId ?? options.defaultSessionId ?? 'mcp';
        const result = await service.ingestTurn({
          sessionId,
          userId: owner.userId,
          agentId: owner.agentId,
          messages: messages.map((m) => ({ role: m.role, content: m.content, ...(m.name != null ? { name: m.name } : {}) })),
          timestamp: args.timestamp ?? null,
          metadata: args.metadata,
        });
        const views = result.memories.map(toApiMemory);
        const text =
          `Stored turn ${result.turn.id} (session ${sessionId}, #${result.turn.seq}).\n` +
          (views.length === 0 ? 'No new or changed memories.' : `Memories created or changed:\n${memoryList(result.memories, '')}`);
        return ok(text, { turn_id: result.turn.id, seq: result.turn.seq, extractor: result.extractor, memories: views });
      }),
  );

  server.registerTool(
    'recall',
    {
      title: 'Recall',
      description:
        'Get prompt-ready context for the next answer: the user\'s stable facts, memories relevant to the query and dated excerpts of ' +
        'past conversations, as Markdown that never exceeds max_tokens, with a citation (turn id) per line. Empty when nothing is relevant.',
      inputSchema: recallInput,
      outputSchema: recallOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(service, 'recall', async () => {
        const owner = resolveOwner(args, boundUser);
        const r = await service.recall({ query: args.query, userId: owner.userId, sessionId: owner.sessionId, agentId: owner.agentId, maxTokens: args.max_tokens ?? defaultMaxTokens });
        return ok(r.context === '' ? 'Nothing relevant is remembered for this query.' : r.context, { context: r.context, tokens: r.tokens, citations: r.citations });
      }),
  );

  server.registerTool(
    'search',
    {
      title: 'Search memory',
      description:
        'Search the user\'s memories and past messages; returns scored hits (memory or conversation turn) with their session and ' +
        'timestamp. Use for a specific look-up ("what is the dog\'s name?"); use recall for answer context.',
      inputSchema: searchInput,
      outputSchema: searchOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(service, 'search', async () => {
        const owner = resolveOwner(args, boundUser);
        const hits = await service.search({ query: args.query, userId: owner.userId, sessionId: owner.sessionId, agentId: owner.agentId, limit: args.limit ?? LIMITS.searchLimitDefault });
        const results = hits.map(toApiSearchResult);
        return ok(searchList(results), { results });
      }),
  );

  server.registerTool(
    'list_memories',
    {
      title: 'List memories',
      description:
        'List what is remembered about the user (or the session when there is no user): current memories by default, the full ' +
        'history (superseded, retracted, historical rows with their validity) with include_history. Each memory has an id for forget.',
      inputSchema: listInput,
      outputSchema: listOutput,
      annotations: { readOnlyHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(service, 'list_memories', async () => {
        const owner = resolveOwner(args, boundUser);
        const limit = args.limit ?? 100;
        const filter = {
          includeInactive: args.include_history ?? false,
          includeDeleted: args.include_deleted ?? false,
          types: args.types,
          subject: args.subject,
          key: args.key,
        };
        const all =
          owner.userId !== null
            ? await service.listUserMemories(owner.userId, { ...filter, agentId: owner.agentId })
            : await service.store.listMemories(service.scopeOf(null, owner.sessionId, owner.agentId).key, { ...filter, limit });
        const memories = all.slice(0, limit);
        return ok(memoryList(memories, 'No memories stored yet.'), { memories: memories.map(toApiMemory), count: memories.length });
      }),
  );

  server.registerTool(
    'forget',
    {
      title: 'Forget',
      description:
        'Forget on the user\'s request. target "memory": one memory by memory_id (soft delete: never recalled again, listed as deleted). ' +
        'target "session": every turn of session_id and the memories derived from it. target "user": everything stored about user_id. ' +
        'Sessions and users are deleted permanently.',
      inputSchema: forgetInput,
      outputSchema: forgetOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    (args) =>
      guarded(service, 'forget', async () => {
        if (args.target === 'memory') {
          if (!args.memory_id) throw new InvalidInputError('memory_id is required to forget a memory');
          const owner = resolveOwner(args, boundUser);
          const m = await service.forgetMemory(owner, args.memory_id);
          return ok(`Forgot memory ${m.id} (${m.key.replace(/_/g, ' ')}: ${m.value}).`, { target: 'memory', id: m.id, memory: toApiMemory(m) });
        }
        if (args.target === 'session') {
          if (!args.session_id) throw new InvalidInputError('session_id is required to forget a session');
          if (boundUser !== null && !(await sessionBelongsTo(service, boundUser, args.session_id))) throw new NotFoundError('session', args.session_id);
          // Only the named (or bound) user's part of the session: session ids are caller-chosen and shared.
          await service.deleteSession(args.session_id, { userId: boundUser ?? args.user_id ?? null });
          return ok(`Forgot session ${args.session_id}.`, { target: 'session', id: args.session_id });
        }
        if (args.user_id == null && boundUser === null) throw new InvalidInputError('user_id is required to forget a user');
        const { userId } = resolveOwner({ user_id: args.user_id }, boundUser);
        if (userId === null) throw new InvalidInputError('user_id is required to forget a user');
        await service.deleteUser(userId);
        return ok(`Forgot everything about user ${userId}.`, { target: 'user', id: userId });
      }),
  );

  return server;
}
