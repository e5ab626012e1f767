import type { FastifyInstance } from 'fastify';
import { emptyBodyMessage } from './errors';

// Request bodies of the map API. Fastify's own JSON parser refuses `__proto__` keys too, but
// answers "not valid JSON" for valid JSON; this one names the problem (PRODUCT §5). Fastify still
// enforces the body limit (413) before the text reaches it.

const forbiddenKeys = new Set(['__proto__', 'constructor']);

function clientError(message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode: 400 });
}

/** The first key at any depth that could poison an object's prototype if merged, or null. */
export function findForbiddenKey(value: unknown): string | null {
  // Iterative: a 2 MiB body of `[[[[…` must not overflow the stack.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    if (Array.isArray(next)) {
      // One at a time: spreading a million-element array into push() overflows the stack.
      for (const item of next) pending.push(item);
      continue;
    }
    for (const key of Object.keys(next)) {
      if (forbiddenKeys.has(key)) return key;
      pending.push((next as Record<string, unknown>)[key]);
    }
  }
  return null;
}

/**
 * Makes `app` (one encapsulated plugin) accept only JSON bodies: any other content type, text/plain
 * included, is answered 415, so a cross-site form cannot post either.
 */
export function acceptJsonOnly(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(clientError(emptyBodyMessage), undefined);
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return done(clientError('Request body is not valid JSON'), undefined);
    }
    const key = findForbiddenKey(value);
    if (key) return done(clientError(`Request body must not contain the key "${key}"`), undefined);
    done(null, value);
  });
}
