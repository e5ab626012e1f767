import { formatCount } from './format';

// What code may know of a belief map without its schema (belief-map.ts), which brings zod with it:
// the version of the stored form (PRODUCT §3.1) and what a map over its reason limit is told. The
// first page a visitor opens needs only these (PRODUCT §13.5); the schema loads when something
// untrusted must be parsed.

export const mapVersion = '1.0';

/** What a map over its reason limit is told, by the schema and by the editor before adding one. */
export const reasonCountMessage = (max: number) => `A map can have at most ${formatCount(max)} reasons`;
