// PRODUCT §7.6: Undo and Redo walk a history of a draft's states, not one slot. The history holds
// what the draft was before each step (`past`, oldest first) and what it was before each undo
// (`future`, the next redo last). Pure and generic: the store keeps one per draft and decides what
// a state is; these functions never mutate and never look inside a state.

export interface EditHistory<T> {
  readonly past: readonly T[];
  readonly future: readonly T[];
}

/** How many steps back a history keeps; the oldest are dropped beyond it. */
export const historyLimit = 100;

export const emptyHistory: EditHistory<never> = { past: [], future: [] };

/**
 * The history after a new step away from `before`: `before` becomes the latest undo (the oldest
 * dropped beyond `limit`), and the redos are gone, since they follow a state that no longer is.
 */
export function recordStep<T>(history: EditHistory<T>, before: T, limit = historyLimit): EditHistory<T> {
  const past = [...history.past, before];
  return { past: past.slice(Math.max(0, past.length - limit)), future: [] };
}

export interface Step<T> {
  /** The state to put in place of the present one. */
  target: T;
  history: EditHistory<T>;
}

/** Undoing from `present`: the latest past state, with `present` kept for a redo; null when none. */
export function undoStep<T>(history: EditHistory<T>, present: T, limit = historyLimit): Step<T> | null {
  const target = history.past.at(-1);
  if (target === undefined) return null;
  const future = [...history.future, present];
  return {
    target,
    history: { past: history.past.slice(0, -1), future: future.slice(Math.max(0, future.length - limit)) },
  };
}

/** Redoing from `present`: the latest undone state, with `present` kept for an undo; null when none. */
export function redoStep<T>(history: EditHistory<T>, present: T, limit = historyLimit): Step<T> | null {
  // A redo is an undo with the past and the future swapped.
  const step = undoStep(swapped(history), present, limit);
  return step && { target: step.target, history: swapped(step.history) };
}

function swapped<T>({ past, future }: EditHistory<T>): EditHistory<T> {
  return { past: future, future: past };
}

/**
 * A history read back from storage: `raw` as it was stored, each state checked by `parse` (null
 * for one that fails). A value that is not a history is an empty one, and a state that fails is
 * left out, so a damaged entry costs steps, never the page.
 */
export function parseHistory<T>(raw: unknown, parse: (state: unknown) => T | null): EditHistory<T> {
  if (typeof raw !== 'object' || raw === null) return emptyHistory;
  const states = (list: unknown): T[] =>
    Array.isArray(list)
      ? list
          .map(parse)
          .filter((state): state is T => state !== null)
          .slice(-historyLimit)
      : [];
  const { past, future } = raw as { past?: unknown; future?: unknown };
  return { past: states(past), future: states(future) };
}
