import type { TrustProxy } from './config';

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
