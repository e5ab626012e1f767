import { useRef, useState, type FormEvent } from 'react';
import type { Reason, ReasonId } from '../../../domain/belief-map';
import { defaultLimits } from '../../../domain/limits';
import { beliefLabels, beliefValues, supportLabels, supportValues } from '../../../domain/ratings';
import { FormField, lengthHint } from '../../components/FormField';
import {
  parseReasonForm,
  reasonFormValues,
  type FieldErrors,
  type ReasonField,
  type ReasonFormValues,
} from '../../state/draft-forms';
import { focusFirstInvalid, useEditForm } from './use-edit-form';

interface ReasonFormProps {
  /** The reason to edit, or null to add one. */
  reason: Reason | null;
  /** A new reason's id, chosen by the page. */
  newId: ReasonId;
  /** Why no reason can be added (the map is full), shown instead of saving. */
  addError?: string | null;
  onSave(reason: Reason): Promise<void>;
  onDelete?(): Promise<void>;
  onCancel(): void;
}

/** SPEC §5 reason form: Title required; Relevance, Belief and Support optional (PRODUCT §6). */
export function ReasonForm({ reason, newId, addError = null, onSave, onDelete, onCancel }: ReasonFormProps) {
  const [initial] = useState(() => reasonFormValues(reason));
  const [values, setValues] = useState<ReasonFormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors<ReasonField>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const dirty = (Object.keys(initial) as ReasonField[]).some((key) => values[key] !== initial[key]);
  const { firstField, onKeyDown } = useEditForm<HTMLInputElement>(onCancel, dirty);
  const set = (patch: Partial<ReasonFormValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (!reason && addError) {
      setFormError(addError);
      return;
    }
    const result = parseReasonForm(values, reason?.id ?? newId);
    if (!result.ok) {
      setErrors(result.error);
      focusFirstInvalid(form.current);
      return;
    }
    setSaving(true);
    await onSave(result.value);
  };

  const remove = async () => {
    if (saving || !onDelete) return;
    setSaving(true);
    await onDelete();
  };

  return (
    <form
      ref={form}
      className="edit-form"
      aria-label={reason ? 'Edit item' : 'Add item'}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <FormField
        label="Title"
        hint={lengthHint(values.title.length, defaultLimits.reasonTitleLength, true)}
        error={errors.title}
      >
        {(control) => (
          <input
            {...control}
            ref={firstField}
            type="text"
            autoComplete="off"
            value={values.title}
            onChange={(e) => set({ title: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Relevance"
        hint={lengthHint(values.relevance.length, defaultLimits.relevanceLength, false)}
        error={errors.relevance}
      >
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={values.relevance}
            onChange={(e) => set({ relevance: e.target.value })}
          />
        )}
      </FormField>
      <div className="field-row">
        <FormField label="Belief" hint="How sure are you that this reason is true?" error={errors.belief}>
          {(control) => (
            <select
              {...control}
              value={values.belief}
              onChange={(e) => set({ belief: e.target.value as ReasonFormValues['belief'] })}
            >
              <option value="">{beliefLabels.none}</option>
              {beliefValues.map((value) => (
                <option key={value} value={value}>
                  {beliefLabels[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Support"
          hint="If it is true, how much does it support or refute the belief?"
          error={errors.support}
        >
          {(control) => (
            <select
              {...control}
              value={values.support}
              onChange={(e) => set({ support: e.target.value as ReasonFormValues['support'] })}
            >
              <option value="">{supportLabels.none}</option>
              {supportValues.map((value) => (
                <option key={value} value={value}>
                  {supportLabels[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <div className="form-buttons">
        <button type="submit" className="primary">
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
        {reason && onDelete && (
          <button type="button" className="danger push-end" onClick={() => void remove()}>
            Delete
          </button>
        )}
      </div>
    </form>
  );
}
