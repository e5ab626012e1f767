import { useEffect, useState } from 'react';
import { newLocalDraftId } from '../../../domain/local-draft-id';
import type { Result } from '../../../domain/result';
import { LazyDownloadButtons as DownloadButtons } from '../../components/LazyDownloadButtons';
import { ReplaceQuestion } from '../../components/ReplaceQuestion';
import { useDocumentTitle } from '../../components/use-document-title';
import { readShareFragment } from '../../lib/read-share-link';
import { saveFile } from '../../lib/save-file';
import type { SharedDraft } from '../../lib/share-link';
import { useDraftCommands } from '../../draft/use-commands';
import { MapDescription, ReasonList } from './MapPage';

// PRODUCT §15.4: `/shared#…` shows a draft from its link, read-only, with "Save as my draft", which
// never replaces what this browser keeps under the draft's id without asking, readable or not.

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

/** What saving asks about: a draft kept under the shared draft's id, or something unreadable kept there. */
type Question = { kind: 'exists' } | { kind: 'unreadable'; text: string };

function SharedDraftView({ shared }: { shared: SharedDraft }) {
  const commands = useDraftCommands();
  const [asking, setAsking] = useState<Question | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { data } = shared.draft;

  /** Saves the shared draft under `draftId`, replacing what is kept there only when asked. */
  async function save(draftId: string, replace = false) {
    setError(null);
    const outcome = await commands.saveShared(draftId, shared.draft, replace);
    // Something is kept under that id: ask first.
    if (outcome === 'exists') setAsking({ kind: 'exists' });
    else if (outcome === 'saved') return;
    else if ('unreadable' in outcome) setAsking({ kind: 'unreadable', text: outcome.unreadable });
    else setError(outcome.error);
  }

  /** Downloads what is kept under the draft's id as it is, so replacing it loses nothing. */
  function downloadUnreadable(text: string) {
    saveFile({ name: `unreadable-${shared.draftId}.json`, type: 'application/json', text });
  }

  return (
    <>
      <h1 dir="auto">{data.title}</h1>
      <p className="subtitle">Shared draft, not published</p>
      <p className="map-print-link">A draft, not published: it has no link.</p>
      <MapDescription description={data.description} />
      <div className="map-links">
        {asking === null && (
          <button type="button" className="primary" onClick={() => void save(shared.draftId)}>
            Save as my draft
          </button>
        )}
        <DownloadButtons map={shared.draft} printable />
      </div>
      {asking && (
        <ReplaceQuestion
          id="replace-question"
          className="map-replace-question"
          buttonsClassName="form-buttons"
          question={
            asking.kind === 'exists'
              ? 'You already have a draft of this map in this browser. Replace it with the shared one, or keep both?'
              : 'This browser keeps something as your draft of this map that Belief Map cannot read (from another version of the app, or damaged). Download it before you replace it, or keep both?'
          }
          replaceLabel="Replace my draft"
          onReplace={() => void save(shared.draftId, true)}
          onKeepBoth={() => void save(newLocalDraftId())}
          onCancel={() => setAsking(null)}
          before={
            asking.kind === 'unreadable' && (
              <button type="button" onClick={() => downloadUnreadable(asking.text)}>
                Download what is kept
              </button>
            )
          }
        />
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
