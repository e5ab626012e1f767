import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { parseMapId, type MapIdParts } from '../../domain/map-id';
import { ApiError, isOfflineError } from '../persistence/api-client';
import { markJustPublished } from './just-published';
import { flashDurations, useFlash } from '../components/flash';
import { useMapsStore } from './maps-context';
import { pathAfterDiscard, pathAfterEdit } from './maps-state';
import type { DraftChange, EditResult, ExternalChange } from './maps-store';

// The transitions of PRODUCT §7 and §8.1 as the pages use them: the store does the work, this adds the flash
// messages of PRODUCT §6.4 and the navigation. Shared by the map page and the compare page.

export interface SaveOptions {
  /** Shows this message with "Undo" for 5 s, e.g. "Draft updated" after a merge (PRODUCT §9.3). */
  undoMessage?: string;
}

export const flashTexts = {
  publishing: 'Publishing map...',
  redirecting: 'Redirecting to published map',
  publishError: 'Error publishing map',
  draftDeleted: 'Draft deleted',
  draftUpdated: 'Draft updated',
  itemDeleted: 'Item deleted',
  undone: 'Edit undone',
  redone: 'Edit redone',
  nothingToUndo: 'Nothing to undo',
  nothingToRedo: 'Nothing to redo',
  changedElsewhere: 'This draft was changed in another tab',
  deletedElsewhere: 'This draft was deleted in another tab',
} as const;

export type PublishOutcome = { ok: true; mapId: string } | { ok: false; reason: string; offline: boolean };

export interface DraftActions {
  /**
   * Applies `change` to the draft `draftId` and stores it as every edit does (PRODUCT §7.3): updatedAt
   * set, reasons re-sorted, stored under `map.` + draft id or by the host; moves to the draft URL
   * if the page was its published URL; a refused write is shown and the edit kept in memory.
   */
  edit(draftId: string, change: DraftChange, options?: SaveOptions): Promise<EditResult>;
  /**
   * Publishes; resolves to the new map id, or to the reason it failed after showing "Error publishing
   * map" (PRODUCT §12.1: the server's reason and when to retry; the offline text of PRODUCT §13.7).
   */
  publish(draftId: string): Promise<PublishOutcome>;
  /** Deletes the draft, goes to its base map and offers Undo for 5 s. */
  discard(draftId: string): Promise<void>;
  /** Steps back through the draft's history (PRODUCT §7.6) and says so in the flash bar. */
  undo(draftId: string): Promise<void>;
  /** Steps forward again after an undo (PRODUCT §7.6) and says so in the flash bar. */
  redo(draftId: string): Promise<void>;
}

function parts(draftId: string): MapIdParts {
  const parsed = parseMapId(draftId);
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

export function useDraftActions(): DraftActions {
  const store = useMapsStore();
  const flash = useFlash();
  const [pathname, navigate] = useLocation();

  const edit = useCallback<DraftActions['edit']>(
    async (draftId, change, options = {}) => {
      const id = parts(draftId);
      const result = await store.edit(id.draftId, change);
      const path = pathAfterEdit(pathname, id);
      if (path) void navigate(path);
      if (result.saveError) {
        flash.show({ text: result.saveError, tone: 'error', durationMs: flashDurations.undo });
      } else if (options.undoMessage) {
        flash.show({
          text: options.undoMessage,
          durationMs: flashDurations.undo,
          // The flash's Undo takes back this very edit, which is also the history's latest step.
          undo: () =>
            void (result.recorded
              ? store.undo(id.draftId, { asBefore: true })
              : store.restore(id.draftId, result.previous)),
        });
      }
      return result;
    },
    [store, flash, navigate, pathname],
  );

  const publish = useCallback<DraftActions['publish']>(
    async (draftId) => {
      flash.showPending(flashTexts.publishing);
      try {
        const newId = await store.publish(parts(draftId).draftId);
        flash.show({ text: flashTexts.redirecting, durationMs: flashDurations.redirect });
        markJustPublished(newId);
        void navigate(`/map/${newId}`);
        return { ok: true, mapId: newId };
      } catch (error) {
        console.warn('Publishing failed:', error);
        const reason = error instanceof ApiError ? error.message : flashTexts.publishError;
        if (isOfflineError(error)) {
          flash.show({ text: reason, tone: 'error', durationMs: flashDurations.undo });
          return { ok: false, reason, offline: true };
        }
        flash.show({ text: flashTexts.publishError, tone: 'error', durationMs: flashDurations.publishError });
        return { ok: false, reason, offline: false };
      }
    },
    [store, flash, navigate],
  );

  const discard = useCallback<DraftActions['discard']>(
    async (draftId) => {
      const id = parts(draftId);
      const previous = await store.discard(id.draftId);
      void navigate(pathAfterDiscard(id));
      flash.show({
        text: flashTexts.draftDeleted,
        durationMs: flashDurations.undo,
        undo: () => {
          const back = () => void navigate(`/map/${id.draftId}`);
          if (previous) void store.restore(id.draftId, previous).then(back);
          else back();
        },
      });
    },
    [store, flash, navigate],
  );

  const step = useCallback(
    async (draftId: string, direction: 'undo' | 'redo') => {
      const id = parts(draftId).draftId;
      const moved = await (direction === 'undo' ? store.undo(id) : store.redo(id));
      const text = moved
        ? direction === 'undo'
          ? flashTexts.undone
          : flashTexts.redone
        : direction === 'undo'
          ? flashTexts.nothingToUndo
          : flashTexts.nothingToRedo;
      flash.show({ text, durationMs: flashDurations.undo });
    },
    [store, flash],
  );
  const undo = useCallback((draftId: string) => step(draftId, 'undo'), [step]);
  const redo = useCallback((draftId: string) => step(draftId, 'redo'), [step]);

  return { edit, publish, discard, undo, redo };
}

/** Announces changes another tab made to the draft `draftId` (null: none to follow). */
export function useExternalDraftChanges(draftId: string | null): void {
  const store = useMapsStore();
  const flash = useFlash();
  useEffect(() => {
    if (!draftId) return;
    return store.onExternalChange((change: ExternalChange) => {
      if (change.draftId !== draftId) return;
      const text = change.change === 'updated' ? flashTexts.changedElsewhere : flashTexts.deletedElsewhere;
      flash.show({ text, durationMs: flashDurations.undo });
    });
  }, [store, flash, draftId]);
}
