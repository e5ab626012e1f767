import { useRef, useState, type RefObject } from 'react';
import type { Draft, ReasonId } from '../../../domain/belief-map';
import type { FormConflict } from '../../draft/form/save';
import { isFormChanged, type FormTarget } from '../../draft/form/open-form';
import { useOpenForm, type OpenFormApi } from '../../draft/form/use-open-form';
import type { DraftChange } from '../../draft/store';
import { useDraftCommands } from '../../draft/use-commands';
import type { EditFormHandle } from './EditForm';
import { useEditForms, type EditForms } from './use-edit-forms';
import { useFocusReturn, type FocusReturn } from './use-focus-return';

/** A save held back because what the form edits was changed elsewhere since it opened. */
interface Conflict {
  kind: FormConflict;
  change: DraftChange;
  /** The control that gets the focus back when the form closes. */
  focusBack: string;
}

export interface DraftForms extends Pick<FocusReturn, 'controlRef' | 'control'> {
  /** The belief and reason forms, or null until their chunk has loaded. */
  forms: EditForms | null;
  /** What the open form edits; null when none is open. */
  editing: FormTarget | null;
  /** The open form as kept for the session: its values to start from, and each change typed. */
  openForm: Pick<OpenFormApi, 'read' | 'change'>;
  /** The save held back until the person chooses a version, or null. */
  conflict: Conflict | null;
  /** The open form, to submit or focus it from outside. */
  formRef: RefObject<EditFormHandle | null>;
  open(target: FormTarget): void;
  /** Closes the open form and gives the focus back to `control`. */
  close(control: string): void;
  /** Applies `change`, then closes the form and gives the focus back to `control`. */
  save(change: DraftChange, control: string, announce?: 'itemDeleted'): Promise<void>;
  /** Saves the open form's `change`, or asks first when it conflicts: false then. */
  saveForm(change: DraftChange, control: string): Promise<boolean>;
  /** The control of the reason `reasonId`: its "Edit item", or "Add item" once it is gone. */
  itemControl(reasonId: ReasonId): string;
  /** Settles the open form before publishing: false when the publish waits. */
  settleBeforePublish(): Promise<boolean>;
  /** Settles the open form before discarding: false when the discard waits. */
  settleBeforeDiscard(): boolean;
}

/**
 * The draft's one open form (PRODUCT §7.5) and how it is saved, for the belief form and the reason
 * forms alike: a save that would overwrite a change made elsewhere since the form opened asks
 * first, and closing a form gives the focus back to the control that opened it.
 */
export function useDraftForms(draftId: string, draft: Draft): DraftForms {
  const { edit } = useDraftCommands();
  const forms = useEditForms();
  const openForm = useOpenForm(draftId);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const { controlRef, control, returnFocusTo } = useFocusReturn();
  const formRef = useRef<EditFormHandle>(null);

  const open = (target: FormTarget) => openForm.open(target, draft);
  const close = (control: string) => {
    openForm.close();
    setConflict(null);
    returnFocusTo(control);
  };
  const save = async (change: DraftChange, control: string, announce?: 'itemDeleted') => {
    await edit(draftId, change, announce ? { announce } : {});
    close(control);
  };
  /**
   * Saves the open form's `change`, unless what it edits was changed or deleted elsewhere since
   * it opened (PRODUCT §7.5): then the person chooses first, and nothing is overwritten unasked.
   */
  const saveForm = async (change: DraftChange, control: string): Promise<boolean> => {
    const form = openForm.read();
    // A form is open, so its chunk, which holds the check, is loaded.
    const conflictIn = (d: Draft) => (form && forms?.formConflict(d, form)) || null;
    const ask = (kind: FormConflict) => {
      setConflict({ kind, change, focusBack: control });
      return false;
    };
    const seen = conflictIn(draft);
    if (seen) return ask(seen);
    // Another tab may have stored its change a moment ago, before this tab heard of it: the edit
    // works on the newest stored draft, so the check runs there again and then changes nothing.
    let stored: FormConflict | null = null;
    await edit(draftId, (d, now) => {
      stored = conflictIn(d);
      return stored ? d : change(d, now);
    });
    if (stored) return ask(stored);
    close(control);
    return true;
  };
  const itemControl = (reasonId: ReasonId) =>
    draft.data.reasons.some((r) => r.id === reasonId) ? `edit-${reasonId}` : 'add-item';

  /**
   * Saves the open form as its Save button would: false when it cannot be (a field refused,
   * shown beside it by submitting the form, or a conflict to resolve first).
   */
  const saveOpenForm = async (): Promise<boolean> => {
    const form = openForm.read();
    if (!form) return true;
    const { target } = form;
    const change = forms?.formChange(form, draft.data);
    if (!change) {
      formRef.current?.requestSubmit();
      return false;
    }
    return saveForm(change, target.kind === 'belief' ? 'edit-belief' : itemControl(target.id));
  };
  /** Back to the open form, whose typing the person keeps: the action waits. */
  const backToForm = () => {
    formRef.current?.focusFirstField();
    return false;
  };
  /** PRODUCT §8.1: an open form is saved first, or the publish waits, so nothing typed is lost. */
  const settleBeforePublish = async () => {
    const form = openForm.read();
    if (form && isFormChanged(form)) {
      // The form shows (its chunk loaded) before it can be changed; until then there is nothing to ask.
      if (!forms || !window.confirm(forms.publishQuestion)) return backToForm();
      return saveOpenForm();
    }
    if (form) openForm.close();
    return true;
  };
  const settleBeforeDiscard = () => {
    const form = openForm.read();
    if (form && isFormChanged(form) && (!forms || !window.confirm(forms.discardQuestion)))
      return backToForm();
    if (form) openForm.close();
    return true;
  };

  return {
    forms,
    editing: openForm.target,
    openForm,
    conflict,
    formRef,
    controlRef,
    control,
    open,
    close,
    save,
    saveForm,
    itemControl,
    settleBeforePublish,
    settleBeforeDiscard,
  };
}
