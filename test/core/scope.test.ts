/**
 * core/scope: the scope key is an injective encoding (issue 12, defect 1). Table-driven: known
 * keys, look-alike pairs that concatenation used to merge, canonical-form parsing and the agent
 * range. The property test (test/api/scope-isolation.property.test.ts) drives random ids.
 */
import { describe, expect, test } from 'vitest';
import { agentScopeRange, decodeScope, DEFAULT_TENANT, encodeScope, escapeComponent, scopeOf, unescapeComponent, withinBase } from '../../src/core/scope.ts';

describe('scope keys', () => {
  test.each([
    [['alice', null, null, DEFAULT_TENANT], 'u:alice'],
    [['alice', null, 'bot', DEFAULT_TENANT], 'u:alice|a:bot'],
    [[null, 'chat-1', null, DEFAULT_TENANT], 's:chat-1'],
    [[null, 'chat-1', 'bot', DEFAULT_TENANT], 's:chat-1|a:bot'],
    [['victim|a:bot', null, null, DEFAULT_TENANT], 'u:victim%7Ca%3Abot'],
    [[null, 'S|a:bot', null, DEFAULT_TENANT], 's:S%7Ca%3Abot'],
    [['100%', null, 'x:y', DEFAULT_TENANT], 'u:100%25|a:x%3Ay'],
    [['alice', null, null, 'alpha'], 't:alpha|u:alice'],
    [['alice', 'ignored', 'bot', 'beta'], 't:beta|u:alice|a:bot'],
  ] as const)('scopeOf(%j) = %s', ([u, s, a, t], key) => {
    const scope = scopeOf(u, s, a, t);
    expect(scope.key).toBe(key);
    expect(decodeScope(key)).toEqual(scope);
  });

  // Pairs that `u:${user}|a:${agent}` concatenation mapped to one key.
  test.each([
    [['victim', null, 'bot'], ['victim|a:bot', null, null]],
    [[null, 'S', 'bot'], [null, 'S|a:bot', null]],
    [['a', null, 'b|a:c'], ['a|a:b', null, 'c']],
    [['u:x', null, null], [null, 'x', null]],
    [['x', null, null, 'default'], ['x', null, null, 't']],
    [['t:alpha|u:x', null, null], ['x', null, null, 'alpha']],
    [['%7C', null, null], ['|', null, null]],
  ] as const)('%j and %j get different keys', (a, b) => {
    const ka = scopeOf(a[0], a[1], a[2], a[3] ?? DEFAULT_TENANT).key;
    const kb = scopeOf(b[0], b[1], b[2], b[3] ?? DEFAULT_TENANT).key;
    expect(ka).not.toBe(kb);
  });

  test.each(['', 'x', 'u:a|b:c', 'u:a|a:b|a:c', 't:default|u:a', 'u:a%7c', 'u:a%41', 'u:a%', 't:alpha', 'a:b|u:c', 'u:a|s:b'])('decodeScope(%j) is null (not a canonical key)', (key) => {
    expect(decodeScope(key)).toBeNull();
  });

  test.each(['', 'plain', '%', '%25', '|', ':', 'a|a:b', '%7C%3A', '💥|:%'])('escape/unescape round-trips %j and leaves no separator', (s) => {
    const e = escapeComponent(s);
    expect(e).not.toMatch(/[|:]/);
    expect(unescapeComponent(e)).toBe(s);
  });

  test('the agent range holds exactly the agent sub-scopes of a base key', () => {
    const base = scopeOf('al', null).key;
    const { from, to } = agentScopeRange(base);
    const inside = [scopeOf('al', null, 'x').key, scopeOf('al', null, '').key, scopeOf('al', null, '|:%~\uffff').key];
    const outside = [scopeOf('al|a:x', null).key, scopeOf('alx', null).key, scopeOf('al', null, 'x', 'alpha').key, scopeOf(null, 'al', 'x').key, scopeOf('a', null).key];
    for (const k of inside) expect(k >= from && k < to && withinBase(k, base), k).toBe(true);
    for (const k of outside) expect(withinBase(k, base), k).toBe(false);
    expect(withinBase(base, base)).toBe(true);
  });

  test('encodeScope ignores the session of a user scope', () => {
    expect(encodeScope({ tenant: DEFAULT_TENANT, userId: 'u', sessionId: 'x', agentId: null })).toBe('u:u');
  });
});
