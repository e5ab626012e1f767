import type { Draft, ReasonId } from '../../../domain/belief-map';
import { beliefFormValues, reasonFormValues, type BeliefFormValues } from './values';

// PRODUCT §7.5: an open form is part of the draft's state. What it edits, the values it started
// from and the values typed so far are kept for the tab's session, so a reload reopens it as it
// was, and leaving asks first while it holds changes. Pure: session-copy.ts keeps it,
// and save.ts saves it.

export type FormTarget =
  { kind: 'belief' } | { kind: 'add'; id: ReasonId } | { kind: 'reason'; id: ReasonId };

export type FormValues = Readonly<Record<string, string>>;

export interface OpenForm {
  target: FormTarget;
  /** The values the form started from: what the draft held when it opened. */
  initial: FormValues;
  /** The values as typed. */
  values: FormValues;
}

/** True when some field holds something other than what the form started from. */
export function isFormChanged(form: OpenForm): boolean {
  return Object.keys(form.values).some((key) => form.values[key] !== form.initial[key]);
}

/**
 * What `target` holds in `draft` now, as form values: null when it is a reason the draft no longer
 * has (deleted elsewhere). An "add" form starts from nothing, so it has nothing to conflict with.
 */
export function currentValues(draft: Draft, target: FormTarget): FormValues | null {
  if (target.kind === 'belief') return { ...beliefFormValues(draft.data) };
  if (target.kind === 'add') return { ...reasonFormValues(null) };
  const reason = draft.data.reasons.find((r) => r.id === target.id);
  return reason ? { ...reasonFormValues(reason) } : null;
}

/** An open form read back from storage, or null when `raw` is not one. */
export function parseOpenForm(raw: unknown): OpenForm | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { target, initial, values } = raw as Record<string, unknown>;
  if (typeof target !== 'object' || target === null) return null;
  const { kind, id } = target as Record<string, unknown>;
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  let parsed: FormTarget;
  if (kind === 'belief') parsed = { kind };
  else if ((kind === 'add' || kind === 'reason') && typeof id === 'string' && uuid.test(id))
    parsed = { kind, id: id as ReasonId };
  else return null;
  const strings = (value: unknown): FormValues | null =>
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((v) => typeof v === 'string' && v.length <= 100_000)
      ? (value as FormValues)
      : null;
  const start = strings(initial);
  const typed = strings(values);
  return start && typed ? { target: parsed, initial: start, values: typed } : null;
}

/**
 * The open form's values for a form component showing fields `empty` (all of them, a field the
 * stored form lacks being empty), or undefined when no form is open.
 */
export function startValues<V extends object>(
  form: OpenForm | null,
  empty: V,
): { initial: V; values: V } | undefined {
  return form ? { initial: { ...empty, ...form.initial }, values: { ...empty, ...form.values } } : undefined;
}

export const emptyBeliefValues: BeliefFormValues = { title: '', description: '' };
