import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { PublishedMap } from '../../../domain/belief-map';
import { daysUntilDeleted, type PublishedRecord } from '../../../domain/library';
import { defaultMapId, isLocalBaseId, parseMapId } from '../../../domain/map-id';
import { DownloadButtons } from '../../components/DownloadButtons';
import { flashDurations, useFlash } from '../../components/flash';
import { useDocumentTitle } from '../../components/use-document-title';
import type { StoredDraft } from '../../persistence/host';
import { forgetPublishedMap, readPublishedRecords } from '../../persistence/published-record';
import { useMapsStore } from '../../state/maps-context';
import { formatPublished } from '../../state/maps-state';
import { ImportForm } from './ImportForm';
import './maps-page.css';
import { PageHeading } from '../../components/PageHeading';
import { formatCount } from '../../../domain/format';

// PRODUCT §15.1: "Your maps": the drafts kept in this browser (or by the host), the maps published
// from it, and Import map. Nothing here leaves the browser.

export function MapsPage() {
  useDocumentTitle('Your maps');
  const store = useMapsStore();
  const [drafts, setDrafts] = useState<StoredDraft[] | null>(null);
  const [records, setRecords] = useState<PublishedRecord[]>(() => readPublishedRecords());

  const reload = useCallback(() => {
    void store.listDrafts().then(setDrafts, (error: unknown) => {
      console.warn('Could not list the drafts:', error);
      setDrafts([]);
    });
    setRecords(readPublishedRecords());
  }, [store]);
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
  const store = useMapsStore();
  const flash = useFlash();

  async function discard(draftId: string) {
    await store.load(draftId); // so that discard hands back the draft, for Undo
    const previous = await store.discard(draftId);
    onChange();
    flash.show({
      text: 'Draft deleted', // as on the map page (PRODUCT §7.4)
      durationMs: flashDurations.undo,
      undo: () => {
        if (previous) void store.restore(draftId, previous).then(onChange);
      },
    });
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
              <h3 id={`title-${draftId}`}>
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

/** What a draft copies: "New draft", or "Draft of" its published map's id, linked. */
function DraftOf({ draftId }: { draftId: string }) {
  const parsed = parseMapId(draftId);
  if (!parsed.ok || parsed.value.baseId === defaultMapId || isLocalBaseId(parsed.value.baseId))
    return 'New draft';
  const { baseId } = parsed.value;
  return (
    <>
      Draft of <Link to={`/map/${baseId}`}>{baseId}</Link>
    </>
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
  const now = new Date();
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
                <h3 id={titleId}>
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
                  <DownloadButtons map={load(record.mapId)} describedBy={titleId} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en', { dateStyle: 'long', timeStyle: 'short' });
}

function reasonCount(count: number): string {
  return count === 1 ? '1 reason' : `${formatCount(count)} reasons`;
}
