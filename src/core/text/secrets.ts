/**
 * @module core/text/secrets
 * Memory hygiene: detects and masks secrets (passwords, API keys, tokens, bearer strings,
 * private keys, connection-string passwords, card numbers passing the Luhn check with any one
 * separator, IBANs passing mod 97 in any case or spacing, long base64-like blobs) so they never
 * become memories and never come back out of recall. Checksums keep near-misses (order and
 * phone numbers, dates, ISBNs) intact. Pure; the rules are data (RULES).
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
  /**
   * A cheap necessary condition, checked before the regex runs: one of these literals occurs in the text (in the
   * lower-cased text when `anyCase`: the rule's regex is case-insensitive; without the `u` flag such a regex matches an
   * ASCII letter only by an ASCII letter, so lower-casing finds every match's literal).
   */
  needs?: readonly string[];
  anyCase?: boolean;
  /** The rule can only find a secret in a text with an ASCII digit (its regex or its check requires one). */
  digit?: boolean;
}

/** IBAN checksum (ISO 13616 mod 97) over the letters and digits, any case, any spacing. */
export function ibanValid(candidate: string): boolean {
  const s = candidate.replace(/[\s-]/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rem = (rem * 10 + (d.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

/** ISBN-13 checksum (weights 1, 3) with a 978/979 prefix: a book number, not a card. */
export function isbn13Valid(digits: string): boolean {
  const d = digits.replace(/\D/g, '');
  if (d.length !== 13 || !/^97[89]/.test(d)) return false;
  let sum = 0;
  for (let i = 0; i < 13; i++) sum += (d.charCodeAt(i) - 48) * (i % 2 === 0 ? 1 : 3);
  return sum % 10 === 0;
}

/** A card number: 13-19 digits passing Luhn, one kind of separator throughout, not an ISBN. */
export function cardLike(s: string): boolean {
  const seps = new Set(s.replace(/\d/g, ''));
  return seps.size <= 1 && luhnValid(s) && !isbn13Valid(s);
}

/** Words that follow "password is" without being a password ("the password is wrong"). */
const NOT_A_SECRET =
  /^(is|was|the|a|an|for|to|and|of|my|it|that|this|in|on|at|still|not|now|changed|reset|expired|wrong|correct|same|different|new|old|long|short|strong|weak|required|incorrect|invalid|missing|forgotten|lost|saved|stored|written|somewhere|here|there|secret|private|safe|protected|hidden|easy|hard|simple|complicated|too|very|also|just)$/i;

/** The credential words a "<word> is X" statement names. */
const CREDENTIAL = String.raw`(?:password|passwd|passcode|passphrase|pwd|pw|pass ?word|pin(?: code| number)?|secret key|api[ _-]?key|access[ _-]?token|auth[ _-]?token|token)`;
/** Optional qualifier between the credential word and the verb: "password for gmail", "pin to my phone". */
const QUALIFIER = String.raw`(?:\s+(?:for|to|of|on)\s+(?:my\s+|the\s+|our\s+)?[\w.@-]+(?:\s+account)?)?`;
const IS = String.raw`\s*(?:is|was|=|:|->|'s|’s)\s*`;

const RULES: SecretRule[] = [
  { name: 'private_key', needs: ['-----BEGIN '], re: /-----BEGIN [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|$)/g },
  { name: 'bearer', needs: ['bearer', 'token'], anyCase: true, re: /\b(?:bearer|token)\s+([A-Za-z0-9._~+/=-]{16,})/gi, group: 1 },
  { name: 'openai_key', needs: ['sk-'], re: /\bsk-(?:proj-|ant-(?:api\d\d-)?|svcacct-|admin-)?[A-Za-z0-9_-]{16,}/g },
  { name: 'stripe_key', needs: ['_live_', '_test_'], re: /\b(?:sk|rk|pk)_(?:live|test)_[A-Za-z0-9]{16,}/g },
  { name: 'github_token', needs: ['gh', 'github_pat_'], re: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{22,})/g },
  { name: 'gitlab_token', needs: ['glpat-'], re: /\bglpat-[A-Za-z0-9_-]{20,}/g },
  { name: 'slack_token', needs: ['xox'], re: /\bxox[abprse]-[A-Za-z0-9-]{10,}/g },
  { name: 'slack_webhook', needs: ['https://hooks.slack.com/services/'], re: /https:\/\/hooks\.slack\.com\/services\/[A-Za-z0-9/]+/g },
  { name: 'aws_key', needs: ['AKIA', 'ASIA', 'AGPA', 'AIDA', 'AROA'], re: /\b(?:AKIA|ASIA|AGPA|AIDA|AROA)[0-9A-Z]{16}\b/g },
  { name: 'aws_secret', needs: ['aws_secret_access_key'], anyCase: true, re: /\baws_secret_access_key\s*[=:]\s*["']?([A-Za-z0-9/+=]{40})/gi, group: 1 },
  { name: 'google_key', needs: ['AIza'], re: /\bAIza[0-9A-Za-z_-]{30,}/g },
  { name: 'google_oauth', needs: ['ya29.'], re: /\bya29\.[0-9A-Za-z_-]{20,}/g },
  { name: 'huggingface_token', needs: ['hf_'], re: /\bhf_[A-Za-z0-9]{30,}/g },
  { name: 'npm_token', needs: ['npm_'], re: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { name: 'sendgrid_key', needs: ['SG.'], re: /\bSG\.[A-Za-z0-9_-]{16,}\.[A-Za-z0-9_-]{16,}/g },
  { name: 'twilio_key', needs: ['SK'], re: /\bSK[0-9a-f]{32}\b/g },
  { name: 'telegram_bot_token', needs: [':AA'], digit: true, re: /\b\d{8,10}:AA[A-Za-z0-9_-]{33}\b/g },
  { name: 'jwt', needs: ['eyJ'], re: /\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
  // scheme://user:password@host — the password part only.
  { name: 'url_password', needs: ['://'], re: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:([^\s@/]+)@/gi, group: 1 },
  // Key=value connection strings (Azure, ODBC): Password=…; AccountKey=…; SharedAccessKey=…
  { name: 'conn_string_secret', needs: ['='], re: /\b(?:password|pwd|accountkey|sharedaccesskey|client_?secret)\s*=\s*([^;\s"']{3,})/gi, group: 1 },
  {
    name: 'password',
    needs: ['pw', 'pass', 'pin', 'secret key', 'api', 'token'],
    anyCase: true,
    // A separator is required ("password is X", "api_key=X"): "a token from the arcade" is not a secret.
    re: new RegExp(String.raw`\b${CREDENTIAL}${QUALIFIER}${IS}["'\`]?([^\s"'\`,;]{3,})`, 'gi'),
    group: 1,
    check: (s) => !NOT_A_SECRET.test(s.replace(/[.!?]+$/, '')),
  },
  // "my email password hunter22", "my wifi pw is x": after "my …" the next word, when it looks like a password.
  {
    name: 'my_password',
    needs: ['pass', 'pw', 'pin'],
    anyCase: true,
    re: /\bmy\s+(?:[\w-]+\s+){0,2}(?:password|passcode|pass|pw|pwd|pin)\s+(?:is\s+|=\s*|:\s*)?["'`]?([^\s"'`,;]{4,})/gi,
    group: 1,
    check: (s) => /[\d\W_]/.test(s.replace(/[.!?]+$/, '')) && !NOT_A_SECRET.test(s),
  },
  // "password: correct horse battery staple": after a colon or equals sign the whole phrase is the secret.
  {
    name: 'passphrase',
    needs: ['pass', 'pin'],
    anyCase: true,
    re: /\b(?:password|passwd|passcode|passphrase|pin(?: code)?)\s*(?::|=)\s*["'`]?([^\s"'`,;.]{2,}(?:[ ]+[^\s"'`,;.]+){1,7})/gi,
    group: 1,
  },
  { name: 'card_security_code', needs: ['cvv', 'cvc', 'csc', 'security'], anyCase: true, digit: true, re: /\b(?:cvv2?|cvc2?|csc|security\s+code)\s*(?:is|:|=|->)?\s*(\d{3,4})\b/gi, group: 1 },
  { name: 'card', digit: true, re: /\b(?:\d[ .\-_/]?){12,18}\d\b/g, check: cardLike },
  { name: 'iban', digit: true, re: /\b[A-Za-z]{2}\d{2}(?:[ -]?[A-Za-z0-9]{4}){2,7}(?:[ -]?[A-Za-z0-9]{1,4})?\b/g, check: ibanValid },
  { name: 'ssn', digit: true, re: /\b\d{3}-\d{2}-\d{4}\b/g },
  {
    name: 'base64_blob',
    digit: true,
    re: /\b[A-Za-z0-9+/_-]{32,}={0,2}/g,
    check: (s) => /[0-9]/.test(s) && /[A-Z]/.test(s) && /[a-z]/.test(s),
  },
];

export interface SecretFinding {
  rule: string;
  start: number;
  end: number;
}

/**
 * Calls `found` for each secret span of `text` in rule order; stops when it returns true. A
 * `exec` loop on the rule's own (global) regex: `matchAll` would clone the regex on every call,
 * and the clone's initialisation was a visible share of ingest CPU (issue 16 profile).
 */
function scanSecrets(text: string, found: (f: SecretFinding) => boolean | void): void {
  let lower: string | undefined;
  let digit: boolean | undefined;
  for (const rule of RULES) {
    // The rule's cheap necessary conditions first: most texts hold none of its literals, and the regex is not run.
    if (rule.digit && !(digit ??= /\d/.test(text))) continue;
    if (rule.needs) {
      const hay = rule.anyCase ? (lower ??= text.toLowerCase()) : text;
      if (!rule.needs.some((n) => hay.includes(n))) continue;
    }
    const re = rule.re;
    re.lastIndex = 0;
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      if (m[0] === '') re.lastIndex++;
      const g = rule.group ?? 0;
      const s = m[g];
      if (s === undefined || (rule.check && !rule.check(s))) continue;
      const offset = g === 0 ? 0 : m[0].indexOf(s);
      const start = m.index + offset;
      if (found({ rule: rule.name, start, end: start + s.length }) === true) {
        re.lastIndex = 0;
        return;
      }
    }
  }
}

/** Finds secret spans in text. */
export function findSecrets(text: string): SecretFinding[] {
  const found: SecretFinding[] = [];
  scanSecrets(text, (f) => void found.push(f));
  return found.sort((a, b) => a.start - b.start);
}

export function containsSecret(text: string): boolean {
  let any = false;
  scanSecrets(text, () => (any = true));
  return any;
}

/**
 * Masks every string inside a JSON-like value (metadata): string values, and keys too, since a
 * caller may put anything anywhere. Non-string leaves are kept.
 */
export function maskDeep<T>(value: T): T {
  if (typeof value === 'string') return maskSecrets(value) as T;
  if (Array.isArray(value)) return value.map((v) => maskDeep(v)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [maskSecrets(k), maskDeep(v)])) as T;
  }
  return value;
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
