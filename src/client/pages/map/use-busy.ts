import { useCallback, useRef, useState } from 'react';

export interface Busy {
  /** An action is under way: the draft's buttons do nothing meanwhile. */
  busy: boolean;
  /** Runs `action` unless another runs, marking the page busy until it ends. */
  run(action: () => Promise<unknown>): Promise<void>;
}

/**
 * One draft action at a time: Undo, Redo, publishing, discarding, keeping a conflicting save.
 * Whether one runs is read when a button is pressed, not from the render its handler came from,
 * so a press just after an action ends is never dropped by a handler that still thinks it runs.
 */
export function useBusy(): Busy {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async (action: () => Promise<unknown>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
