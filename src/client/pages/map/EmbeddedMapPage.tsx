import { useMemo } from 'react';
import { useParams } from 'wouter';
import { useDocumentTitle } from '../../components/use-document-title';
import { useLoadedMap } from '../../draft';
import { BalanceSummary, MapDescription, mapBalance, ReasonList } from './MapPage';
import './map-page.css';
import './embedded-map.css';

// PRODUCT §11.5: /embed/{mapId}, the page another site frames (oEmbed): a published map, read-only
// and compact, with a link to the map on Belief Map. The server sends it rendered, with no script.

export function EmbeddedMapPage() {
  const { mapId = '' } = useParams();
  const view = useLoadedMap(mapId);
  useDocumentTitle(view.status === 'published' ? view.map.data.title : null);
  if (view.status === 'loading') return <p className="map-loading">Loading map...</p>;
  if (view.status !== 'published')
    return (
      <div className="page embedded-map">
        <h1>Error loading map</h1>
        <p>
          {view.status === 'draft'
            ? 'Only published maps can be embedded: a draft lives in its author’s browser.'
            : view.message}
        </p>
      </div>
    );
  const { map, id } = view;
  return (
    <div className="page embedded-map">
      <h1 dir="auto">{map.data.title}</h1>
      <MapDescription description={map.data.description} />
      <EmbeddedBalance reasons={map.data.reasons} />
      <ReasonList reasons={map.data.reasons} empty="This map has no reasons." />
      <p className="embedded-map-open">
        <a href={`/map/${encodeURIComponent(id.baseId)}`} target="_blank" rel="noopener">
          Open in Belief Map
        </a>
      </p>
    </div>
  );
}

function EmbeddedBalance({ reasons }: { reasons: Parameters<typeof mapBalance>[0]['reasons'] }) {
  const balance = useMemo(() => mapBalance({ reasons }), [reasons]);
  return (
    <section className="embedded-map-balance" aria-label="Balance">
      <BalanceSummary balance={balance} />
    </section>
  );
}
