import type { Reason } from '../../../domain/belief-map';
import { describeSide, mapBalance } from '../../../domain/balance';
import { reasonIdKey } from '../../../domain/compare';
import {
  summariseDiscussion,
  type Discussion,
  type DiscussionReason,
} from '../../../domain/discussion/discussion';
import { mapLabels, type MapLabel } from '../../../domain/discussion/map-labels';
import type { DiscussionMap } from '../../../domain/discussion/match-reasons';
import {
  reasonOrders,
  sortDiscussionReasons,
  type ReasonOrder,
} from '../../../domain/discussion/reason-orders';
import type { MapId } from '../../../domain/map-id';
import { fetchMap } from '../../draft/storage/api-client';
import {
  loadDiscussionMaps,
  type BriefSource,
  type DiscussionSource,
  type LoadedMaps,
  type LoadProgress,
} from './discussion-api';
import { discussionOriginAt, type DiscussionOrigin } from './discussion-origin';

// PRODUCT §6.10, §13.6: everything the discussion page shows that takes work, done in one place:
// in the worker (discussion-worker.ts), or, without one, loaded after the page. It reads the
// maps in brief (rule N16), works out the figures (rules N1–N10) and the four orders of all
// reasons (rule N11), and answers the page with only what the page draws. No map's texts are read
// but the draft's map's, and one other's when a reason of it is added to a draft, so its memory
// is bounded by 100 briefs and two maps (ARCHITECTURE, "Reading a set"). So the page's own chunk
// holds none of the model's code, and neither thread parses or copies megabytes it does not show.

/** A map of the discussion as the page lists it. */
export interface MapSummary {
  id: MapId;
  title: string;
  published: string;
  /** The map of the discussion it answers, if any: its parent in the tree. */
  parent: MapId | null;
  /** Its balance as the map page says it (rule W5). */
  balanceLine: string;
  /** How the page names it (rule N15). */
  label: MapLabel;
}

export interface LoadedDiscussion extends Omit<LoadedMaps, 'maps'> {
  maps: MapSummary[];
}

/** A matched reason in one map, as the page shows and picks it. */
export interface EntrySummary {
  mapId: MapId;
  /** Its reason's id, lower-cased (rule C1). */
  reasonKey: string;
  support: Reason['support'];
  belief: Reason['belief'];
  /** Its title in this map, when it joined by title and reads otherwise (rule N2). */
  title: string | null;
}

/** A matched reason with its figures (rules N2–N6); its maps' versions are asked for apart. */
export type ReasonSummary = Omit<DiscussionReason, 'entries'>;

export interface WorkedDiscussion {
  discussion: Omit<Discussion, 'reasons' | 'agrees' | 'splits'> & {
    reasons: ReasonSummary[];
    agrees: ReasonSummary[];
    splits: ReasonSummary[];
  };
  /** All reasons in each order of rule N11, as places in `discussion.reasons`. */
  orders: Record<ReasonOrder, number[]>;
}

/**
 * The discussion of `maps` less `leftOut` (rules N1–N11) as the page draws it, and its matched
 * reasons by key, whose versions the page asks for apart. Only what the page draws crosses to it:
 * each reason's versions in every map would be most of the answer (3.8 MB of 5 for 100 maps of 200
 * reasons), and copying them took the page's main thread longer than drawing the figures. Pure.
 */
export function workOutDiscussion(
  maps: readonly DiscussionMap[],
  leftOut: readonly MapId[],
): { worked: WorkedDiscussion; byKey: Map<string, DiscussionReason> } {
  const { reasons, agrees, splits, ...rest } = summariseDiscussion(maps, leftOut);
  const brief = new Map(reasons.map((reason) => [reason, summariseReason(reason)]));
  const place = new Map(reasons.map((reason, n) => [reason, n]));
  const orders = Object.fromEntries(
    reasonOrders.map((order) => [order, sortDiscussionReasons(reasons, order).map((r) => place.get(r)!)]),
  ) as Record<ReasonOrder, number[]>;
  return {
    worked: {
      discussion: {
        ...rest,
        reasons: reasons.map((reason) => brief.get(reason)!),
        agrees: agrees.map((reason) => brief.get(reason)!),
        splits: splits.map((reason) => brief.get(reason)!),
      },
      orders,
    },
    byKey: new Map(reasons.map((reason) => [reason.key, reason])),
  };
}

function summariseReason({ entries: _entries, ...figures }: DiscussionReason): ReasonSummary {
  return figures;
}

/** The versions of `reason` in its maps, in brief: ids, ratings, and a title where it reads otherwise. */
export function versionsOf({ title, entries }: DiscussionReason): EntrySummary[] {
  return entries.map(({ mapId, reason, byTitle }) => ({
    mapId,
    reasonKey: reasonIdKey(reason.id),
    support: reason.support,
    belief: reason.belief,
    title: byTitle && reason.title !== title ? reason.title : null,
  }));
}

