import type { Draft } from '../../domain/belief-map';
import { maxShareLinkLength } from '../../domain/limits';

// PRODUCT §15.4: a draft shared by link. The draft, compressed with lz-string, travels in the
// fragment of `/shared#…`, which browsers never send to a server. lz-string loads only when a link
// is made or opened (PRODUCT §13.5); reading one is read-share-link.ts, so each side loads alone.

export { maxShareLinkLength };

/** What a link carries: the draft and the id it is kept under (so a draft of a map stays one). */
export interface SharedDraft {
  draftId: string;
  draft: Draft;
}

export type ShareLink = { ok: true; url: string } | { ok: false; length: number };

/** The share link of `shared` on `origin`, or its length when it is longer than the limit. */
export async function makeShareLink(shared: SharedDraft, origin: string): Promise<ShareLink> {
  const { compressToEncodedURIComponent } = await import('lz-string');
  const url = `${origin}/shared#${compressToEncodedURIComponent(JSON.stringify(shared))}`;
  return url.length <= maxShareLinkLength ? { ok: true, url } : { ok: false, length: url.length };
}
