import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { newLocalDraftId } from '../../../domain/local-draft-id';
import type { Result } from '../../../domain/result';
import { LazyDownloadButtons as DownloadButtons } from '../../components/LazyDownloadButtons';
import { useDocumentTitle } from '../../components/use-document-title';
import { readShareFragment } from '../../lib/read-share-link';
import type { SharedDraft } from '../../lib/share-link';
import { useMapsStore } from '../../state/maps-context';
import { flashDurations, useFlash } from '../../components/flash';
import { MapDescription, ReasonList } from './MapPage';

// PRODUCT §15.4: `/shared#…` shows a draft from its link, read-only, with "Save as my draft".

export function SharedPage() {
  const [result, setResult] = useState<Result<SharedDraft> | null>(null);
  useEffect(() => {
    const read = () => void readShareFragment(window.location.hash).then(setResult);
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  useDocumentTitle(result === null ? null : result.ok ? result.value.draft.data.title : 'Error loading map');

  return (
    <div className="page map-page">
      {result === null && <p className="map-loading">Loading map...</p>}
      {result?.ok === false && (
        <>
          <h1>Error loading map</h1>
          <p>This share link cannot be opened.</p>
          <p className="map-error-detail">{result.error}</p>
        </>
      )}
      {result?.ok && <SharedDraftView key={window.location.hash} shared={result.value} />}
    </div>
  );
}

function SharedDraftView({ shared }: { shared: SharedDraft }) {
  const store = useMapsStore();
  const flash = useFlash();
  const [, navigate] = useLocation();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { data } = shared.draft;

  async function saveAs(draftId: string) {
    setError(null);
    const draft = { ...shared.draft, updatedAt: new Date().toISOString() };
    try {
      const saveError = await store.create(draftId, draft);
      if (saveError) setError(saveError);
      else navigate(`/map/${draftId}`);
    } catch {
      setAsking(true); // a draft is kept under that id: ask before replacing it
    }
  }

  async function replace() {
    const { draftId } = shared;
    const result = await store.edit(draftId, (_, now) => ({ ...shared.draft, updatedAt: now.toISOString() }));
    if (result.saveError) {
      setError(result.saveError);
      return;
    }
    navigate(`/map/${draftId}`);
    // As after a merge (PRODUCT §9.3): the draft it replaced comes back with Undo.
    flash.show({
      text: 'Draft updated',
      durationMs: flashDurations.undo,
      undo: () => void store.restore(draftId, result.previous),
    });
  }

  return (
    <>
      <h1>{data.title}</h1>
      <p className="subtitle">Shared draft, not published</p>
      <MapDescription description={data.description} />
      <div className="map-links">
        {!asking && (
          <button type="button" className="primary" onClick={() => void saveAs(shared.draftId)}>
            Save as my draft
          </button>
        )}
        <DownloadButtons map={shared.draft} />
      </div>
      {asking && (
        <div className="map-replace-question" role="group" aria-labelledby="replace-question">
          <p id="replace-question">
            You already have a draft of this map in this browser. Replace it with the shared one, or keep
            both?
          </p>
          <div className="form-buttons">
            <button type="button" className="danger" onClick={() => void replace()}>
              Replace my draft
            </button>
            {/* Focus lands here, the safe choice, as the button that asked is gone. */}
            <button type="button" autoFocus onClick={() => void saveAs(newLocalDraftId())}>
              Keep both
            </button>
            <button type="button" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {error && (
        <p className="map-save-error" role="alert">
          <strong>Not saved in this browser.</strong> {error}
        </p>
      )}
      <section className="map-reasons-section" aria-labelledby="shared-reasons">
        <div className="map-section-head">
          <h2 id="shared-reasons">Reasons</h2>
        </div>
        <ReasonList reasons={data.reasons} empty="This map has no reasons." />
      </section>
    </>
  );
}
