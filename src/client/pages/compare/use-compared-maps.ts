import { useEffect, useMemo } from 'react';
import type { MergeAction } from '../../../domain/merge-actions';
import { flashDurations, useFlash } from '../../components/flash';
import { useDraftCommands } from '../../draft/use-commands';
import { useLoadedMap } from '../../draft';
import type { MapView } from '../../draft/entries';

// PRODUCT §6.6, §9: the two maps of the compare page, and merging into the base when it is a draft.
// The maps come from the app's one MapsStore, shared with the map page, and drafts change only
// through the draft commands: a merge is a draft edit (stamped, sorted, stored; a newer version
// from another tab is merged into rather than overwritten), one step of the draft's history,
// whose Undo is the history's.

// The code that merges loads after the page (PRODUCT §13.5), fetched as soon as the base shows as a
// draft: a reader looks at the differences before merging one.
let loadedCode: Promise<typeof import('../../../domain/merge')> | null = null;
const mergeCode = () => (loadedCode ??= import('../../../domain/merge'));

export type LoadedView = Extract<MapView, { status: 'draft' | 'published' }>;

export interface LoadFailure {
  which: 'Base map' | 'Modified map';
  message: string;
}

type ComparedMaps =
  | { status: 'loading' }
  | { status: 'failed'; failures: LoadFailure[] }
  | { status: 'loaded'; base: LoadedView; modified: LoadedView };

export interface ComparedMapsApi {
  state: ComparedMaps;
  /**
   * Merges `action` (or all of `actions`, as one edit with one Undo, rule M9) into the base draft and, once stored, shows "Draft updated" with Undo for 5 s
   * (or why storing failed: the merge is then kept in this tab). `onUndone` runs once an Undo has
   * put the draft back. False, doing nothing, when the base is no draft or there is nothing to merge.
   */
  merge(action: MergeAction | readonly MergeAction[], onUndone: () => void): Promise<boolean>;
}

function combine(base: MapView, modified: MapView): ComparedMaps {
  if (base.status === 'loading' || modified.status === 'loading') return { status: 'loading' };
  const failures: LoadFailure[] = [];
  if (base.status === 'failed') failures.push({ which: 'Base map', message: base.message });
  if (modified.status === 'failed') failures.push({ which: 'Modified map', message: modified.message });
  if (base.status === 'failed' || modified.status === 'failed') return { status: 'failed', failures };
  return { status: 'loaded', base, modified };
}

/** Loads `baseInput` and `modifiedInput` (map ids from the URL) and follows changes to their drafts. */
export function useComparedMaps(baseInput: string, modifiedInput: string): ComparedMapsApi {
  const commands = useDraftCommands();
  const flash = useFlash();
  const baseView = useLoadedMap(baseInput);
  const modifiedView = useLoadedMap(modifiedInput);
  const state = useMemo(() => combine(baseView, modifiedView), [baseView, modifiedView]);
  const baseIsDraft = baseView.status === 'draft';
  useEffect(() => {
    if (!baseIsDraft) return;
    const timer = setTimeout(() => void mergeCode(), 0);
    return () => clearTimeout(timer);
  }, [baseIsDraft]);

  async function merge(action: MergeAction | readonly MergeAction[], onUndone: () => void): Promise<boolean> {
    const actions: readonly MergeAction[] = Array.isArray(action) ? action : [action];
    // PRODUCT §9.3: merging exists only when the base is a draft.
    if (state.status !== 'loaded' || state.base.status !== 'draft') return false;
    const { draftId } = state.base.id;
    const shown = state.base.entry.draft;
    const { applyMerges, mergeCountError } = await mergeCode();
    const merged = applyMerges(shown, actions, new Date());
    if (merged === shown) return false;
    // Rule M11: a draft over the reason limit could never be stored or read back.
    const countError = mergeCountError(shown, merged);
    if (countError) {
      flash.show({ text: countError, durationMs: flashDurations.undo, tone: 'error' });
      return false;
    }

    void commands.merge(draftId, (draft, now) => applyMerges(draft, actions, now), onUndone);
    return true;
  }

  return { state, merge };
}
