/**
 * @module core/text/secrets
 * Memory hygiene: detects and masks secrets (passwords, API keys, tokens, bearer strings,
 * private keys, card numbers passing the Luhn check, long base64-like blobs) so they never
 * become memories and never come back out of recall. Pure.
 */

export const MASK = '[REDACTED]';

/** Luhn checksum for 13-19 digit card numbers. */
export function luhnValid(digits: string): boolean {
  const d = digits.replace(/\D/g, '');
  if (d.length < 13 || d.length > 19) return false;
  let sum = 0;
  let dbl = false;
  for (let i = d.length - 1; i >= 0; i--) {
    let n = d.charCodeAt(i) - 48;
    if (dbl) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
    dbl = !dbl;
  }
  return sum % 10 === 0;
}

interface SecretRule {
  name: string;
  re: RegExp;
  /** Which capture group holds the secret itself (0 = whole match). */
  group?: number;
  check?: (s: string) => boolean;
}

const RULES: SecretRule[] = [
  { name: 'private_key', re: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g },
  { name: 'bearer', re: /\b(?:bearer|token)\s+([A-Za-z0-9._~+/=-]{16,})/gi, group: 1 },
  { name: 'openai_key', re: /\bsk-(?:proj-|ant-)?[A-Za-z0-9_-]{16,}/g },
  { name: 'github_token', re: /\bgh[pousr]_[A-Za-z0-9]{20,}/g },
  { name: 'slack_token', re: /\bxox[abprs]-[A-Za-z0-9-]{10,}/g },
  { name: 'aws_key', re: /\bA(?:KIA|SIA)[0-9A-Z]{16}\b/g },
  { name: 'google_key', re: /\bAIza[0-9A-Za-z_-]{30,}/g },
  { name: 'jwt', re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  {
    name: 'password',
    // A separator is required ("password is X", "api_key=X"): "a token from the arcade" is not a secret.
    re: /\b(?:password|passwd|passcode|pwd|pin(?: code)?|passphrase|secret key|api[ _-]?key|access[ _-]?token|auth[ _-]?token|token)\s*(?:is|was|=|:|->)\s*["'`]?([^\s"'`,;]{3,})/gi,
    group: 1,
    check: (s) => !/^(is|was|the|a|an|for|to|and|of|my|it|that|this|changed|reset|expired|wrong|correct|same|different|new|old|long|short|strong|weak)$/i.test(s),
  },
  // "password: correct horse battery staple": after a colon or equals sign the whole phrase is the secret.
  {
    name: 'passphrase',
    re: /\b(?:password|passwd|passcode|passphrase|pin(?: code)?)\s*(?::|=)\s*["'`]?([^\s"'`,;.]{2,}(?:[ ]+[^\s"'`,;.]+){1,7})/gi,
    group: 1,
  },
  { name: 'card_security_code', re: /\b(?:cvv2?|cvc2?|csc|security\s+code)\s*(?:is|:|=|->)?\s*(\d{3,4})\b/gi, group: 1 },
  { name: 'card', re: /\b(?:\d[ -]?){12,18}\d\b/g, check: luhnValid },
  { name: 'iban', re: /\b[A-Z]{2}\d{2}(?: ?[A-Z0-9]{4}){3,7}(?: ?[A-Z0-9]{1,3})?\b/g },
  { name: 'ssn', re: /\b\d{3}-\d{2}-\d{4}\b/g },
  {
    name: 'base64_blob',
    re: /\b[A-Za-z0-9+/_-]{32,}={0,2}/g,
    check: (s) => /[0-9]/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s),
  },
];

export interface SecretFinding {
  rule: string;
  start: number;
  end: number;
}

/** Finds secret spans in text. */
export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  for (const rule of RULES) {
    rule.re.lastIndex = 0;
    for (const m of text.matchAll(rule.re)) {
      const g = rule.group ?? 0;
      const s = m[g];
      if (s === undefined || (rule.check && !rule.check(s))) continue;
      const offset = g === 0 ? 0 : m[0].indexOf(s);
      const start = (m.index ?? 0) + offset;
      found.push({ rule: rule.name, start, end: start + s.length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

export function containsSecret(text: string): boolean {
  return findSecrets(text).length > 0;
}

/** Replaces every secret span with [REDACTED]. */
export function maskSecrets(text: string): string {
  const spans = findSecrets(text);
  if (spans.length === 0) return text;
  let out = '';
  let pos = 0;
  for (const s of spans) {
    if (s.start < pos) {
      pos = Math.max(pos, s.end);
      continue;
    }
    out += text.slice(pos, s.start) + MASK;
    pos = s.end;
  }
  return out + text.slice(pos);
}
