import type { Draft, MapData } from '../../../domain/belief-map';
import { saveReason, updateBelief } from '../../../domain/draft';
import { parseBeliefForm, parseReasonForm } from './draft-forms';
import { reasonFormValues, type ReasonFormValues } from './values';
import type { DraftChange } from '../store';
import { currentValues, type OpenForm } from './open-form';

// PRODUCT §7.5: saving the open form without overwriting what another tab changed since it opened.
// Needed only once a form is open, so it comes with the forms' chunk (pages/map/edit-forms.ts).

export type FormConflict = 'changed' | 'deleted';

/**
 * Whether saving `form` into `draft` would overwrite a change made elsewhere since the form
 * opened: "deleted" when its reason is gone, "changed" when a field it started from differs now.
 */
export function formConflict(draft: Draft, form: OpenForm): FormConflict | null {
  if (form.target.kind === 'add') return null;
  const now = currentValues(draft, form.target);
  if (now === null) return 'deleted';
  return Object.keys(form.initial).some((key) => now[key] !== form.initial[key]) ? 'changed' : null;
}

/**
 * The change that saving `form` makes, as its Save button would (PRODUCT §6.3), checked against
 * `data`: null when a field is refused (the form then shows why).
 */
export function formChange(form: OpenForm, data: MapData): DraftChange | null {
  const { target, values } = form;
  if (target.kind === 'belief') {
    const fields = parseBeliefForm(
      { title: values.title ?? '', description: values.description ?? '' },
      data,
    );
    return fields.ok ? (draft, now) => updateBelief(draft, fields.value, now) : null;
  }
  const reasonValues = { ...reasonFormValues(null), ...values } as ReasonFormValues;
  const reason = parseReasonForm(reasonValues, target.id);
  return reason.ok ? (draft, now) => saveReason(draft, reason.value, now) : null;
}
