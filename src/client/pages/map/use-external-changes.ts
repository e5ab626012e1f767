import { useEffect } from 'react';
import { flashDurations, useFlash } from '../../components/flash';
import { useMapsStore } from '../../draft';
import type { ExternalChange } from '../../draft/store';

// PRODUCT §7.5: a draft changed or deleted in another tab is followed, and the page says so.

/** Announces changes another tab made to the draft `draftId` (null: none to follow). */
export function useExternalDraftChanges(draftId: string | null): void {
  const store = useMapsStore();
  const flash = useFlash();
  useEffect(() => {
    if (!draftId) return;
    return store.onExternalChange((change: ExternalChange) => {
      if (change.draftId !== draftId) return;
      const text =
        change.change === 'updated'
          ? 'This draft was changed in another tab'
          : 'This draft was deleted in another tab';
      flash.show({ text, durationMs: flashDurations.undo });
    });
  }, [store, flash, draftId]);
}
