import { useRef } from 'react';
import { Link, useParams } from 'wouter';
import { isBuiltInMapId } from '../../../domain/built-in/ids';
import { useVisit } from '../../lib/visits';
import { useDocumentTitle } from '../../components/use-document-title';
import { useHeadingFocus } from '../../components/use-heading-focus';
import { useLoadedMap } from '../../state/maps-context';
import type { MapView } from '../../state/maps-state';
import { useExternalDraftChanges } from '../../state/use-draft-actions';
import { DraftView } from './DraftView';
import './map-page.css';
import { PublishedView } from './PublishedView';

// PRODUCT §6.2: /map/{mapId} shows a draft (editable) or a published map (read-only).

// The shared-draft page (PRODUCT §15.4) reuses these through this module, so that the bundler keeps
// them in this page's chunk rather than a chunk of their own (PRODUCT §13.5, the first load).
export { MapDescription } from './MapHeading';
export { ReasonList } from './ReasonList';

export function MapPage() {
  const { mapId = '' } = useParams();
  // Every visit re-reads the draft, even a visit to the address already shown: the draft may
  // have been discarded and restored, or changed in another tab, since the last one.
  const visit = useVisit();
  const view = useLoadedMap(mapId, visit);
  const heading = useRef<HTMLHeadingElement>(null);
  useDocumentTitle(documentTitle(view));
  useExternalDraftChanges(view.status === 'draft' ? view.id.draftId : null);
  useHeadingFocus(heading, view.status !== 'loading');

  return (
    <div className="page map-page">
      {view.status === 'loading' && <p className="map-loading">Loading map...</p>}
      {view.status === 'failed' && <MapError message={view.message} headingRef={heading} />}
      {view.status === 'draft' && <DraftView key={view.id.draftId} view={view} headingRef={heading} />}
      {view.status === 'published' && <PublishedView view={view} headingRef={heading} />}
      {/* Not while loading: the notice would show first and then jump down (layout shift). */}
      {view.status !== 'loading' && (
        <p className="notice">
          Published maps are deleted automatically after 90 days.
          {view.status === 'published' &&
            isBuiltInMapId(view.id.baseId) &&
            ' Built-in maps like this one never are.'}
        </p>
      )}
    </div>
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
