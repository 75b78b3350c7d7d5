/**
 * @module api/tenant-keys
 * The auth configuration as data: which bearer credential belongs to which tenant. Parses
 * MEMORY_AUTH_TOKEN (the default tenant), MEMORY_API_KEYS (`tenant:key,tenant:key`) and
 * MEMORY_API_KEYS_FILE (one `tenant:key` a line, `#` comments), and refuses — with a message
 * naming the variable and the entry, never the secret — anything blank or malformed, so a typo
 * can never leave the service open or with a key that cannot match.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_TENANT, TENANT_NAME } from '../core/scope.ts';

export interface TenantKey {
  tenant: string;
  key: string;
}

/** Visible ASCII only: what `Authorization: Bearer <key>` can carry and credentialOf() reads. */
const KEY_SHAPE = /^[\x21-\x7e]+$/;

export class AuthConfigError extends Error {
  override readonly name = 'AuthConfigError';
}

/** Why a credential cannot be used, or null when it is fine. Never echoes the value. */
export function credentialProblem(key: string): string | null {
  if (key.trim() === '') return 'is blank';
  if (/\s/.test(key)) return 'contains whitespace (a bearer credential is one word)';
  if (!KEY_SHAPE.test(key)) return 'contains characters other than visible ASCII';
  return null;
}

/** One `tenant:key` entry; `where` names it in errors (e.g. "MEMORY_API_KEYS entry 2"). */
export function parsePair(entry: string, where: string): TenantKey {
  const i = entry.indexOf(':');
  if (i < 0) throw new AuthConfigError(`${where} is not of the form tenant:key`);
  const tenant = entry.slice(0, i).trim();
  const key = entry.slice(i + 1).trim();
  if (!TENANT_NAME.test(tenant)) throw new AuthConfigError(`${where}: tenant name must be 1-64 letters, digits, '_', '.' or '-' starting with a letter or digit`);
  const problem = credentialProblem(key);
  if (problem) throw new AuthConfigError(`${where}: the key ${problem}`);
  return { tenant, key };
}

/** MEMORY_API_KEYS: comma-separated pairs. An empty entry (`a:x,,b:y`, a trailing comma) is an error. */
export function parseKeyList(text: string, source = 'MEMORY_API_KEYS'): TenantKey[] {
  const entries = text.split(',');
  return entries.map((e, i) => {
    if (e.trim() === '') throw new AuthConfigError(`${source} entry ${i + 1} is empty`);
    return parsePair(e, `${source} entry ${i + 1}`);
  });
}

/** MEMORY_API_KEYS_FILE content: one pair a line; blank lines and `#` comments are skipped. */
export function parseKeyFile(text: string, source = 'MEMORY_API_KEYS_FILE'): TenantKey[] {
  const out: TenantKey[] = [];
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) return;
    out.push(parsePair(t, `${source} line ${i + 1}`));
  });
  if (out.length === 0) throw new AuthConfigError(`${source} holds no tenant:key line`);
  return out;
}

export interface AuthSettings {
  MEMORY_AUTH_TOKEN?: string;
  MEMORY_API_KEYS?: string;
  MEMORY_API_KEYS_FILE?: string;
}

/**
 * Every accepted credential with its tenant ([] = auth off). MEMORY_AUTH_TOKEN maps to the
 * default tenant. A key given twice for different tenants is refused (it would be ambiguous).
 */
export function resolveTenantKeys(s: AuthSettings, readFile: (path: string) => string = (p) => readFileSync(p, 'utf8')): TenantKey[] {
  const keys: TenantKey[] = [];
  if (s.MEMORY_AUTH_TOKEN !== undefined) {
    const problem = credentialProblem(s.MEMORY_AUTH_TOKEN);
    if (problem) throw new AuthConfigError(`MEMORY_AUTH_TOKEN ${problem}; unset it to run without auth`);
    keys.push({ tenant: DEFAULT_TENANT, key: s.MEMORY_AUTH_TOKEN });
  }
  if (s.MEMORY_API_KEYS !== undefined) keys.push(...parseKeyList(s.MEMORY_API_KEYS));
  if (s.MEMORY_API_KEYS_FILE !== undefined) {
    let text: string;
    try {
      text = readFile(s.MEMORY_API_KEYS_FILE);
    } catch (err) {
      throw new AuthConfigError(`MEMORY_API_KEYS_FILE cannot be read (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
    }
    keys.push(...parseKeyFile(text));
  }
  const owner = new Map<string, string>();
  for (const k of keys) {
    const prev = owner.get(k.key);
    if (prev !== undefined && prev !== k.tenant) throw new AuthConfigError(`one key is configured for two tenants (${prev} and ${k.tenant})`);
    owner.set(k.key, k.tenant);
  }
  return keys;
}
