/**
 * @module api/json-body
 * The one JSON body parser every route shares: an empty GET/DELETE body is no body (many HTTP
 * clients send `content-type: application/json` without one), anything else is parsed by
 * Fastify's own parser (prototype-poisoning protection) after a depth check — a body nested
 * deeper than JSON_MAX_DEPTH levels is refused with a 422 before it can overflow the stack of
 * the serialisers that store or echo it.
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

export function installJsonBodyParser(app: FastifyInstance): void {
  // Every body is JSON: a text/plain body is a 415, not a string that fails validation.
  app.removeContentTypeParser('text/plain');
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = String(body);
    if ((req.method === 'DELETE' || req.method === 'GET') && text.trim() === '') return done(null, undefined);
    if (jsonDepthExceeds(text, JSON_MAX_DEPTH)) {
      return done(new ApiError('VALIDATION_FAILED', `body nests deeper than ${JSON_MAX_DEPTH} levels`, [{ path: 'body', message: `nests deeper than ${JSON_MAX_DEPTH} levels` }]), undefined);
    }
    return parseJson(req, text, done);
  });
}
