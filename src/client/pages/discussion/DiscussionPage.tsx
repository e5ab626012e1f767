import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { isBuiltInMapId } from '../../../domain/built-in/ids';
import { reasonIdKey } from '../../../domain/compare';
import { discussionMaxMaps } from '../../../domain/discussion/map-set';
import { toDraftId, type MapId } from '../../../domain/map-id';
import { quoted } from '../../../domain/text-direction';
import { PageHeading } from '../../components/PageHeading';
import { useFlash, flashDurations } from '../../components/flash';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMapsStore } from '../../draft';
import { formatPublished, isDraftEntry } from '../../draft/entries';
import { useDraftCommands } from '../../draft/use-commands';
import type { DiscussionSource } from './discussion-api';
import { takeEarlyDiscussion } from './discussion-early';
import { discussionOrigin, type DiscussionOrigin } from './discussion-origin';
import { AllReasons, ReasonActionsContext, ReasonList } from './DiscussionReasons';
import { OpinionGroupsView, StanceAxis } from './DiscussionPlots';
import './discussion.css';
import { useDiscussion, type DiscussionHandle } from './use-discussion-model';
import type { EntrySummary, MapSummary, ReasonSummary } from './work-out-discussion';

// PRODUCT §6.10: the discussion page, every map on one belief at once: who answered whom, where
// each stands, what the group agrees on and splits over, its opinion groups and every reason.
// The figures are the domain's (rules N1–N11); this page only lays them out.

export function DiscussionPage() {
  useDocumentTitle('Discussion');
  const { mapId } = useParams<{ mapId?: string }>();
  const maps = new URLSearchParams(useSearch()).get('maps') ?? '';
  const key = mapId === undefined ? `maps:${maps}` : `root:${mapId}`;
  const origin = useMemo(() => discussionOrigin(mapId, maps), [mapId, maps]);
  // A worker started with the app for this address (discussion-early.ts) has nothing to read.
  useEffect(() => {
    if (!origin) takeEarlyDiscussion()?.worker.terminate();
  }, [origin]);
  return (
    <div className="page discussion-page">
      <PageHeading>Discussion</PageHeading>
      {origin ? (
        <DiscussionLoader key={key} origin={origin} />
      ) : (
        <p role="alert">{`Map id ${mapId ?? ''} does not match expected format`}</p>
      )}
    </div>
  );
}

