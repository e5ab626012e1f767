import './responses.css';
import { useEffect, useId, useState } from 'react';
import { Link } from 'wouter';
import { flashDurations, useFlash } from '../../components/flash';
import { countReasons, describeSide } from '../../../domain/balance';
import { formatLongDate } from '../../../domain/format';
import type { ResponseSummary } from '../../../domain/response-answers';
import { quoted } from '../../../domain/text-direction';
import { readPublishedRecords } from '../../draft/storage/published-record';
import { fetchResponses, fetchThreadSize, hideResponse } from '../../draft/storage/responses-api';

// PRODUCT §6.2: the maps that answer a published map, under it. Loaded after the page (the
// published page stays immutable and cached; this list is not), at the page's end, so that its
// arrival moves nothing the reader sees.

type Listing =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'loaded'; responses: ResponseSummary[]; next: string | null };

/** The region "Responses" of `mapId`, or nothing while it has none. */
export default function Responses({ mapId }: { mapId: string }) {
  const [listing, setListing] = useState<Listing>({ status: 'loading' });
  const [more, setMore] = useState<'idle' | 'loading' | 'failed'>('idle');
  const [threadSize, setThreadSize] = useState<number | null>(null);
  const flash = useFlash();
  const headingId = useId();
  // The key that lets this browser hide responses: only where the map was published from.
  const [authorKey] = useState(
    () => readPublishedRecords().find((r) => r.mapId === mapId)?.authorKey ?? null,
  );

  useEffect(() => {
    let live = true;
    fetchResponses(mapId, null, authorKey !== null).then(
      (page) => {
        if (!live) return;
        setListing({ status: 'loaded', ...page });
        // The thread is asked for only when there is one: most maps have no responses.
        if (page.responses.length > 0)
          fetchThreadSize(mapId).then(
            (thread) => live && setThreadSize(thread.maps),
            () => undefined,
          );
      },
      (error: unknown) => {
        console.warn(`Could not load the responses to ${mapId}:`, error);
        if (live) setListing({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [mapId, authorKey]);

  if (listing.status !== 'loaded' || listing.responses.length === 0) return null;
  const { responses, next } = listing;

  const showMore = async () => {
    if (next === null) return;
    setMore('loading');
    try {
      const page = await fetchResponses(mapId, next, authorKey !== null);
      setListing({ status: 'loaded', responses: [...responses, ...page.responses], next: page.next });
      setMore('idle');
    } catch {
      setMore('failed');
    }
  };
  const hide = async (response: ResponseSummary) => {
    if (authorKey === null) return;
    try {
      await hideResponse(mapId, response.mapId, authorKey);
      setListing({
        status: 'loaded',
        responses: responses.filter((r) => r.mapId !== response.mapId),
        next,
      });
      // Told by the flash bar: hiding the last response takes this region away with it.
      flash.show({
        text: `${quoted(response.title)} is no longer listed under this map`,
        durationMs: flashDurations.undo,
      });
    } catch (error) {
      flash.show({
        text: `${quoted(response.title)} could not be hidden: ${(error as Error).message}`,
        tone: 'error',
        durationMs: flashDurations.undo,
      });
    }
  };
  const discussion = threadSize === null ? responses.length + 1 : threadSize + 1;

  return (
    <section className="map-responses" aria-labelledby={headingId}>
      <h2 id={headingId}>Responses</h2>
      <p>
        <Link to={`/discussion/${mapId}`}>See the discussion ({discussion} maps)</Link>
      </p>
      <ol className="map-response-list">
        {responses.map((response) => (
          <ResponseItem
            key={response.mapId}
            mapId={mapId}
            response={response}
            onHide={authorKey === null ? null : () => void hide(response)}
          />
        ))}
      </ol>
      {next !== null && (
        <button type="button" aria-disabled={more === 'loading' || undefined} onClick={() => void showMore()}>
          Show more
        </button>
      )}
      {more === 'failed' && <p role="alert">The next responses could not be loaded. Try again.</p>}
    </section>
  );
}

function ResponseItem({
  mapId,
  response,
  onHide,
}: {
  mapId: string;
  response: ResponseSummary;
  onHide: (() => void) | null;
}) {
  const titleId = useId();
  const { balance } = response;
  return (
    <li className="map-response">
      <h3 id={titleId} dir="auto">
        <Link to={`/map/${response.mapId}`}>{response.title}</Link>
      </h3>
      <p className="map-response-meta">
        Published {formatLongDate(response.published)} · {countReasons(response.reasons)} ·{' '}
        {describeSide('For', balance.for)} · {describeSide('Against', balance.against)}
      </p>
      <p className="map-response-actions">
        <Link to={`/compare/${mapId}/${response.mapId}`} aria-describedby={titleId}>
          Compare
        </Link>
        {onHide && (
          <button type="button" className="link-button" aria-describedby={titleId} onClick={onHide}>
            Hide from this list
          </button>
        )}
      </p>
    </li>
  );
}
