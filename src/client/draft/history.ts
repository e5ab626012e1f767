import { draftSchema, reasonSchema, validate, type Draft } from '../../domain/belief-map';
import {
  applyDraftPatch,
  diffDrafts,
  type Change,
  type DraftPatch,
  type PatchDirection,
} from '../../domain/draft-patch';
import { formatCount } from '../../domain/format';
import { quoted } from '../../domain/text-direction';

// PRODUCT §7.6: Undo and Redo walk a history of a draft's steps, and this is the only way anything
// of a draft is undone: the page's buttons, their keys and the Undo of every flash message go
// through it, so they never disagree. A step holds what it changed (a patch of rules P1–P3, not
// the whole draft), whether the draft was stored before and after, and a label that says what it
// was ("added “Cheaper rent”", "merge of 3 reasons") for the announcements "Undone: …" and
// "Redone: …". Pure: the store keeps one history per draft and does the storing.

/** A state of a draft that Undo and Redo can go back to: stored, or a fresh copy of its base. */
export interface DraftState {
  draft: Draft;
  /** False for a fresh copy, which going back to deletes from storage again. */
  stored: boolean;
}

/** One step: a patch of the draft, or a whole draft discarded (which a patch cannot rebuild). */
export type HistoryStep =
  | {
      readonly kind: 'patch';
      /** Tells this step from another, so a flash message undoes only its own step. */
      readonly id: string;
      readonly label: string;
      readonly patch: DraftPatch;
      readonly stored: Change<boolean>;
    }
  | { readonly kind: 'discard'; readonly id: string; readonly label: string; readonly before: DraftState };

export interface DraftHistory {
  /** The steps that Undo takes back, oldest first. */
  readonly past: readonly HistoryStep[];
  /** The steps undone, the next redo last. */
  readonly future: readonly HistoryStep[];
}

/** How many steps back a history keeps; the oldest are dropped beyond it. */
export const historyLimit = 100;

export const emptyHistory: DraftHistory = { past: [], future: [] };

export type Direction = 'undo' | 'redo';

/** What made a step, which names it (PRODUCT §7.6). */
export type StepKind = 'edit' | 'merge' | 'shared draft';

const labels: Record<StepKind, (patch: DraftPatch) => string> = {
  edit: editLabel,
  merge: mergeLabel,
  'shared draft': () => 'saving of the shared draft',
};

/** The step from `before` to `after`, named as a step of `kind` is. */
export function patchStep(before: DraftState, after: DraftState, kind: StepKind = 'edit'): HistoryStep {
  const patch = diffDrafts(before.draft, after.draft);
  return {
    kind: 'patch',
    id: newStepId(),
    label: labels[kind](patch),
    patch,
    stored: [before.stored, after.stored],
  };
}

/** The step of discarding the draft `before` (PRODUCT §7.4): undoing it stores it again. */
export function discardStep(before: DraftState): HistoryStep {
  return { kind: 'discard', id: newStepId(), label: 'discard of the draft', before };
}

/**
 * The state after undoing or redoing `step` from `present`: a patch applied to the present draft
 * (so what another tab changed meanwhile stays), the discarded draft back, or null for a draft
 * discarded again. Null `present` (no draft at hand) can only undo a discard.
 */
export function applyStep(
  present: DraftState | null,
  step: HistoryStep,
  direction: Direction,
): DraftState | null {
  if (step.kind === 'discard') return direction === 'undo' ? step.before : null;
  if (present === null) return null;
  const side: PatchDirection = direction === 'undo' ? 'back' : 'forward';
  return {
    draft: applyDraftPatch(present.draft, step.patch, side),
    stored: step.stored[direction === 'undo' ? 0 : 1],
  };
}

/**
 * The history after a new step: it becomes the latest undo (the oldest dropped beyond `limit`), and
 * the redos are gone, since they follow a state that no longer is.
 */
export function recordStep(history: DraftHistory, step: HistoryStep, limit = historyLimit): DraftHistory {
  const past = [...history.past, step];
  return { past: past.slice(Math.max(0, past.length - limit)), future: [] };
}

/** The step an undo (or redo) takes, and the history after it; null when there is none. */
export function takeStep(
  history: DraftHistory,
  direction: Direction,
): { step: HistoryStep; history: DraftHistory } | null {
  const from = direction === 'undo' ? history.past : history.future;
  const to = direction === 'undo' ? history.future : history.past;
  const step = from.at(-1);
  if (step === undefined) return null;
  const rest = from.slice(0, -1);
  const moved = [...to, step].slice(-historyLimit);
  return {
    step,
    history: direction === 'undo' ? { past: rest, future: moved } : { past: moved, future: rest },
  };
}

