import { useCallback, useEffect } from 'react';
import { useLocation } from 'wouter';
import { parseMapId, type MapIdParts } from '../../domain/map-id';
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
  changedElsewhere: 'This draft was changed in another tab',
  deletedElsewhere: 'This draft was deleted in another tab',
} as const;

export interface DraftActions {
  /**
   * Applies `change` to the draft `draftId` and stores it as every edit does (PRODUCT §7.3): updatedAt
   * set, reasons re-sorted, stored under `map.` + draft id or by the host; moves to the draft URL
   * if the page was its published URL; a refused write is shown and the edit kept in memory.
   */
  edit(draftId: string, change: DraftChange, options?: SaveOptions): Promise<EditResult>;
  /** Publishes; resolves to the new map id, or null after showing "Error publishing map". */
  publish(draftId: string): Promise<string | null>;
  /** Deletes the draft, goes to its base map and offers Undo for 5 s. */
  discard(draftId: string): Promise<void>;
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
          undo: () => void store.restore(id.draftId, result.previous),
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
        void navigate(`/map/${newId}`);
        return newId;
      } catch (error) {
        console.warn('Publishing failed:', error);
        flash.show({ text: flashTexts.publishError, tone: 'error', durationMs: flashDurations.publishError });
        return null;
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

  return { edit, publish, discard };
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
