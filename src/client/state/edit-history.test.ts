import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fcParams } from '../../domain/test-support/map-arbitraries';
import { emptyHistory, parseHistory, recordStep, redoStep, undoStep, type EditHistory } from './edit-history';

// PRODUCT §7.6: the history behind Undo and Redo, over plain numbers as states.

const history = (past: number[], future: number[] = []): EditHistory<number> => ({ past, future });

describe('edit history', () => {
  it.each([
    ['records the state before a step', history([]), 1, history([1])],
    ['keeps earlier steps, oldest first', history([1, 2]), 3, history([1, 2, 3])],
    ['forgets the redos once a new step is made', history([1], [5, 4]), 2, history([1, 2])],
  ])('%s', (_, before, state, after) => {
    expect(recordStep(before, state)).toEqual(after);
  });

  it('drops the oldest steps beyond its limit', () => {
    expect(recordStep(history([1, 2, 3]), 4, 3)).toEqual(history([2, 3, 4]));
  });

  it('undoes to the latest past state and keeps the present for a redo', () => {
    expect(undoStep(history([1, 2]), 3)).toEqual({ target: 2, history: history([1], [3]) });
    expect(redoStep(history([1], [3]), 2)).toEqual({ target: 3, history: history([1, 2]) });
  });

  it('has nothing to undo or redo when empty', () => {
    expect(undoStep(emptyHistory, 1)).toBeNull();
    expect(redoStep(history([1]), 2)).toBeNull();
  });

  it('redoing every undo returns to where it started, by the same states', () => {
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.integer(), (steps, present) => {
        let h: EditHistory<number> = emptyHistory;
        let state = present;
        for (const next of steps) {
          h = recordStep(h, state);
          state = next;
        }
        const seen: number[] = [state];
        for (let step = undoStep(h, state); step; step = undoStep(h, state)) {
          ({ target: state, history: h } = step);
          seen.push(state);
        }
        expect(state).toBe(steps.length > 0 ? present : state);
        for (let step = redoStep(h, state); step; step = redoStep(h, state)) {
          ({ target: state, history: h } = step);
          seen.pop();
          expect(state).toBe(seen.at(-1));
        }
        expect(h.future).toEqual([]);
      }),
      fcParams,
    );
  });

  it('reads back a stored history, leaving out damaged states and damaged lists', () => {
    const parse = (state: unknown) => (typeof state === 'number' ? state : null);
    expect(parseHistory({ past: [1, 'x', 2], future: [3] }, parse)).toEqual(history([1, 2], [3]));
    expect(parseHistory({ past: 'x', future: null }, parse)).toEqual(emptyHistory);
    expect(parseHistory(null, parse)).toEqual(emptyHistory);
    expect(parseHistory(7, parse)).toEqual(emptyHistory);
  });
});
