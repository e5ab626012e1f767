import { useCallback, useState } from 'react';
import type { Draft } from '../../../domain/belief-map';
import { useLeaveGuard } from '../../lib/leave-guard';
import { readSessionForm, writeSessionForm } from './session-copy';
import { currentValues, isFormChanged, parseOpenForm, type FormTarget, type OpenForm } from './open-form';

export interface OpenFormApi {
  /** What the open form edits; null when none is open. */
  target: FormTarget | null;
  /** The open form as kept: the values it started from and those typed so far. */
  read(): OpenForm | null;
  open(target: FormTarget, draft: Draft): void;
  close(): void;
  /** Keeps the values as typed (the forms call it on every change). */
  change(values: object): void;
  /** True when the open form holds typing that is not saved. */
  isUnsaved(): boolean;
}

/**
 * The draft's one open form as part of its state (PRODUCT §7.5): kept for the session, so a
 * reload, or coming back to the draft in this tab, reopens it as it was; and guarding every way of
 * leaving while it holds changes.
 */
export function useOpenForm(draftId: string): OpenFormApi {
  const read = useCallback(() => parseOpenForm(readSessionForm(draftId)), [draftId]);
  const [target, setTarget] = useState(() => read()?.target ?? null);
  const isUnsaved = useCallback(() => {
    const form = read();
    return form !== null && isFormChanged(form);
  }, [read]);
  useLeaveGuard(isUnsaved);

  const open = useCallback(
    (next: FormTarget, draft: Draft) => {
      const initial = currentValues(draft, next) ?? {};
      writeSessionForm(draftId, { target: next, initial, values: initial });
      setTarget(next);
    },
    [draftId],
  );
  const close = useCallback(() => {
    writeSessionForm(draftId, null);
    setTarget(null);
  }, [draftId]);
  const change = useCallback(
    (values: object) => {
      const form = read();
      if (form) writeSessionForm(draftId, { ...form, values });
    },
    [draftId, read],
  );
  return { target, read, open, close, change, isUnsaved };
}
