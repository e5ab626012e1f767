import type { DraftCommands } from './command-api';
import {
  deleteDiscarded,
  keepDiscarded,
  putDiscarded,
  type DiscardedDraft,
} from './storage/discarded-drafts';
import type { MapsStore } from './store';

// PRODUCT §7.4, §15.1: "Restore" on Recently discarded puts a discarded draft back as the draft of
// its id. When a draft is kept under that id now (made after the discard), it asks first:
// "Replace" discards that draft in its turn (so it is in Recently discarded, restorable too) and
// restores this one; "Keep both" restores this one as a new draft of nothing published (rule I5), whose id the page makes.

/** The answer to the question: replace the draft kept under the id, or keep both (under `newId`). */
export type RestoreChoice = 'replace' | { keepBothAs: string };

/** What restoring came to: restored under `draftId`, the id is taken (ask), or storage refused it. */
export type RestoreOutcome = { restored: string } | 'taken' | { error: string };

export async function restoreDiscarded(
  store: MapsStore,
  create: DraftCommands['create'],
  discarded: DiscardedDraft,
  choice?: RestoreChoice,
): Promise<RestoreOutcome> {
  const { draftId, draft } = discarded;
  if (choice === undefined && (await store.keptDraft(draftId)) !== null) return 'taken';
  if (choice === 'replace') {
    await store.load(draftId);
    const step = await store.discard(draftId);
    if (step?.kind === 'discard') keepDiscarded(draftId, step.before.draft);
  }
  const restoredId = typeof choice === 'object' ? choice.keepBothAs : draftId;
  deleteDiscarded(discarded.key); // first: its room is the restored draft's
  try {
    const saveError = await create(restoredId, draft);
    if (saveError === null) return { restored: restoredId };
    putDiscarded(discarded);
    return { error: saveError };
  } catch {
    putDiscarded(discarded); // another tab made a draft under that id meanwhile
    return 'taken';
  }
}
