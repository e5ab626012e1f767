import { useEffect, useRef, type KeyboardEvent } from 'react';

// What the belief and reason forms share (issue item 3): focus moves into the form when it opens,
// Escape cancels, and leaving the page with unsaved typing asks first.

export function useEditForm<E extends HTMLElement>(onCancel: () => void, dirty: boolean) {
  const firstField = useRef<E>(null);
  useEffect(() => {
    firstField.current?.focus();
  }, []);
  useUnsavedGuard(dirty);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onCancel();
  };
  return { firstField, onKeyDown };
}

/** Asks before the page unloads while `active` (typed text not saved, or a draft storage refused). */
export function useUnsavedGuard(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const handler = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handler);
    return () => window.removeEventListener('beforeunload', handler);
  }, [active]);
}

/** Focuses the first control marked invalid inside `form`, after React has shown the errors. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}
