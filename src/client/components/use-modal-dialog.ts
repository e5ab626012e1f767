import { useEffect, useRef } from 'react';

/**
 * Shows the <dialog> of the returned ref as a modal while the component is rendered (PRODUCT
 * §13.1): the browser keeps the focus inside and closes it on Escape; when the component goes,
 * the dialog closes and the focus goes back to where it was before it opened.
 */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      if (element.open) element.close();
      returnTo?.focus();
    };
  }, []);
  return dialog;
}
