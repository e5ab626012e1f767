import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { describeSide, mapBalance } from '../../../domain/balance';
import { isBuiltInMapId } from '../../../domain/built-in/ids';
import { reasonIdKey } from '../../../domain/compare';
import type { DiscussionReason } from '../../../domain/discussion/discussion';
import { parsePastedMaps } from '../../../domain/discussion/map-set';
import { isMapId, toDraftId, type MapId } from '../../../domain/map-id';
import { PageHeading } from '../../components/PageHeading';
import { useFlash, flashDurations } from '../../components/flash';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMapsStore } from '../../draft';
import { formatPublished, isDraftEntry } from '../../draft/entries';
import { useDraftCommands } from '../../draft/use-commands';
import { loadDiscussionMaps, type DiscussionSource, type LoadedMaps } from './discussion-api';
import { AllReasons, ReasonList } from './DiscussionReasons';
import { OpinionGroupsView, StanceAxis } from './DiscussionPlots';
import './discussion.css';
import { useDiscussionModel } from './use-discussion-model';
import { mapLabels, type MapLabel } from '../../../domain/discussion/map-labels';

// PRODUCT §6.10: the discussion page, every map on one belief at once: who answered whom, where
// each stands, what the group agrees on and splits over, its opinion groups and every reason.
// The figures are the domain's (rules N1–N11); this page only lays them out.

type Source = { root: MapId } | { ids: MapId[] };

export function DiscussionPage() {
  useDocumentTitle('Discussion');
  const { mapId } = useParams<{ mapId?: string }>();
  const maps = new URLSearchParams(useSearch()).get('maps') ?? '';
  const key = mapId === undefined ? `maps:${maps}` : `root:${mapId}`;
  const source: Source | null = useMemo(() => {
    if (mapId !== undefined) return isMapId(mapId) ? { root: mapId } : null;
    const { ids } = parsePastedMaps(maps.replaceAll(',', '\n'));
    return { ids };
  }, [mapId, maps]);
  return (
    <div className="page discussion-page">
      <PageHeading>Discussion</PageHeading>
      {source ? (
        <DiscussionLoader key={key} source={source} />
      ) : (
        <p role="alert">{`Map id ${mapId ?? ''} does not match expected format`}</p>
      )}
    </div>
  );
}

type LoadState =
  { status: 'loading' } | { status: 'failed'; message: string } | { status: 'loaded'; loaded: LoadedMaps };

