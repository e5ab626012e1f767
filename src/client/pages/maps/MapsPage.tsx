import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { PublishedMap } from '../../../domain/belief-map';
import { daysUntilDeleted, type PublishedRecord } from '../../../domain/library';
import { DownloadButtons } from '../../components/DownloadButtons';
import { useDocumentTitle } from '../../components/use-document-title';
import type { StoredDraft } from '../../draft/storage/host';
import { forgetPublishedMap, readPublishedRecords } from '../../draft/storage/published-record';
import { useDraftCommands } from '../../draft/use-commands';
import { useMapsStore } from '../../draft';
import { formatPublished } from '../../draft/entries';
import { ImportForm } from './ImportForm';
import { RecentlyDiscarded } from './RecentlyDiscarded';
import { DraftOf, formatTime, reasonCount } from './draft-meta';
import type { DiscardedDraft } from '../../draft/storage/discarded-drafts';
import { discardedCode } from './discarded-code';
import './maps-page.css';
import { PageHeading } from '../../components/PageHeading';

// PRODUCT §15.1: "Your maps": the drafts kept in this browser (or by the host), those recently
// discarded, the maps published from it, and Import map. Nothing here leaves the browser.

export function MapsPage() {
  useDocumentTitle('Your maps');
  const store = useMapsStore();
  const [drafts, setDrafts] = useState<StoredDraft[] | null>(null);
  const [records, setRecords] = useState<PublishedRecord[]>(() => readPublishedRecords());
  // Kept in this browser's storage, so only when the drafts are too (PRODUCT §11.2).
  const keepsDiscarded = !store.persistence.host.fetchDraft;
  const [discarded, setDiscarded] = useState<DiscardedDraft[]>([]);

  const reload = useCallback(() => {
    void store.listDrafts().then(setDrafts, (error: unknown) => {
      console.warn('Could not list the drafts:', error);
      setDrafts([]);
    });
    setRecords(readPublishedRecords());
    if (keepsDiscarded)
      void discardedCode().then((code) => setDiscarded(code.discardedDrafts.listDiscarded()));
  }, [store, keepsDiscarded]);
  useEffect(() => {
    reload();
    // Another tab's drafts and publishes show up here too.
    window.addEventListener('storage', reload);
    return () => window.removeEventListener('storage', reload);
  }, [reload]);

  return (
    <div className="page maps-page">
      <PageHeading>Your maps</PageHeading>
      <p className="prose">
        The drafts and published maps of this browser. They are kept here only: another browser or device has
        its own.
      </p>
      <DraftsSection drafts={drafts} onChange={reload} />
      {keepsDiscarded && <RecentlyDiscarded items={discarded} onChange={reload} />}
      <PublishedSection
        records={records}
        onRemove={(mapId) => {
          forgetPublishedMap(mapId);
          reload();
        }}
      />
      <ImportForm />
    </div>
  );
}

function DraftsSection({ drafts, onChange }: { drafts: StoredDraft[] | null; onChange: () => void }) {
  const commands = useDraftCommands();

  async function discard(draftId: string) {
    await commands.discard(draftId, onChange); // as on the map page (PRODUCT §7.4)
    onChange();
  }

  return (
    <section className="maps-section" aria-labelledby="maps-drafts">
      <h2 id="maps-drafts">Drafts</h2>
      {drafts === null ? (
        <p className="page-loading">Loading...</p>
      ) : drafts.length === 0 ? (
        <p className="maps-empty">
          No drafts in this browser. Start one with <Link to="/map/draft.default">Create map</Link>, make one
          from a published map with “Edit a copy”, or import a map below.
        </p>
      ) : (
        <ul className="maps-list card-list">
          {drafts.map(({ draftId, draft }) => (
            <li key={draftId} className="maps-item">
              <h3 id={`title-${draftId}`} dir="auto">
                <Link to={`/map/${draftId}`}>{draft.data.title}</Link>
              </h3>
              <p className="maps-meta">
                <DraftOf draftId={draftId} /> · Last edited {formatTime(draft.updatedAt)} ·{' '}
                {reasonCount(draft.data.reasons.length)}
              </p>
              <button
                type="button"
                className="danger"
                aria-describedby={`title-${draftId}`}
                onClick={() => void discard(draftId)}
              >
                Discard
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function PublishedSection({
  records,
  onRemove,
}: {
  records: PublishedRecord[];
  onRemove: (mapId: string) => void;
}) {
  const store = useMapsStore();
  const [, navigate] = useLocation();
  // PRODUCT §6.10: the maps picked here open together on the discussion page.
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const now = new Date();
  const live = records.filter((record) => daysUntilDeleted(record.published, now) !== null);
  const pickedIds = live.filter((record) => picked.has(record.mapId)).map((record) => record.mapId);
  const pick = (mapId: string, on: boolean) =>
    setPicked((before) => {
      const after = new Set(before);
      if (on) after.add(mapId);
      else after.delete(mapId);
      return after;
    });
  const load = (mapId: string) => async (): Promise<PublishedMap | null> => {
    await store.load(mapId);
    const entry = store.getSnapshot().entries[mapId];
    if (entry?.kind === 'failed') throw new Error(entry.message);
    return entry?.kind === 'published' ? entry.map : null;
  };

  return (
    <section className="maps-section" aria-labelledby="maps-published">
      <h2 id="maps-published">Published from this browser</h2>
      {records.length === 0 ? (
        <p className="maps-empty">
          Nothing published from this browser yet. Publish a draft to give it a link anyone can open; it is
          listed here for the 90 days it is kept.
        </p>
      ) : (
        <ul className="maps-list card-list">
          {records.map((record) => {
            const days = daysUntilDeleted(record.published, now);
            const titleId = `title-${record.mapId}`;
            return (
              <li key={record.mapId} className="maps-item">
                <h3 id={titleId} dir="auto">
                  {days === null ? record.title : <Link to={`/map/${record.mapId}`}>{record.title}</Link>}
                </h3>
                <p className="maps-meta">
                  Published {formatPublished(record.published)} ·{' '}
                  {days === null ? (
                    <strong>Deleted</strong>
                  ) : (
                    `Deleted in ${days} ${days === 1 ? 'day' : 'days'}`
                  )}
                </p>
                {days === null ? (
                  <button type="button" aria-describedby={titleId} onClick={() => onRemove(record.mapId)}>
                    Remove from list
                  </button>
                ) : (
                  <>
                    <label className="maps-pick">
                      <input
                        type="checkbox"
                        checked={picked.has(record.mapId)}
                        aria-describedby={titleId}
                        onChange={(event) => pick(record.mapId, event.target.checked)}
                      />{' '}
                      In the discussion
                    </label>
                    <DownloadButtons map={load(record.mapId)} describedBy={titleId} mapId={record.mapId} />
                  </>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {live.length >= 2 && (
        <p className="maps-discussion">
          <button
            type="button"
            disabled={pickedIds.length < 2}
            aria-describedby="maps-discussion-hint"
            onClick={() => navigate(`/discussion?maps=${pickedIds.join(',')}`)}
          >
            Show the discussion
          </button>{' '}
          <span id="maps-discussion-hint" className="maps-meta">
            {pickedIds.length < 2
              ? 'Tick “In the discussion” on two maps or more to see where they stand together.'
              : `${pickedIds.length} maps picked.`}
          </span>
        </p>
      )}
    </section>
  );
}
