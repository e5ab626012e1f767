import { lazy, Suspense, type Ref } from 'react';
import { Link } from 'wouter';
import { BalanceRegion } from '../../components/Balance';
import { LazyDownloadButtons as DownloadButtons } from '../../components/LazyDownloadButtons';
import { wasJustPublished } from '../../state/just-published';
import type { MapView } from '../../state/maps-state';
import { MapDescription, MapHeading } from './MapHeading';
import { ReasonList } from './ReasonList';

// The confirmation after a publish loads only then (PRODUCT §8.5).
const PublishedNotice = lazy(() => import('./PublishedNotice'));

interface PublishedViewProps {
  view: Extract<MapView, { status: 'published' }>;
  headingRef: Ref<HTMLHeadingElement>;
}

/** A published map is read-only (PRODUCT §6.2, §8.2): links to edit a copy (or the draft) and to compare. */
export function PublishedView({ view, headingRef }: PublishedViewProps) {
  const { id, map, draft } = view;
  return (
    <>
      <MapHeading view={view} data={map.data} headingRef={headingRef} />
      {wasJustPublished(id.baseId) && (
        <Suspense fallback={null}>
          <PublishedNotice mapId={id.baseId} title={map.data.title} />
        </Suspense>
      )}
      <MapDescription description={map.data.description} />
      <div className="map-links">
        <Link to={`/map/${id.draftId}`} className="button primary">
          {draft ? 'Continue editing your draft' : 'Edit a copy'}
        </Link>
        <Link to={`/compare?baseMapId=${encodeURIComponent(id.baseId)}`} className="button">
          Compare
        </Link>
        <DownloadButtons map={map} />
      </div>
      <section className="map-reasons-section" aria-labelledby="published-reasons">
        <div className="map-section-head">
          <h2 id="published-reasons">Reasons</h2>
          <Link to="/help" className="map-icons-help">
            What the icons mean
          </Link>
        </div>
        <ReasonList reasons={map.data.reasons} empty="This map has no reasons." />
      </section>
      <BalanceRegion reasons={map.data.reasons} />
    </>
  );
}
