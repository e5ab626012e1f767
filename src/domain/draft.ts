import type { Draft, MapData, PublishedMap, Reason, ReasonId } from './belief-map';
import { mapVersion } from './belief-map';
import { sortReasons } from './sort-reasons';

// SPEC §4: every edit of a draft sets `updatedAt`, and the saved reasons are re-sorted. These
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

/** Adds `reason` (its id must be new to the draft) and re-sorts. */
export function addReason(draft: Draft, reason: Reason, now: Date): Draft {
  return withData(draft, { ...draft.data, reasons: [...draft.data.reasons, reason] }, now);
}

/** Replaces the reason with `reason.id`; a draft without it is returned re-stamped but unchanged. */
export function updateReason(draft: Draft, reason: Reason, now: Date): Draft {
  const reasons = draft.data.reasons.map((r) => (r.id === reason.id ? reason : r));
  return withData(draft, { ...draft.data, reasons }, now);
}

export function deleteReason(draft: Draft, id: ReasonId, now: Date): Draft {
  return withData(draft, { ...draft.data, reasons: draft.data.reasons.filter((r) => r.id !== id) }, now);
}

/** The publish request body for a draft: the stored form without `updatedAt` (PRODUCT §5). */
export function toPublishRequest(draft: Draft): { version: typeof mapVersion; data: MapData } {
  return { version: mapVersion, data: draft.data };
}