/** The maps as the page lists them: titles, dates, balances and names (rule N15). Pure. */
export function summariseMaps(maps: readonly BriefSource[]): MapSummary[] {
  const labels = mapLabels(maps.map(({ id, brief }) => ({ id, data: brief })));
  return maps.map(({ id, brief, published, parent }) => {
    const balance = mapBalance(brief);
    return {
      id,
      title: brief.title,
      published,
      parent,
      balanceLine: `${describeSide('For', balance.for)} · ${describeSide('Against', balance.against)}`,
      label: labels.get(id)!,
    };
  });
}

/**
 * One discussion's maps, read once and kept: the page asks it for the figures again when a map
 * is left out or taken back, and for a reason's full text when one is added to a draft.
 */
export class DiscussionSession {
  #maps: BriefSource[] = [];
  /** The maps read whole: the draft's, and the last other one a reason was asked of. */
  #whole: DiscussionSource[] = [];
  /** The matched reasons of the figures last worked out, by key. */
  #reasons = new Map<string, DiscussionReason>();

  /** Reads the maps of `origin`, telling `onProgress` page by page; rejects as `loadDiscussionMaps` does. */
  async load(origin: DiscussionOrigin, onProgress?: LoadProgress): Promise<LoadedDiscussion> {
    const loaded: LoadedMaps =
      'ids' in origin && origin.ids.length === 0
        ? { maps: [], draftMap: null, missing: [], notShown: 0, threadComplete: true }
        : await loadDiscussionMaps(origin, onProgress);
    this.#maps = loaded.maps;
    this.#whole = loaded.draftMap ? [loaded.draftMap] : [];
    return { ...loaded, maps: summariseMaps(loaded.maps) };
  }

  /** The figures of the maps read, less `leftOut`. */
  work(leftOut: readonly MapId[]): WorkedDiscussion {
    const { worked, byKey } = workOutDiscussion(
      this.#maps.map(({ id, brief }) => ({ id, data: brief })),
      leftOut,
    );
    this.#reasons = byKey;
    return worked;
  }

  /** The versions of the matched reason `key` of the figures last worked out, or null. */
  versions(key: string): EntrySummary[] | null {
    const reason = this.#reasons.get(key);
    return reason ? versionsOf(reason) : null;
  }

  /**
   * The reason `reasonKey` of map `mapId` as that map holds it, texts and all, or null. A map other
   * than the draft's is read whole now, and kept until another is.
   */
  async reason(mapId: MapId, reasonKey: string): Promise<Reason | null> {
    if (!this.#maps.some((m) => m.id === mapId)) return null;
    let source = this.#whole.find((m) => m.id === mapId);
    if (!source) {
      const map = await fetchMap(mapId).catch(() => null);
      if (!map) return null;
      source = { id: mapId, map };
      this.#whole = [...this.#whole.slice(0, 1), source];
    }
    return source.map.data.reasons.find((r) => reasonIdKey(r.id) === reasonKey) ?? null;
  }
}

/** What the page asks of its discussion's session. */
export type SessionRequest =
  | { kind: 'load'; origin: DiscussionOrigin }
  /** A load of the discussion page at this address, asked before the page could read it. */
  | { kind: 'load-at'; path: string; search: string }
  | { kind: 'work'; round: number; leftOut: MapId[] }
  | { kind: 'versions'; ask: number; key: string }
  | { kind: 'reason'; ask: number; mapId: MapId; reasonKey: string };

/** What the session answers: a load is answered by `loaded` (or `failed`), then the figures. */
export type SessionReply =
  /** How many of the maps asked have been read so far, page by page. */
  | { kind: 'progress'; read: number; total: number }
  | { kind: 'loaded'; loaded: LoadedDiscussion }
  | { kind: 'failed'; message: string }
  | { kind: 'worked'; round: number; worked: WorkedDiscussion }
  | { kind: 'versions'; ask: number; versions: EntrySummary[] | null }
  | { kind: 'reason'; ask: number; reason: Reason | null };

/**
 * Answers `request` through `reply`, in order: the same in the worker and in the page. A load's
 * maps are replied before its figures are worked out, so that the page lists them meanwhile.
 */
export async function answerRequest(
  session: DiscussionSession,
  request: SessionRequest,
  reply: (reply: SessionReply) => void,
): Promise<void> {
  switch (request.kind) {
    case 'load-at': {
      const origin = discussionOriginAt(request.path, request.search);
      if (origin) return answerRequest(session, { kind: 'load', origin }, reply);
      return reply({ kind: 'failed', message: `${request.path} is not a discussion of maps` });
    }
    case 'load': {
      let loaded: LoadedDiscussion;
      try {
        loaded = await session.load(request.origin, (read, total) =>
          reply({ kind: 'progress', read, total }),
        );
      } catch (error) {
        return reply({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
      reply({ kind: 'loaded', loaded });
      return reply({ kind: 'worked', round: 0, worked: session.work([]) });
    }
    case 'work':
      return reply({ kind: 'worked', round: request.round, worked: session.work(request.leftOut) });
    case 'versions':
      return reply({ kind: 'versions', ask: request.ask, versions: session.versions(request.key) });
    case 'reason':
      return reply({
        kind: 'reason',
        ask: request.ask,
        reason: await session.reason(request.mapId, request.reasonKey),
      });
  }
}
