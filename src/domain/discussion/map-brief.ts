import * as z from 'zod/mini';
import type { MapData, ReasonId } from '../belief-map';
import { mapVersion } from '../map-version';
import { beliefValues, supportValues } from '../ratings';

// Rule N16: a map in brief, what a discussion works out its figures from (rules N1–N11, N15)
// without the texts it does not show: `GET /api/maps` answers it by default (PRODUCT §5.9), and
// the server stores it beside the map at publishing, so that a set is listed without parsing any
// map's text. The client reads the answer, and the server backfills old rows, by this one schema.

/** The most characters of a description's first line a brief keeps: past rule N15's 80, with room. */
const briefDescriptionLength = 100;

const rating = <T extends readonly [string, ...string[]]>(values: T) => z.nullable(z.enum(values));

const reasonBriefSchema = z.object({
  id: z.pipe(
    z.string(),
    z.transform((id: string) => id as ReasonId),
  ),
  title: z.string(),
  belief: rating(beliefValues),
  support: rating(supportValues),
});

export const mapBriefSchema = z.object({
  title: z.string(),
  /** The description's first line, trimmed, at most `briefDescriptionLength` characters; or null. */
  description: z.nullable(z.string()),
  reasons: z.array(reasonBriefSchema),
});

/** A map of `GET /api/maps`'s brief answer: the map's id, dates and answered map, and its brief. */
export const mapSetBriefItemSchema = z.object({
  mapId: z.string(),
  version: z.literal(mapVersion),
  published: z.string(),
  basedOn: z.optional(z.string()),
  brief: mapBriefSchema,
});

export type ReasonBrief = z.output<typeof reasonBriefSchema>;
export type MapBrief = z.output<typeof mapBriefSchema>;

/**
 * Rule N16: `data` in brief: its title, its description's first line (trimmed, cut at
 * `briefDescriptionLength` characters, which leaves rule N15's note as the whole description
 * gives it), and each reason's id, title and ratings, in the map's order. Pure; `data` is not changed.
 */
export function briefOfMap(data: MapData): MapBrief {
  return {
    title: data.title,
    description: briefDescription(data.description),
    reasons: data.reasons.map(({ id, title, belief, support }) => ({ id, title, belief, support })),
  };
}

function briefDescription(description: string | null): string | null {
  const line = description?.trim().split('\n', 1)[0]!.trim();
  if (!line) return null;
  return [...line].slice(0, briefDescriptionLength).join('');
}
