/**
 * @module store/scope-migration
 * The SQL (shared by SQLite and PostgreSQL: replace, substr, length, ||) that rewrites scope
 * keys of earlier versions — plain concatenation, `u:<user>|a:<agent>` — into the injective
 * encoding of core/scope (reserved characters `%`, `|`, `:` percent-escaped in each component).
 *
 * A legacy key alone is ambiguous (`u:victim|a:bot` is user "victim" with agent "bot", or user
 * "victim|a:bot"), but every row also stores its user_id and agent_id (turns: session_id too),
 * and those columns decide: a row is rewritten when its key equals the legacy concatenation of
 * its own columns, to encodeScope() of those columns. Keys of ids without reserved characters are
 * unchanged. Rows whose key does not match their columns (none are written by any version) are
 * left as they were; embeddings take the key of the turn or memory they belong to.
 */

/** SQL expression escaping a component exactly like core/scope escapeComponent(). */
const esc = (x: string) => `replace(replace(replace(${x}, '%', '%25'), '|', '%7C'), ':', '%3A')`;
const agent = (enc: boolean) => `COALESCE('|a:' || ${enc ? esc('agent_id') : 'agent_id'}, '')`;
/** Session of a session-only legacy memory key: the part between `s:` and the `|a:<agent>` suffix. */
const memorySession = `substr(scope, 3, length(scope) - 2 - COALESCE(length(agent_id) + 3, 0))`;

const turnKey = (enc: boolean) =>
  `(CASE WHEN user_id IS NOT NULL THEN 'u:' || ${enc ? esc('user_id') : 'user_id'} ELSE 's:' || ${enc ? esc('session_id') : 'session_id'} END) || ${agent(enc)}`;
const memoryKey = (enc: boolean) =>
  `(CASE WHEN user_id IS NOT NULL THEN 'u:' || ${enc ? esc('user_id') : 'user_id'} ELSE 's:' || ${enc ? esc(memorySession) : memorySession} END) || ${agent(enc)}`;

export const LEGACY_SCOPE_REWRITE = `
UPDATE turns SET scope = ${turnKey(true)} WHERE scope = ${turnKey(false)} AND scope <> ${turnKey(true)};
UPDATE memories SET scope = ${memoryKey(true)}
  WHERE (user_id IS NOT NULL OR substr(scope, 1, 2) = 's:') AND scope = ${memoryKey(false)} AND scope <> ${memoryKey(true)};
UPDATE embeddings SET scope = (SELECT t.scope FROM turns t WHERE t.id = embeddings.owner_id)
  WHERE owner_kind = 'turn' AND EXISTS (SELECT 1 FROM turns t WHERE t.id = embeddings.owner_id AND t.scope <> embeddings.scope);
UPDATE embeddings SET scope = (SELECT m.scope FROM memories m WHERE m.id = embeddings.owner_id)
  WHERE owner_kind = 'memory' AND EXISTS (SELECT 1 FROM memories m WHERE m.id = embeddings.owner_id AND m.scope <> embeddings.scope);
`;