/** How an edit is named: “added “X””, “deleted “X””, “changed “X””, “changed the belief”. */
export function editLabel(patch: DraftPatch): string {
  const [only, ...others] = patch.reasons;
  const belief = patch.title !== undefined || patch.description !== undefined;
  if (only && others.length === 0 && !belief) {
    if (only.before === null && only.after) return `added ${quoted(only.after.reason.title)}`;
    if (only.after === null && only.before) return `deleted ${quoted(only.before.reason.title)}`;
    return `changed ${quoted(only.after?.reason.title ?? '')}`;
  }
  const reasons = patch.reasons.length > 0 ? reasonCount(patch) : null;
  return `changed ${[belief ? 'the belief' : null, reasons].filter(Boolean).join(' and ') || 'the draft'}`;
}

/** How a merge is named (PRODUCT §9.3): “merge of the title”, “merge of 3 reasons”. */
export function mergeLabel(patch: DraftPatch): string {
  const parts = [
    patch.title !== undefined ? 'the title' : null,
    patch.description !== undefined ? 'the description' : null,
    patch.reasons.length > 0 ? reasonCount(patch) : null,
  ].filter(Boolean);
  return `merge of ${parts.join(' and ') || 'nothing'}`;
}

/** Reasons a patch touches, a reason given a new id (rule M10) counted once. */
function reasonCount(patch: DraftPatch): string {
  const kept = patch.reasons.filter((change) => change.after !== null).length;
  const count = kept || patch.reasons.length;
  return `${formatCount(count)} ${count === 1 ? 'reason' : 'reasons'}`;
}

function newStepId(): string {
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

// --- read back from session storage ---------------------------------------------------------

// Checked by hand around the domain's schemas: zod's tuples and unions would cost the first load
// (PRODUCT §13.5) for a value that only this tab wrote.
type Check = (value: unknown) => boolean;
const isString: Check = (value) => typeof value === 'string';
const isStringOrNull: Check = (value) => value === null || typeof value === 'string';
const isPair =
  (check: Check): Check =>
  (value) =>
    value === undefined || (Array.isArray(value) && value.length === 2 && value.every(check));
const isPlaced: Check = (value) => {
  if (value === null) return true;
  const { reason, at } = (value ?? {}) as { reason?: unknown; at?: unknown };
  return Number.isInteger(at) && (at as number) >= 0 && validate(reasonSchema, reason).ok;
};
const isPatch: Check = (value) => {
  if (typeof value !== 'object' || value === null) return false;
  const patch = value as Record<string, unknown>;
  return (
    isPair(isStringOrNull)(patch.published) &&
    isPair(isString)(patch.updatedAt) &&
    isPair(isString)(patch.title) &&
    isPair(isStringOrNull)(patch.description) &&
    Array.isArray(patch.reasons) &&
    patch.reasons.every((change: unknown) => {
      const { id, before, after } = (change ?? {}) as Record<string, unknown>;
      return isString(id) && isPlaced(before) && isPlaced(after);
    })
  );
};

function parseStep(raw: unknown): HistoryStep | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const step = raw as Record<string, unknown>;
  if (!isString(step.id) || !isString(step.label)) return null;
  if (step.kind === 'patch')
    return isPatch(step.patch) && isPair((value) => typeof value === 'boolean')(step.stored) && step.stored
      ? (step as unknown as HistoryStep)
      : null;
  if (step.kind !== 'discard') return null;
  const { draft, stored } = (step.before ?? {}) as { draft?: unknown; stored?: unknown };
  const parsed = validate(draftSchema, draft);
  return parsed.ok && typeof stored === 'boolean'
    ? {
        kind: 'discard',
        id: step.id as string,
        label: step.label as string,
        before: { draft: parsed.value, stored },
      }
    : null;
}

/**
 * A history read back from storage: `raw` as it was stored. A value that is not a history is an
 * empty one, and a step that fails its schema is left out, so a damaged entry costs steps, never
 * the page. (A step's patch may still not fit the draft of today: the store checks what it makes.)
 */
export function parseHistory(raw: unknown): DraftHistory {
  if (typeof raw !== 'object' || raw === null) return emptyHistory;
  const steps = (list: unknown): HistoryStep[] =>
    Array.isArray(list)
      ? list
          .map(parseStep)
          .filter((step): step is HistoryStep => step !== null)
          .slice(-historyLimit)
      : [];
  const { past, future } = raw as { past?: unknown; future?: unknown };
  return { past: steps(past), future: steps(future) };
}

/** True when `draft`, made by a step, is a valid draft: a damaged stored step is never applied. */
export function isValidDraft(draft: Draft): boolean {
  return validate(draftSchema, draft).ok;
}