function DiscussionLoader({ origin }: { origin: DiscussionOrigin }) {
  const handle = useDiscussion(origin);
  const { state } = handle;
  // PRODUCT §6.10: the maps come in pages of a few MB (PRODUCT §5.9); the count says how far.
  if (state.status === 'loading')
    return (
      <p role="status" className="loading">
        {state.total === undefined ? 'Loading maps...' : `Loading maps... ${state.read} of ${state.total}`}
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
  const { maps, missing, notShown, threadComplete, draftMap } = state.loaded;
  return (
    <>
      {missing.length > 0 && <p className="discussion-missing">{`Not found: ${missing.join(', ')}`}</p>}
      {(notShown > 0 || !threadComplete) && (
        <p className="discussion-missing">
          {`This thread has ${threadComplete ? '' : 'more than '}${maps.length + missing.length + notShown} maps: ` +
            `the discussion shows the first ${discussionMaxMaps}, the map and the answers nearest to it.`}
        </p>
      )}
      <p>
        <Link to={`/compare?maps=${maps.map((m) => m.id).join(',')}`}>Add or remove maps</Link>
      </p>
      {maps.length < 2 || !draftMap ? (
        <NeedsTwoMaps />
      ) : (
        <Discussion maps={maps} draftMap={draftMap} handle={handle} />
      )}
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

interface DiscussionProps {
  maps: readonly MapSummary[];
  draftMap: DiscussionSource;
  handle: DiscussionHandle;
}

function Discussion({ maps, draftMap, handle }: DiscussionProps) {
  const { worked, leftOut, leaveOut, versionsOf } = handle;
  // Rule N15: maps that share a title are told apart by a note.
  const titles = useMemo(() => new Map(maps.map(({ id, label }) => [id, label.short])), [maps]);
  const drafts = useDraftMarks(maps);
  const store = useMapsStore();
  // The draft's map is at hand for the draft a reason is added to, which copies it: that one only,
  // since each map held tells every reader of the store, and a discussion has up to 100.
  useEffect(() => store.preload({ [draftMap.id]: draftMap.map }), [store, draftMap]);
  const onAdd = useAddToDraft(draftMap, handle, drafts.refresh);
  const actions = useMemo(() => ({ titles, onAdd, versionsOf }), [titles, onAdd, versionsOf]);
  const n = worked?.discussion.mapIds.length ?? 0;
  return (
    <>
      <MapsTree maps={maps} leftOut={leftOut} onToggle={leaveOut} drafts={drafts.ids} />
      {!worked ? (
        <p role="status" className="loading">
          Working out the figures...
        </p>
      ) : n < 2 ? (
        <NeedsTwoMaps />
      ) : (
        <ReasonActionsContext value={actions}>
          <StanceAxis stances={worked.discussion.stances} titles={titles} />
          <ReasonList
            id="agrees"
            heading="Where the group agrees"
            reasons={worked.discussion.agrees}
            mapCount={n}
            empty="No reason is shared widely and rated alike."
          />
          <ReasonList
            id="splits"
            heading="Where the group splits"
            reasons={worked.discussion.splits}
            mapCount={n}
            empty="No reason is rated differently by the maps that share it."
          />
          <OpinionGroupsView opinion={worked.discussion.opinion} titles={titles} mapCount={n} />
          <AllReasons reasons={worked.discussion.reasons} orders={worked.orders} mapCount={n} />
        </ReasonActionsContext>
      )}
    </>
  );
}

/** The maps of the discussion this browser keeps a draft of, read again after each addition. */
function useDraftMarks(maps: readonly MapSummary[]) {
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
 * "Add to my draft" (PRODUCT §6.10): the reason merged into the draft of `draftMap` through the
 * draft commands, as a merge of the compare page is (one step, “Draft updated” with Undo): with
 * the group's median ratings, or as the map `version` holds it. A reason the draft already has,
 * by the id of any of its maps, is not added twice.
 */
function useAddToDraft(
  draftMap: DiscussionSource,
  { reasonOf, versionsOf }: Pick<DiscussionHandle, 'reasonOf' | 'versionsOf'>,
  onChanged: () => void,
) {
  const store = useMapsStore();
  const commands = useDraftCommands();
  const flash = useFlash();
  return useCallback(
    async (reason: ReasonSummary, version: EntrySummary | null) => {
      const draftId = toDraftId(draftMap.id);
      const entry = store.getSnapshot().entries[draftId];
      const [draft, versions] = await Promise.all([
        isDraftEntry(entry) ? entry.draft : store.persistence.fetchDraft(draftId).catch(() => null),
        versionsOf(reason.key),
      ]);
      // The figures changed meanwhile (a map was left out): the reason asked for is gone.
      if (!versions) return;
      const reasons = draft?.data.reasons ?? draftMap.map.data.reasons;
      const keys = new Set(reasons.map((r) => reasonIdKey(r.id)));
      if (versions.some(({ reasonKey }) => keys.has(reasonKey))) {
        flash.show({
          text: `Your draft already has ${quoted(reason.title)}`,
          durationMs: flashDurations.undo,
        });
        return;
      }
      const source = version ?? versions[0]!;
      const [whole, { applyMerges, mergeCountError }] = await Promise.all([
        reasonOf(source.mapId, source.reasonKey),
        import('../../../domain/merge'),
      ]);
      if (!whole) return;
      const added = version
        ? whole
        : { ...whole, belief: reason.medianBelief, support: reason.medianSupport };
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
    [draftMap, reasonOf, versionsOf, store, commands, flash, onChanged],
  );
}

interface MapsTreeProps {
  maps: readonly MapSummary[];
  leftOut: ReadonlySet<MapId>;
  onToggle: (id: MapId, out: boolean) => void;
  drafts: ReadonlySet<MapId>;
}

/** "Maps in this discussion": who answered whom, each map with its figures and a checkbox. */
function MapsTree({ maps, leftOut, onToggle, drafts }: MapsTreeProps) {
  const children = useMemo(() => {
    const byParent = new Map<MapId | null, MapSummary[]>();
    for (const map of maps) byParent.set(map.parent, [...(byParent.get(map.parent) ?? []), map]);
    return byParent;
  }, [maps]);
  const renderLevel = (parent: MapId | null, seen: ReadonlySet<MapId>) => {
    const level = (children.get(parent) ?? []).filter((map) => !seen.has(map.id));
    if (level.length === 0) return null;
    return (
      <ul className={parent === null ? 'discussion-tree' : undefined}>
        {level.map((map) => (
          <MapItem
            key={map.id}
            map={map}
            leftOut={leftOut.has(map.id)}
            onToggle={onToggle}
            hasDraft={drafts.has(map.id)}
          >
            {renderLevel(map.id, new Set([...seen, map.id]))}
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
  map: MapSummary;
  leftOut: boolean;
  onToggle: (id: MapId, out: boolean) => void;
  hasDraft: boolean;
  children: ReactNode;
}

function MapItem({ map, leftOut, onToggle, hasDraft, children }: MapItemProps) {
  const { id, label } = map;
  return (
    <li className={leftOut ? 'discussion-map left-out' : 'discussion-map'}>
      <div className="discussion-map-line">
        <Link to={`/map/${id}`} dir="auto">
          {map.title}
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
      <p className="discussion-map-balance">{map.balanceLine}</p>
      <label className="discussion-leave-out">
        <input type="checkbox" checked={leftOut} onChange={(event) => onToggle(id, event.target.checked)} />{' '}
        Leave out<span className="visually-hidden"> {label.short}</span>
      </label>
      {children}
    </li>
  );
}
