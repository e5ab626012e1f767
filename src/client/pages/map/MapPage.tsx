import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import { builtInThread, isBuiltInMapId } from '../../../domain/built-in/ids';
import { useVisit } from '../../lib/visits';
import { useDocumentTitle } from '../../components/use-document-title';
import { useHeadingFocus } from '../../components/use-heading-focus';
import { useLoadedMap } from '../../draft';
import type { MapView } from '../../draft/entries';
import { useExternalDraftChanges } from './use-external-changes';
import { PublishedView } from './PublishedView';
import './map-page.css';

const DeletionNotice = lazy(() => import('./DeletionNotice'));
// The editor loads only for a draft: a reader of a published map never needs it (PRODUCT §13.5).
const DraftView = lazy(() => import('./DraftView').then((m) => ({ default: m.DraftView })));
// The maps that answer this one load after the page, as they change and the page does not
// (PRODUCT §6.2).
const Responses = lazy(() => import('./Responses'));

// PRODUCT §6.2: /map/{mapId} shows a draft (editable) or a published map (read-only).

// The shared-draft page (PRODUCT §15.4) reuses these through this module, so that the bundler keeps
// them in this page's chunk rather than a chunk of their own (PRODUCT §13.5, the first load).
export { MapDescription } from './MapHeading';
export { ReasonList } from './ReasonList';
// So does the compact page other sites frame (PRODUCT §11.5), which the server renders with no
// script: its own chunk is never a first load.
export { BalanceSummary } from '../../components/BalanceSummary';
export { mapBalance } from '../../../domain/balance';

export function MapPage() {
  const { mapId = '' } = useParams();
  // Every visit re-reads the draft, even a visit to the address already shown: the draft may
  // have been discarded and restored, or changed in another tab, since the last one.
  const visit = useVisit();
  const view = useLoadedMap(mapId, visit);
  const heading = useRef<HTMLHeadingElement | null>(null);
  // The heading is there once the view shows it: a draft's arrives with the editor's code.
  const [headingShown, setHeadingShown] = useState(false);
  const headingRef = useCallback((element: HTMLHeadingElement | null) => {
    heading.current = element;
    setHeadingShown(element !== null);
  }, []);
  useDocumentTitle(documentTitle(view));
  useExternalDraftChanges(view.status === 'draft' ? view.id.draftId : null);
  useHeadingFocus(heading, view.status !== 'loading' && headingShown);

  // Not while loading: the notice would show first and then jump down (layout shift).
  const notice = view.status !== 'loading' && (
    <p className="notice">
      Published maps are deleted automatically after 90 days.
      {view.status === 'published' &&
        (isBuiltInMapId(view.id.baseId) ? (
          ' Built-in maps like this one never are.'
        ) : (
          <Suspense fallback={null}>
            <DeletionNotice published={view.map.published} />
          </Suspense>
        ))}
    </p>
  );
  return (
    <div className="page map-page">
      {view.status === 'loading' && <p className="map-loading">Loading map...</p>}
      {view.status === 'failed' && (
        <>
          <MapError message={view.message} headingRef={headingRef} />
          {notice}
        </>
      )}
      {view.status === 'draft' && (
        // The notice waits with the editor, so that nothing pushes it down as the editor arrives.
        <Suspense fallback={<p className="map-loading">Loading map...</p>}>
          <DraftView key={view.id.draftId} view={view} headingRef={headingRef} after={notice} />
        </Suspense>
      )}
      {view.status === 'published' && (
        <>
          <PublishedView view={view} headingRef={headingRef} />
          {notice}
          {/* Last on the page: its arrival moves nothing above it. Built-in maps are never answered in a list. */}
          {isBuiltInMapId(view.id.baseId) ? (
            <BuiltInDiscussion mapId={view.id.baseId} />
          ) : (
            <Suspense fallback={null}>
              <Responses key={view.id.baseId} mapId={view.id.baseId} />
            </Suspense>
          )}
        </>
      )}
    </div>
  );
}

/**
 * A built-in map that built-in maps answer (rule B4) leads to its discussion, as a published map's
 * Responses do (PRODUCT §6.2): the thread is known without asking the server.
 */
function BuiltInDiscussion({ mapId }: { mapId: string }) {
  const answers = builtInThread(mapId).length;
  if (answers === 0) return null;
  return (
    <p className="map-discussion-link">
      <Link to={`/discussion/${mapId}`}>{`See the discussion (${answers + 1} maps)`}</Link>
    </p>
  );
}

function documentTitle(view: MapView): string | null {
  if (view.status === 'loading') return null;
  if (view.status === 'failed') return 'Error loading map';
  return view.status === 'draft' ? view.entry.draft.data.title : view.map.data.title;
}

/** PRODUCT §6.2, §12.1: the error page when a map fails to load (bad id, unknown map, network failure). */
function MapError({ message, headingRef }: { message: string; headingRef: React.Ref<HTMLHeadingElement> }) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1}>
        Error loading map
      </h1>
      <p>You might have mispasted the URL, or it might have been deleted.</p>
      <p className="map-error-detail">{message}</p>
      <p>
        <Link to="/map/draft.default">Create a map</Link> or read the <Link to="/help">Help</Link>.
      </p>
    </>
  );
}
