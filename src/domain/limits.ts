// PRODUCT §3.3: the limits of a belief map. The server may raise or lower them by configuration,
// and answers them (`GET /api/limits`) to its forms, which check these defaults until then.

export interface MapLimits {
  /** Longest map title, in characters, after trimming. */
  readonly titleLength: number;
  readonly descriptionLength: number;
  readonly reasonTitleLength: number;
  readonly relevanceLength: number;
  readonly reasonCount: number;
}

export const defaultLimits: MapLimits = {
  titleLength: 300,
  descriptionLength: 20_000,
  reasonTitleLength: 500,
  relevanceLength: 20_000,
  reasonCount: 1_000,
};

/** Largest accepted request body, in bytes (PRODUCT §3.3, §14.2). */
export const defaultBodyLimitBytes = 2 * 1024 * 1024;

/** Published maps are deleted this long after publishing (PRODUCT §8.3). */
const mapLifetimeDays = 90;
export const mapLifetimeMs = mapLifetimeDays * 24 * 60 * 60 * 1000;

/** Map ids longer than this are rejected before they reach a store (PRODUCT §4.1). */
export const maxMapIdLength = 120;

/** Longest share link of a draft, in characters: what mail and chat programs pass on intact (PRODUCT §15.4). */
export const maxShareLinkLength = 8_000;
