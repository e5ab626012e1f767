import { isMapId } from '../../../domain/map-id';
import { lazy, Suspense, type Ref } from 'react';
import { Link } from 'wouter';
import { BalanceRegion } from '../../components/Balance';
import { LazyDownloadButtons as DownloadButtons } from '../../components/LazyDownloadButtons';
import { useAnsweredMap, useMapsStore } from '../../draft';
import type { MapView } from '../../draft/entries';
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
  const store = useMapsStore();
  const justPublished = store.justPublishedOutcome(id.baseId);
  return (
    <>
      <MapHeading view={view} data={map.data} headingRef={headingRef} />
      {map.basedOn !== undefined && isMapId(map.basedOn) && (
        <InResponseTo mapId={id.baseId} basedOn={map.basedOn} />
      )}
      {justPublished && (
        <Suspense fallback={null}>
          <PublishedNotice
            mapId={id.baseId}
            title={map.data.title}
            unlistedReason={justPublished.unlistedReason}
          />
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
        <DownloadButtons map={map} mapId={id.baseId} printable />
      </div>
      <section className="map-reasons-section" aria-labelledby="published-reasons">
        <div className="map-section-head">
          <h2 id="published-reasons">Reasons</h2>
          <Link to="/help#ratings" className="map-icons-help">
            What the icons mean
          </Link>
        </div>
        <ReasonList reasons={map.data.reasons} empty="This map has no reasons." />
      </section>
      <BalanceRegion reasons={map.data.reasons} />
    </>
  );
}

/**
 * PRODUCT §6.2: under the title of a map that answers another, "In response to “{title}”" and
 * "Compare with it"; "a map that has been deleted" once that map has expired. The line is there
 * from the first render (the server's too), and only its words change when the title arrives.
 */
function InResponseTo({ mapId, basedOn }: { mapId: string; basedOn: string }) {
  const answered = useAnsweredMap(basedOn);
  if (answered?.status === 'gone')
    return <p className="map-in-response">In response to a map that has been deleted</p>;
  return (
    <p className="map-in-response">
      In response to{' '}
      <Link to={`/map/${basedOn}`} dir="auto">
        {answered?.status === 'found' ? `“${answered.title}”` : basedOn}
      </Link>{' '}
      · <Link to={`/compare/${basedOn}/${mapId}`}>Compare with it</Link>
    </p>
  );
}
