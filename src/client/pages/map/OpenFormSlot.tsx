import type { ReactNode } from 'react';
import type { Busy } from './use-busy';
import type { DraftForms } from './use-draft-forms';
import type { EditForms } from './use-edit-forms';

interface OpenFormSlotProps {
  draftForms: DraftForms;
  run: Busy['run'];
  /** The open form, from the forms' chunk. */
  children(forms: EditForms): ReactNode;
}

/**
 * Where the open form shows, in place of what it edits: with the question of a conflicting save
 * above it (PRODUCT §7.5), or "Loading..." while the forms' chunk is still on its way (only on a
 * very slow connection).
 */
export function OpenFormSlot({ draftForms, run, children }: OpenFormSlotProps) {
  const { forms, conflict, editing, save, close } = draftForms;
  if (!forms) return <p className="page-loading">Loading...</p>;
  return (
    <>
      {conflict && (
        <forms.ConflictNotice
          kind={conflict.kind}
          what={editing?.kind === 'belief' ? 'belief' : 'item'}
          onKeepMine={() => void run(() => save(conflict.change, conflict.focusBack))}
          onTakeTheirs={() => close(conflict.focusBack)}
        />
      )}
      {children(forms)}
    </>
  );
}
