import { describe, expect, it } from 'vitest';
import { addReason, deleteReason, saveReason, updateBelief } from '../../domain/draft';
import { reason } from '../../domain/test-support/builders';
import { draftOf } from '../../domain/test-support/map-arbitraries';
import {
  applyStep,
  discardStep,
  editLabel,
  emptyHistory,
  mergeLabel,
  parseHistory,
  patchStep,
  recordStep,
  takeStep,
  type DraftHistory,
  type DraftState,
} from './history';
import { diffDrafts } from '../../domain/draft-patch';
import { stepAnnouncement } from './commands';

// PRODUCT §7.6: the history behind Undo and Redo, and what each step says it was.

const now = new Date('2026-03-05T12:00:00.000Z');
const base = draftOf({ title: 'Rent', description: null, reasons: [reason(1), reason(2)] });
const fresh: DraftState = { draft: base, stored: false };
const stepTo = (draft = addReason(base, reason(3, { title: 'Cheaper rent' }), now)) =>
  patchStep(fresh, { draft, stored: true });

describe('draft history', () => {
  it('records a step as the latest undo, forgets the redos, and drops the oldest beyond its limit', () => {
    const [a, b, c] = [stepTo(), stepTo(), stepTo()];
    expect(recordStep({ past: [a], future: [b] }, c)).toEqual({ past: [a, c], future: [] });
    expect(recordStep({ past: [a, b], future: [] }, c, 2)).toEqual({ past: [b, c], future: [] });
  });

  it('undoes the latest step into the redos and redoes it back; nothing to take when empty', () => {
    const [a, b] = [stepTo(), stepTo()];
    const history: DraftHistory = { past: [a, b], future: [] };
    const undone = takeStep(history, 'undo')!;
    expect(undone).toEqual({ step: b, history: { past: [a], future: [b] } });
    expect(takeStep(undone.history, 'redo')).toEqual({ step: b, history });
    expect(takeStep(emptyHistory, 'undo')).toBeNull();
    expect(takeStep(history, 'redo')).toBeNull();
  });

  it('applies a step back to the state before it, fresh copy included, and forward again', () => {
    const after: DraftState = { draft: addReason(base, reason(3), now), stored: true };
    const step = patchStep(fresh, after);
    expect(applyStep(after, step, 'undo')).toEqual(fresh);
    expect(applyStep(fresh, step, 'redo')).toEqual(after);
  });

  it('undoes a discard to the whole draft, with no draft at hand', () => {
    const kept: DraftState = { draft: addReason(base, reason(3), now), stored: true };
    const step = discardStep(kept);
    expect(applyStep(null, step, 'undo')).toEqual(kept);
    expect(applyStep(kept, step, 'redo')).toBeNull();
    expect(stepAnnouncement('undo', step)).toBe('Undone: discard of the draft');
  });

  it.each([
    ['an added reason', addReason(base, reason(3, { title: 'Cheaper rent' }), now), 'added “Cheaper rent”'],
    ['a deleted reason', deleteReason(base, reason(2).id, now), 'deleted “Reason 2”'],
    [
      'a changed reason',
      saveReason(base, { ...reason(1), relevance: 'Since May.' }, now),
      'changed “Reason 1”',
    ],
    ['the belief', updateBelief(base, { title: 'Lower rent', description: null }, now), 'changed the belief'],
    // [R2] A right-to-left title keeps its own direction inside the English sentence.
    [
      'a reason with a Hebrew title',
      addReason(base, reason(3, { title: 'שכר דירה זול' }), now),
      'added “\u2068שכר דירה זול\u2069”',
    ],
  ])('names an edit of %s', (_, after, label) => {
    expect(editLabel(diffDrafts(base, after))).toBe(label);
    expect(stepAnnouncement('redo', patchStep(fresh, { draft: after, stored: true }))).toBe(
      `Redone: ${label}`,
    );
  });

  it('names a merge by what it took', () => {
    const three = [3, 4, 5].reduce((d, n) => addReason(d, reason(n), now), base);
    expect(mergeLabel(diffDrafts(base, three))).toBe('merge of 3 reasons');
    const titled = updateBelief(base, { title: 'Lower rent', description: null }, now);
    expect(mergeLabel(diffDrafts(base, titled))).toBe('merge of the title');
    expect(mergeLabel(diffDrafts(base, addReason(titled, reason(3), now)))).toBe(
      'merge of the title and 1 reason',
    );
  });

  it('reads back a stored history, leaving out damaged steps and damaged lists', () => {
    const step = stepTo();
    const stored = JSON.parse(
      JSON.stringify({ past: [step, { kind: 'patch' }, 7], future: [step] }),
    ) as unknown;
    expect(parseHistory(stored)).toEqual({ past: [step], future: [step] });
    expect(parseHistory({ past: 'x', future: null })).toEqual(emptyHistory);
    expect(parseHistory(null)).toEqual(emptyHistory);
    expect(parseHistory(7)).toEqual(emptyHistory);
  });
});
