import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

// PRODUCT §13.4: a strict Content-Security-Policy and the usual security headers on every answer.
// Helmet works them out, once, at start-up: none depends on the request, and @fastify/helmet
// rebuilt every middleware and re-parsed the CSP on each request, a tenth of a cached GET's time.

/**
 * The one inline script allowed: the client's theme.js, which the build writes into each page's head
 * so that no script is fetched before the first paint (PRODUCT §13.6). Its SHA-256, checked against
 * the file by tests/api/security-headers.test.ts.
 */
export const themeScriptHash = "'sha256-YpABWVsCNA0kcabcI60lsVkKrfNKPPnTlzqCrXENdx0='";

/**
 * Helmet's options, with `styleHashes` allowing a rendered page's inline style (PRODUCT §13.6), and
 * `framedAnywhere` for the one page any site may frame (PRODUCT §11.5).
 */
const optionsWith = (styleHashes: readonly string[], framedAnywhere = false): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", themeScriptHash],
      styleSrc: ["'self'", ...styleHashes],
      // blob: for the map's picture, drawn from an SVG this page made into a canvas (PRODUCT §15.2).
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // PRODUCT §11.4, §11.5: a host page embeds the app by its mount function, not by framing, so
      // only the app itself may frame its pages; except /embed/{mapId}, which is made to be framed.
      frameAncestors: [framedAnywhere ? '*' : "'self'"],
    },
  },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
});
const options = optionsWith([]);

/** The headers helmet sets for `options`, by name in lower case. */
export function securityHeaders(helmetOptions: HelmetOptions = options): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(helmetOptions)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * The Content-Security-Policy of a rendered page, whose one inline style is allowed by its hash
 * (`styleHash` of pages/rendered-pages.ts): the same policy as every answer's otherwise.
 */
export function pageContentSecurityPolicy(styleHashes: readonly string[], framedAnywhere = false): string {
  return securityHeaders(optionsWith(styleHashes, framedAnywhere))['content-security-policy']!;
}

/** Puts the security headers on every answer of `app`, errors and 404s included. */
export function addSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
