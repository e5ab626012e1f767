import * as z from 'zod/mini';
import { isMapId } from './map-id';

// PRODUCT §5.3, §5.6, §5.7: the answers about responses, as a client parses them at its boundary
// (rule A4). The server writes them; a client that reads one through these schemas can trust its
// types. Unknown fields are dropped, so a server that adds one breaks no client.

// Numbers and booleans are custom schemas, and checks refinements: zod's own number, boolean and
// pattern schemas would land in the first load of every page, where the rest of zod lives
// (PRODUCT §13.5), although only pages loaded later read these answers.
const mapIdSchema = z.string().check(z.refine((id: string) => isMapId(id), 'must be a map id'));
const count = z.custom<number>((n) => Number.isInteger(n) && (n as number) >= 0, 'must be a count');
const weight = z.custom<number>(
  (n) => typeof n === 'number' && Number.isFinite(n) && n >= 0,
  'must be a weight',
);
const flag = z.custom<boolean>((value) => typeof value === 'boolean', 'must be true or false');
const sideSchema = z.object({ count, weight });

/** `data` of a publish's answer: `authorKey` and `listed` are absent from servers before responses. */
export const publishAnswerSchema = z.object({
  mapId: mapIdSchema,
  published: z.iso.datetime(),
  authorKey: z.optional(
    z.string().check(z.refine((key: string) => /^[A-Za-z0-9_-]{22}$/.test(key), 'must be an author key')),
  ),
  listed: z.optional(flag),
  unlistedReason: z.optional(z.string()),
});
export type PublishAnswer = z.output<typeof publishAnswerSchema>;

/** One response in a page (PRODUCT §5.6): its balance in the figures the map page shows. */
const responseSummarySchema = z.object({
  mapId: mapIdSchema,
  title: z.string(),
  published: z.iso.datetime(),
  reasons: count,
  balance: z.object({ for: sideSchema, against: sideSchema, unrated: count, neither: count }),
});
export type ResponseSummary = z.output<typeof responseSummarySchema>;

/** `data` of `GET /api/map/{id}/responses`. */
export const responsesPageSchema = z.object({
  responses: z.array(responseSummarySchema),
  next: z.nullable(z.string()),
});
export type ResponsesPage = z.output<typeof responsesPageSchema>;

/** `data` of `GET /api/map/{id}/thread` (PRODUCT §5.7). */
export const threadSchema = z.object({
  mapId: mapIdSchema,
  maps: z.array(
    z.object({ mapId: mapIdSchema, title: z.string(), published: z.iso.datetime(), basedOn: mapIdSchema }),
  ),
  complete: flag,
});
export type ThreadAnswer = z.output<typeof threadSchema>;
