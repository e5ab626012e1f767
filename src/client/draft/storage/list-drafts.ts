import { draftSchema, validate } from '../../../domain/belief-map';
import { parseMapId } from '../../../domain/map-id';
import type { BeliefMapHost, StoredDraft } from './host';
import { listLocalDrafts } from './stored-draft';

// PRODUCT §15.1: every draft kept, for Your maps: the host's when it keeps drafts, else local storage's.

/** The drafts, newest edit first; what fails the schema is skipped. */
export async function listDrafts(host: BeliefMapHost): Promise<StoredDraft[]> {
  const drafts = host.fetchDraft ? await hostDrafts(host) : listLocalDrafts();
  return drafts.sort((a, b) => b.draft.updatedAt.localeCompare(a.draft.updatedAt));
}

/**
 * The host's drafts (PRODUCT §11.2): `listDrafts()` answers a list of `{ draftId, draft }`; each
 * entry passes the schema or is skipped. A host that keeps drafts without listing them has none to show.
 */
async function hostDrafts(host: BeliefMapHost): Promise<StoredDraft[]> {
  if (!host.listDrafts) return [];
  const value = await host.listDrafts();
  if (!Array.isArray(value)) return [];
  const drafts: StoredDraft[] = [];
  for (const entry of value as unknown[]) {
    const draftId = (entry as { draftId?: unknown } | null)?.draftId;
    const parsed = parseMapId(typeof draftId === 'string' ? draftId : '');
    const draft = validate(draftSchema, (entry as { draft?: unknown } | null)?.draft);
    if (parsed.ok && parsed.value.isDraft && draft.ok)
      drafts.push({ draftId: parsed.value.draftId, draft: draft.value });
    else console.warn('Ignoring a host draft that is not valid');
  }
  return drafts;
}
