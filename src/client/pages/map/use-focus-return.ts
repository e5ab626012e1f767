import { useCallback, useEffect, useRef, useState } from 'react';

export interface FocusReturn {
  /** The ref of the control called `name`, so that the focus can be given back to it. */
  controlRef(name: string): (element: HTMLElement | null) => () => void;
  /** The control called `name`, while it is shown. */
  control(name: string): HTMLElement | undefined;
  /** Gives the focus to the control called `name` once it is shown again. */
  returnFocusTo(name: string): void;
}

/**
 * Focus goes back to the control that opened a form, once it is shown again (PRODUCT §13): the
 * form steps in for it, so it is only there again after the render that closes the form.
 */
export function useFocusReturn(): FocusReturn {
  const controls = useRef(new Map<string, HTMLElement>());
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (focusTarget === null) return;
    controls.current.get(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const controlRef = useCallback(
    (name: string) => (element: HTMLElement | null) => {
      if (element) controls.current.set(name, element);
      return () => {
        if (controls.current.get(name) === element) controls.current.delete(name);
      };
    },
    [],
  );
  const control = useCallback((name: string) => controls.current.get(name), []);
  return { controlRef, control, returnFocusTo: setFocusTarget };
}
