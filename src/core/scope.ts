/**
 * @module core/scope
 * The one place scope keys are built and parsed. A scope is a structured value — tenant, then a
 * user or (with no user) a session, then an optional agent — and its key is an injective string
 * encoding of it: each component is percent-escaped for the three reserved characters (`%`, `|`,
 * `:`), and the components are joined as `t:<tenant>|u:<user>|a:<agent>` (or `s:<session>`).
 * Since no escaped component can contain `|` or `:`, no id can imitate another scope
 * ("victim|a:bot" as a user id becomes `u:victim%7Ca%3Abot`, never `u:victim|a:bot`).
 *
 * The default tenant (MEMORY_AUTH_TOKEN, or no auth at all) carries no `t:` part, so keys of ids
 * without reserved characters are exactly the keys of earlier versions (`u:alice|a:bot`).
 * A user's agent sub-scopes are the keys in one half-open string range after the user key, so
 * listing them is an indexed range query that no id can widen (no LIKE, no wildcard).
 */

/** Tenant of MEMORY_AUTH_TOKEN, of `default:<key>` pairs and of deployments without auth. */
export const DEFAULT_TENANT = 'default';

/** Tenant names accepted in MEMORY_API_KEYS (letters, digits, `_ . -`; 1–64 characters). */
export const TENANT_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

/**
 * Who owns data. Memories are shared across a user's sessions; with no user the session
 * alone is the scope. `agentId` adds the avatar/agent dimension (platform API, mem0 agent_id).
 */
export interface Scope {
  /** Stable key every table carries and every query filters on (encodeScope of the fields). */
  key: string;
  userId: string | null;
  agentId: string | null;
  /** Only set for session-only scopes (userId null). */
  sessionId: string | null;
  /** The tenant (API key owner) the scope belongs to. */
  tenant: string;
}

export type ScopeParts = Omit<Scope, 'key'>;

/** Percent-escapes the reserved characters of a key component (`%` first, so it is reversible). */
export function escapeComponent(s: string): string {
  return s.replace(/[%|:]/g, (c) => (c === '%' ? '%25' : c === '|' ? '%7C' : '%3A'));
}

/** Inverse of escapeComponent(). */
export function unescapeComponent(s: string): string {
  return s.replace(/%(25|7C|3A)/g, (_m, h: string) => (h === '25' ? '%' : h === '7C' ? '|' : ':'));
}

/** The key of a structured scope. Injective: distinct parts always give distinct keys. */
export function encodeScope(p: ScopeParts): string {
  const parts: string[] = [];
  if (p.tenant !== DEFAULT_TENANT) parts.push(`t:${escapeComponent(p.tenant)}`);
  parts.push(p.userId !== null ? `u:${escapeComponent(p.userId)}` : `s:${escapeComponent(p.sessionId ?? '')}`);
  if (p.agentId !== null) parts.push(`a:${escapeComponent(p.agentId)}`);
  return parts.join('|');
}

/** Parses a key built by encodeScope(); null for anything else (a foreign or corrupt key). */
export function decodeScope(key: string): Scope | null {
  const parts = key.split('|');
  let i = 0;
  let tenant = DEFAULT_TENANT;
  const field = (tag: string): string | null => {
    const p = parts[i];
    if (p === undefined || !p.startsWith(`${tag}:`) || /%(?!25|7C|3A)/.test(p.slice(2))) return null;
    i++;
    return unescapeComponent(p.slice(2));
  };
  if (parts[0]?.startsWith('t:')) {
    const t = field('t');
    if (t === null || t === DEFAULT_TENANT) return null;
    tenant = t;
  }
  const userId = field('u');
  const sessionId = userId === null ? field('s') : null;
  if (userId === null && sessionId === null) return null;
  const agentId = i < parts.length ? field('a') : null;
  if (i !== parts.length) return null;
  const scope: Scope = { key, tenant, userId, sessionId, agentId };
  // Canonical form only (e.g. `%7c` or a literal `%41` would decode but re-encode differently).
  return encodeScope(scope) === key ? scope : null;
}

/** Builds the canonical scope for a request in a tenant. */
export function scopeOf(userId: string | null | undefined, sessionId: string | null | undefined, agentId?: string | null, tenant: string = DEFAULT_TENANT): Scope {
  const u = userId ?? null;
  const parts: ScopeParts = { tenant, userId: u, agentId: agentId ?? null, sessionId: u === null ? (sessionId ?? '') : null };
  return { key: encodeScope(parts), ...parts };
}

/**
 * The half-open range [from, to) holding exactly the agent sub-scopes of a base key (a user or
 * session key without agent): `<base>|a:` up to `<base>|a;` (`;` follows `:`). Escaped
 * components contain neither `|` nor `:`, so nothing else sorts inside. Stores compare keys
 * bytewise (SQLite's BINARY collation, COLLATE "C" on PostgreSQL).
 */
export function agentScopeRange(baseKey: string): { from: string; to: string } {
  return { from: `${baseKey}|a:`, to: `${baseKey}|a;` };
}

/** True when `key` is `baseKey` or one of its agent sub-scopes. */
export function withinBase(key: string, baseKey: string): boolean {
  const r = agentScopeRange(baseKey);
  return key === baseKey || (key >= r.from && key < r.to);
}

/** Tenant of a key (null when the key does not parse). */
export function tenantOf(key: string): string | null {
  return decodeScope(key)?.tenant ?? null;
}
