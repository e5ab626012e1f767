import type { FastifyInstance } from 'fastify';
import { isIP } from 'node:net';
import type { TrustProxy } from '../config';

/** Fastify's own form of a trusted-proxy rule: is the hop at `address`, `hop` steps away, a proxy? */
export type TrustProxyFunction = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as Fastify takes it. A hop count trusts that many hops from the socket inward, as
 * Express does: with 1, the load balancer's own connection is trusted and the client is the last
 * address it appended to X-Forwarded-For, whatever the client wrote before it. (Fastify 5 reads a
 * bare number as "trust nothing", which would count every client as the load balancer.) A list of
 * addresses or CIDR ranges trusts exactly those proxies, wherever they stand.
 */
export function fastifyTrustProxy(trust: TrustProxy): false | string[] | TrustProxyFunction {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust === false ? false : [...trust];
}

/**
 * What is left of an X-Forwarded-For header once every entry up to the last one that is not an
 * IP address is dropped; undefined when nothing is left. Entries are separated by commas, and
 * empty ones are skipped, as Fastify reads them.
 */
function validForwardedFor(header: string): string | undefined {
  const entries = header
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  let first = entries.length;
  while (first > 0 && isIP(entries[first - 1]!) !== 0) first--;
  return first === entries.length ? undefined : entries.slice(first).join(', ');
}

/**
 * Makes every trusted hop's X-Forwarded-For name a real address: the client's address is then the
 * nearest valid one a trusted hop forwarded, or the connection's own. Fastify would take any text
 * there as the address, so a client behind a balancer that passes on what it wrote (or a proxy
 * that adds a port) could be counted under a fresh made-up address on every request, and escape
 * the rate limit (PRODUCT §14.1). Runs before any other hook reads `request.ip`.
 */
export function keepValidForwardedAddresses(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) => {
    const headers = request.raw.headers;
    const header = headers['x-forwarded-for'];
    if (header !== undefined) {
      const valid = validForwardedFor(Array.isArray(header) ? header.join(',') : header);
      if (valid === undefined) delete headers['x-forwarded-for'];
      else headers['x-forwarded-for'] = valid;
    }
    done();
  });
}
