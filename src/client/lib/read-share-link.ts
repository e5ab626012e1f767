import { draftSchema, validate } from '../../domain/belief-map';
import { defaultBodyLimitBytes, maxShareLinkLength } from '../../domain/limits';
import { parseMapId } from '../../domain/map-id';
import { err, ok, type Result } from '../../domain/result';
import type { SharedDraft } from './share-link';

// PRODUCT §15.4: the draft a share link carries, read on `/shared`.

/** The draft in a share link's fragment (with or without its `#`), checked by the shared schema. */
export async function readShareFragment(fragment: string): Promise<Result<SharedDraft>> {
  const encoded = fragment.replace(/^#/, '');
  if (encoded === '') return err('This link holds no draft: the part after # is missing.');
  if (encoded.length > maxShareLinkLength) return err('This link is longer than any share link.');
  const { decompressFromEncodedURIComponent } = await import('lz-string');
  let json: unknown;
  try {
    const text = decompressFromEncodedURIComponent(encoded);
    if (!text || text.length > defaultBodyLimitBytes) throw new Error('not a draft');
    json = JSON.parse(text);
  } catch {
    return err('This link is damaged: the draft in it cannot be read. Ask for the link again.');
  }
  const value = json as { draftId?: unknown; draft?: unknown } | null;
  const id = parseMapId(typeof value?.draftId === 'string' ? value.draftId : '');
  if (!id.ok || !id.value.isDraft) return err('This link is damaged: it names no draft.');
  const draft = validate(draftSchema, value?.draft);
  if (!draft.ok) return err(`This link holds an invalid draft: ${draft.error}`);
  return ok({ draftId: id.value.draftId, draft: draft.value });
}
