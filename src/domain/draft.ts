import type { Draft, MapData, PublishedMap, Reason, ReasonId } from './belief-map';
import { mapVersion, reasonCountMessage } from './map-version';
import { defaultLimits } from './limits';
import { sortReasons } from './sort-reasons';

// PRODUCT §7.3: every edit of a draft sets `updatedAt`, and the saved reasons are re-sorted. These
// functions are pure: each returns a new draft and leaves its input untouched.

/** A new draft copying `base` (rule D1): same data, `published` of the base, `updatedAt` now. */
export function createDraft(base: PublishedMap, now: Date): Draft {
  return {
    version: mapVersion,
    published: base.published,
    updatedAt: now.toISOString(),
    data: { ...base.data, reasons: sortReasons(base.data.reasons) },
  };
}

/** Replaces the draft's data with `data` and stamps it (rules D2, D3). */
export function withData(draft: Draft, data: MapData, now: Date): Draft {
  return { ...draft, updatedAt: now.toISOString(), data: { ...data, reasons: sortReasons(data.reasons) } };
}

export interface BeliefFields {
  title: string;
  description: string | null;
}

export function updateBelief(draft: Draft, fields: BeliefFields, now: Date): Draft {
  return withData(draft, { ...draft.data, title: fields.title, description: fields.description }, now);
}

/** A new reason's id: a random (version 4) UUID, as PRODUCT §3 asks. */
export function newReasonId(): ReasonId {
  return crypto.randomUUID() as ReasonId;
}

/** Adds `reason` (its id must be new to the draft) and re-sorts. */
export function addReason(draft: Draft, reason: Reason, now: Date): Draft {
  return withData(draft, { ...draft.data, reasons: [...draft.data.reasons, reason] }, now);
}

/** Replaces the reason with `reason.id`; a draft without it is returned re-stamped but unchanged. */
export function updateReason(draft: Draft, reason: Reason, now: Date): Draft {
  const reasons = draft.data.reasons.map((r) => (r.id === reason.id ? reason : r));
  return withData(draft, { ...draft.data, reasons }, now);
}

/**
 * Saves `reason` from its form (rule D5): replaces the reason with its id, or adds it back when
 * the draft no longer has it (another tab deleted it while the form was open), so what was typed
 * is kept. Pure, stamped and sorted like every edit.
 */
export function saveReason(draft: Draft, reason: Reason, now: Date): Draft {
  const exists = draft.data.reasons.some((r) => r.id === reason.id);
  return exists ? updateReason(draft, reason, now) : addReason(draft, reason, now);
}

/**
 * Why the draft cannot take one more reason (rule D6): the schema's message once it holds
 * `limit` reasons (1,000 by default), else null. Pure.
 */
export function reasonCountError(draft: Draft, limit: number = defaultLimits.reasonCount): string | null {
  return draft.data.reasons.length >= limit ? reasonCountMessage(limit) : null;
}

export function deleteReason(draft: Draft, id: ReasonId, now: Date): Draft {
  return withData(draft, { ...draft.data, reasons: draft.data.reasons.filter((r) => r.id !== id) }, now);
}

/**
 * What publishing sends: a draft's stored form without `updatedAt` and `published`, and what the
 * map answers when it was made from a published one (PRODUCT §5.5).
 */
export interface PublishRequest {
  version: typeof mapVersion;
  data: MapData;
  basedOn?: string;
  listed?: boolean;
}

/**
 * The publish request for `draft` (PRODUCT §8): its version and data only, since the server sets
 * `published` itself. Pure; the result shares `draft.data`.
 */
export function toPublishRequest(draft: Draft): PublishRequest {
  return { version: mapVersion, data: draft.data };
}
