import './published-notice.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useFlash } from '../../components/flash';
import { siteLink } from '../../lib/site';

/**
 * PRODUCT §8.5: on the page of a map this tab has just published, says so with its link to copy
 * (or share, where the browser has a share sheet) and that the draft was removed. The
 * "Redirecting to published map" message has done its work once this shows, so it goes.
 */
export default function PublishedNotice({
  mapId,
  title,
  unlistedReason,
}: {
  mapId: string;
  title: string;
  /** Why the map is not listed under the map it answers, though its author asked (PRODUCT §8.1). */
  unlistedReason: string | null;
}) {
  const flash = useFlash();
  useEffect(() => flash.clear(), [flash]);
  const headingId = useId();
  const linkId = useId();
  const field = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const link = siteLink(`/map/${mapId}`);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setNote('Link copied');
    } catch {
      field.current?.select();
      field.current?.focus();
      setNote('Press Ctrl+C to copy');
    }
  };
  const canShare = typeof navigator.share === 'function';
  return (
    <section className="map-published" aria-labelledby={headingId}>
      <h2 id={headingId}>Published</h2>
      <p>Anyone with this link can read the map. Your draft was removed from this browser.</p>
      {unlistedReason && (
        <p className="map-unlisted">
          <strong>Not listed under the map it answers.</strong> {unlistedReason}.
        </p>
      )}
      <label htmlFor={linkId}>Link to this map</label>
      <input id={linkId} ref={field} type="text" readOnly value={link} onFocus={(e) => e.target.select()} />
      <div className="form-buttons">
        <button type="button" onClick={() => void copy()}>
          Copy link
        </button>
        {canShare && (
          <button
            type="button"
            onClick={() => void navigator.share({ title, url: link }).catch(() => undefined)}
          >
            Share…
          </button>
        )}
      </div>
      {/* Announced politely; not a role="status" of its own, so the flash bar stays the page's one. */}
      <p className="map-published-note" aria-live="polite">
        {note}
      </p>
    </section>
  );
}
