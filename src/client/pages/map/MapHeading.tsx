import type { Ref } from 'react';
import { Link } from 'wouter';
import type { MapData } from '../../../domain/belief-map';
import { defaultMapId, isLocalBaseId, type MapIdParts } from '../../../domain/map-id';
import { useHydrated } from '../../components/use-hydrated';
import { usePublishedTitle } from '../../draft';
import { subtitleOf, type MapView } from '../../draft/entries';
import { siteLink } from '../../lib/site';

type LoadedView = Extract<MapView, { status: 'draft' | 'published' }>;

/** PRODUCT §6.2: the map title as heading level 1 and the subtitle under it. */
export function MapHeading({
  view,
  data,
  headingRef,
}: {
  view: LoadedView;
  data: MapData;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  return (
    <>
      <h1 ref={headingRef} tabIndex={-1} dir="auto">
        {data.title}
      </h1>
      <p className="subtitle">
        {view.status === 'draft' ? <DraftSubtitle id={view.id} /> : subtitleOf(view)}
      </p>
      <PrintedLink view={view} />
    </>
  );
}

/**
 * PRODUCT §15.2: on paper only, the map's address under its title, or that a draft has none. The
 * server's page says the path, the browser's the whole address once it has taken the page over.
 */
function PrintedLink({ view }: { view: LoadedView }) {
  const hydrated = useHydrated();
  if (view.status === 'draft')
    return <p className="map-print-link">A draft, not published: it has no link.</p>;
  const path = `/map/${view.id.baseId}`;
  return <p className="map-print-link">{hydrated ? siteLink(path) : path}</p>;
}

/** "New draft", or "Draft of" the title of the map it copies (its id until that is known), linked. */
function DraftSubtitle({ id }: { id: MapIdParts }) {
  const isNew = id.baseId === defaultMapId || isLocalBaseId(id.baseId);
  const title = usePublishedTitle(isNew ? null : id.baseId);
  if (isNew) return 'New draft';
  return (
    <>
      Draft of{' '}
      <Link to={`/map/${id.baseId}`} title={`Map ${id.baseId}`} dir="auto">
        {title ?? id.baseId}
      </Link>
    </>
  );
}

/**
 * The description as typed: user text, rendered as text with its line breaks, each paragraph in
 * the direction of its own first letter (PRODUCT §13.2, map-page.css).
 */
export function MapDescription({ description }: { description: string | null }) {
  return description ? (
    <p className="map-description" dir="auto">
      {description}
    </p>
  ) : null;
}