function DiscussionLoader({ source }: { source: Source }) {
  const store = useMapsStore();
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    if ('ids' in source && source.ids.length === 0) {
      setState({ status: 'loaded', loaded: { maps: [], missing: [] } });
      return;
    }
    loadDiscussionMaps(source).then(
      (loaded) => {
        if (!current) return;
        setState({ status: 'loaded', loaded });
      },
      (error: unknown) => {
        if (current)
          setState({ status: 'failed', message: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      current = false;
    };
  }, [source, store]);

  if (state.status === 'loading')
    return (
      <p role="status" className="loading">
        Loading maps...
      </p>
    );
  if (state.status === 'failed')
    return (
      <div role="alert">
        <p>{`Error loading maps: ${state.message}`}</p>
        <p>
          <Link to="/compare">Choose maps</Link>
        </p>
      </div>
    );
  const { maps, missing } = state.loaded;
  // The draft's map: the map of /discussion/{mapId}, or the first of those pasted that was found.
  const order = 'root' in source ? [source.root] : source.ids;
  const first = order.map((id) => maps.find((m) => m.id === id)).find((m) => m) ?? maps[0];
  return (
    <>
      {missing.length > 0 && <p className="discussion-missing">{`Not found: ${missing.join(', ')}`}</p>}
      <p>
        <Link to={`/compare?maps=${maps.map((m) => m.id).join(',')}`}>Add or remove maps</Link>
      </p>
      {maps.length < 2 || !first ? <NeedsTwoMaps /> : <Discussion maps={maps} draftMap={first} />}
    </>
  );
}

function NeedsTwoMaps() {
  return (
    <p>
      A discussion needs at least two maps. <Link to="/compare">Choose maps</Link>
    </p>
  );
}

function Discussion({ maps, draftMap }: { maps: DiscussionSource[]; draftMap: DiscussionSource }) {
  const [leftOut, setLeftOut] = useState<ReadonlySet<MapId>>(new Set());
  const mapData = useMemo(() => maps.map(({ id, map }) => ({ id, data: map.data })), [maps]);
  const worked = useDiscussionModel(mapData, leftOut);
  // Rule N15: maps that share a title are told apart by a note.
  const labels = useMemo(() => mapLabels(maps.map(({ id, map }) => ({ id, data: map.data }))), [maps]);
  const titles = useMemo(() => new Map([...labels].map(([id, label]) => [id, label.short])), [labels]);
  const drafts = useDraftMarks(maps);
  const store = useMapsStore();
  // The draft's map is at hand for the draft a reason is added to, which copies it: that one only,
  // since each map held tells every reader of the store, and a discussion has up to 100.
  useEffect(() => store.preload({ [draftMap.id]: draftMap.map }), [store, draftMap]);
  const addToDraft = useAddToDraft(draftMap, drafts.refresh);
  const toggle = useCallback((id: MapId, out: boolean) => {
    setLeftOut((current) => {
      const next = new Set(current);
      if (out) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const n = worked?.discussion.mapIds.length ?? 0;
  return (
    <>
      <MapsTree maps={maps} labels={labels} leftOut={leftOut} onToggle={toggle} drafts={drafts.ids} />
      {!worked ? (
        <p role="status" className="loading">
          Working out the figures...
        </p>
      ) : n < 2 ? (
        <NeedsTwoMaps />
      ) : (
        <>
          <StanceAxis stances={worked.discussion.stances} titles={titles} />
          <ReasonList
            id="agrees"
            heading="Where the group agrees"
            reasons={worked.discussion.agrees}
            mapCount={n}
            empty="No reason is shared widely and rated alike."
            onAdd={addToDraft}
          />
          <ReasonList
            id="splits"
            heading="Where the group splits"
            reasons={worked.discussion.splits}
            mapCount={n}
            empty="No reason is rated differently by the maps that share it."
            onAdd={addToDraft}
          />
          <OpinionGroupsView opinion={worked.discussion.opinion} titles={titles} mapCount={n} />
          <AllReasons
            reasons={worked.discussion.reasons}
            orders={worked.orders}
            mapCount={n}
            onAdd={addToDraft}
          />
        </>
      )}
    </>
  );
}

/** The maps of the discussion this browser keeps a draft of, read again after each addition. */
function useDraftMarks(maps: readonly DiscussionSource[]) {
  const store = useMapsStore();
  const [ids, setIds] = useState<ReadonlySet<MapId>>(new Set());
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    void Promise.all(
      maps.map(async ({ id }) => {
        const entry = store.getSnapshot().entries[toDraftId(id)];
        if (isDraftEntry(entry)) return entry.stored ? id : null;
        return (await store.keptDraft(toDraftId(id)).catch(() => null)) === null ? null : id;
      }),
    ).then((found) => {
      if (current) setIds(new Set(found.filter((id): id is MapId => id !== null)));
    });
    return () => {
      current = false;
    };
  }, [maps, store, round]);
  return { ids, refresh: useCallback(() => setRound((r) => r + 1), []) };
}

/**
 * "Add to my draft" (PRODUCT §6.10): the reason, with the group's median ratings, merged into the
 * draft of `draftMap` through the draft commands, as a merge of the compare page is (one step,
 * “Draft updated” with Undo). A reason the draft already has, by the id of any of its maps, is not
 * added twice.
 */
function useAddToDraft(draftMap: DiscussionSource, onChanged: () => void) {
  const store = useMapsStore();
  const commands = useDraftCommands();
  const flash = useFlash();
  return useCallback(
    async (reason: DiscussionReason) => {
      const draftId = toDraftId(draftMap.id);
      const entry = store.getSnapshot().entries[draftId];
      const draft = isDraftEntry(entry)
        ? entry.draft
        : await store.persistence.fetchDraft(draftId).catch(() => null);
      const reasons = draft?.data.reasons ?? draftMap.map.data.reasons;
      const keys = new Set(reasons.map((r) => reasonIdKey(r.id)));
      if (reason.entries.some(({ reason: r }) => keys.has(reasonIdKey(r.id)))) {
        flash.show({ text: `Your draft already has “${reason.title}”`, durationMs: flashDurations.undo });
        return;
      }
      const { applyMerges, mergeCountError } = await import('../../../domain/merge');
      const added = {
        ...reason.entries[0]!.reason,
        belief: reason.medianBelief,
        support: reason.medianSupport,
      };
      const change = (d: NonNullable<typeof draft>, now: Date) =>
        d.data.reasons.some((r) => reasonIdKey(r.id) === reasonIdKey(added.id))
          ? d
          : applyMerges(d, [{ kind: 'add', reason: added }], now);
      if (draft) {
        const countError = mergeCountError(draft, change(draft, new Date()));
        if (countError) {
          flash.show({ text: countError, durationMs: flashDurations.undo, tone: 'error' });
          return;
        }
      }
      await commands.merge(draftId, change, onChanged);
      onChanged();
    },
    [draftMap, store, commands, flash, onChanged],
  );
}

interface MapsTreeProps {
  maps: readonly DiscussionSource[];
  labels: ReadonlyMap<MapId, MapLabel>;
  leftOut: ReadonlySet<MapId>;
  onToggle: (id: MapId, out: boolean) => void;
  drafts: ReadonlySet<MapId>;
}

/** "Maps in this discussion": who answered whom, each map with its figures and a checkbox. */
function MapsTree({ maps, labels, leftOut, onToggle, drafts }: MapsTreeProps) {
  const children = useMemo(() => {
    const byParent = new Map<MapId | null, DiscussionSource[]>();
    for (const map of maps) byParent.set(map.parent, [...(byParent.get(map.parent) ?? []), map]);
    return byParent;
  }, [maps]);
  const renderLevel = (parent: MapId | null, seen: ReadonlySet<MapId>) => {
    const level = (children.get(parent) ?? []).filter((map) => !seen.has(map.id));
    if (level.length === 0) return null;
    return (
      <ul className={parent === null ? 'discussion-tree' : undefined}>
        {level.map((source) => (
          <MapItem
            key={source.id}
            source={source}
            label={labels.get(source.id)!}
            leftOut={leftOut.has(source.id)}
            onToggle={onToggle}
            hasDraft={drafts.has(source.id)}
          >
            {renderLevel(source.id, new Set([...seen, source.id]))}
          </MapItem>
        ))}
      </ul>
    );
  };
  return (
    <section className="discussion-maps" aria-labelledby="discussion-maps-heading">
      <h2 id="discussion-maps-heading">Maps in this discussion</h2>
      {renderLevel(null, new Set())}
    </section>
  );
}

interface MapItemProps {
  source: DiscussionSource;
  label: MapLabel;
  leftOut: boolean;
  onToggle: (id: MapId, out: boolean) => void;
  hasDraft: boolean;
  children: ReactNode;
}

function MapItem({ source, label, leftOut, onToggle, hasDraft, children }: MapItemProps) {
  const { id, map } = source;
  return (
    <li className={leftOut ? 'discussion-map left-out' : 'discussion-map'}>
      <div className="discussion-map-line">
        <Link to={`/map/${id}`} dir="auto">
          {map.data.title}
        </Link>
        <span className="discussion-map-date">
          {isBuiltInMapId(id) ? 'Built in' : `Published ${formatPublished(map.published)}`}
        </span>
        {hasDraft && <span className="draft-badge">Your draft</span>}
        {label.note !== null && (
          <span className="discussion-map-note" dir="auto">
            {label.note}
          </span>
        )}
      </div>
      <BalanceLine source={source} />
      <label className="discussion-leave-out">
        <input type="checkbox" checked={leftOut} onChange={(event) => onToggle(id, event.target.checked)} />{' '}
        Leave out<span className="visually-hidden"> {label.short}</span>
      </label>
      {children}
    </li>
  );
}

function BalanceLine({ source }: { source: DiscussionSource }) {
  const line = useMemo(() => balanceLine(source), [source]);
  return <p className="discussion-map-balance">{line}</p>;
}

function balanceLine({ map }: DiscussionSource): string {
  const balance = mapBalance(map.data);
  return `${describeSide('For', balance.for)} · ${describeSide('Against', balance.against)}`;
}
