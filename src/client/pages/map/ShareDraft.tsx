import { useState } from 'react';
import type { Draft } from '../../../domain/belief-map';
import { LazyDownloadButtons as DownloadButtons } from '../../components/LazyDownloadButtons';
import { useFlash } from '../../components/flash';
import { makeShareLink, maxShareLinkLength } from '../../lib/share-link';
import { formatCount } from '../../../domain/format';
import { siteLink } from '../../lib/site';

// PRODUCT §15.4: "Copy share link" on a draft: the draft travels in the link itself, unpublished.

type Shared =
  { kind: 'idle' } | { kind: 'copied' | 'shown'; url: string } | { kind: 'too-long'; length: number };

export function ShareDraft({ draftId, draft }: { draftId: string; draft: Draft }) {
  const flash = useFlash();
  const [shared, setShared] = useState<Shared>({ kind: 'idle' });

  async function share() {
    const link = await makeShareLink({ draftId, draft }, siteLink(''));
    if (!link.ok) {
      setShared({ kind: 'too-long', length: link.length });
      return;
    }
    try {
      await navigator.clipboard.writeText(link.url);
      setShared({ kind: 'copied', url: link.url });
      flash.show({ text: 'Share link copied', durationMs: 3000 });
    } catch {
      // No clipboard (permission refused, an insecure origin): show the link to copy by hand.
      setShared({ kind: 'shown', url: link.url });
    }
  }

  return (
    <div className="map-share">
      <button type="button" onClick={() => void share()}>
        Copy share link
      </button>
      {shared.kind === 'shown' && (
        <p>
          <label htmlFor="share-link">Share link (copy it from here)</label>
          <input id="share-link" readOnly value={shared.url} onFocus={(event) => event.target.select()} />
        </p>
      )}
      {shared.kind === 'too-long' && (
        <div className="map-share-too-long" role="alert">
          <p>
            This draft is too large to share by link: its link would be {formatCount(shared.length)}{' '}
            characters, and a share link holds at most {formatCount(maxShareLinkLength)}. Send the JSON file
            instead; it can be opened with Import map on Your maps.
          </p>
          <DownloadButtons map={draft} />
        </div>
      )}
    </div>
  );
}
