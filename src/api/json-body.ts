/**
 * @module api/json-body
 * The one JSON body parser every route shares: an empty GET/DELETE body is no body (many HTTP
 * clients send `content-type: application/json` without one), anything else is parsed by
 * Fastify's own parser (prototype-poisoning protection) after a depth check — a body nested
 * deeper than JSON_MAX_DEPTH levels is refused with a 422 before it can overflow the stack of
 * the serialisers that store or echo it. Bodies are UTF-8 (RFC 8259): a declared charset other
 * than UTF-8 (or its ASCII subset) is 415 UNSUPPORTED_MEDIA_TYPE, and bytes that are not valid
 * UTF-8 are 400 MALFORMED_JSON — never silently decoded with replacement characters.
 */
import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.ts';

/** Deepest nesting of objects/arrays a body may have (metadata included). */
export const JSON_MAX_DEPTH = 64;

/** True when the JSON text nests objects/arrays deeper than `max` (strings are skipped; one pass, no recursion). */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** Charsets whose bytes are read as UTF-8 (US-ASCII is a subset). */
const UTF8_CHARSETS = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** The lower-cased `charset` parameter of a Content-Type header, or null when absent. */
export function charsetOf(contentType: string | undefined): string | null {
  const m = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType ?? '');
  return m ? m[1].toLowerCase() : null;
}

export function installJsonBodyParser(app: FastifyInstance): void {
  // Every body is JSON: a text/plain body is a 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (req, body, done) => {
    const charset = charsetOf(req.headers['content-type']);
    if (charset !== null && !UTF8_CHARSETS.has(charset)) {
      return done(new ApiError('UNSUPPORTED_MEDIA_TYPE', `request bodies must be UTF-8 JSON; charset=${charset.slice(0, 40)} is not accepted`), undefined);
    }
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(new ApiError('MALFORMED_JSON', 'request body is not valid UTF-8'), undefined);
    }
    if ((req.method === 'DELETE' || req.method === 'GET') && text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text, JSON_MAX_DEPTH)) {
      return done(new ApiError('VALIDATION_FAILED', `body nests deeper than ${JSON_MAX_DEPTH} levels`, [{ path: 'body', message: `nests deeper than ${JSON_MAX_DEPTH} levels` }]), undefined);
    }
    return parseJson(req, text, done);
  });
}
