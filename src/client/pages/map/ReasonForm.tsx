import { useEffect, useRef, type Ref } from 'react';
import type { Reason, ReasonId } from '../../../domain/belief-map';
import { beliefLabels, beliefValues, supportLabels, supportValues } from '../../../domain/ratings';
import { FormField } from '../../components/FormField';
import { ratingFieldFor, ratingForDigit } from '../../lib/rating-keys';
import { parseReasonForm, reasonFormValues, type ReasonFormValues } from '../../draft/form/draft-forms';
import { useMapLimits } from '../../draft/form/limits';
import { EditForm, TextFields, type EditFormHandle, type FormFields, type TextFieldSpec } from './EditForm';

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
  /** The values it started from and those typed, for a form reopened after a reload. */
  start?: { initial: ReasonFormValues; values: ReasonFormValues } | undefined;
  onChange?: ((values: ReasonFormValues) => void) | undefined;
  /** The form's name when `reason` is null: "Add item", or "Edit item" for a reason deleted elsewhere. */
  label?: string;
  formRef?: Ref<EditFormHandle> | undefined;
}

/** The text fields, with the limits the server enforces (PRODUCT §3.3). */
function useTextFields(): TextFieldSpec<ReasonFormValues>[] {
  const limits = useMapLimits();
  return [
    { name: 'title', label: 'Title', max: limits.reasonTitleLength, required: true },
    { name: 'relevance', label: 'Relevance', max: limits.relevanceLength, rows: 3 },
  ];
}

/** PRODUCT §6.3 reason form: Title required; Relevance, Belief and Support optional. */
export function ReasonForm(props: ReasonFormProps) {
  const { reason, newId, addError = null, onSave, onDelete, onCancel, start, onChange, formRef } = props;
  const ratings = useRef<HTMLDivElement>(null);
  const textFields = useTextFields();
  // PRODUCT §13.1: Alt+B and Alt+S go to the Belief and Support ratings from anywhere in the form.
  useEffect(() => {
    const form = ratings.current?.closest('form');
    if (!form) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const field = ratingFieldFor(event);
      if (!field) return;
      event.preventDefault();
      ratings.current?.querySelector<HTMLSelectElement>(`select[data-rating="${field}"]`)?.focus();
    };
    form.addEventListener('keydown', onKeyDown);
    return () => form.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <EditForm
      label={props.label ?? (reason ? 'Edit item' : 'Add item')}
      initial={start?.initial ?? reasonFormValues(reason)}
      start={start?.values}
      onChange={onChange}
      parse={(values) => parseReasonForm(values, reason?.id ?? newId)}
      refusal={reason ? null : addError}
      onSave={onSave}
      onDelete={reason ? onDelete : undefined}
      onCancel={onCancel}
      formRef={formRef}
    >
      {(form) => (
        <>
          <TextFields specs={textFields} form={form} />
          <div className="field-row" ref={ratings}>
            <RatingSelect form={form} name="belief" options={beliefValues} labels={beliefLabels} />
            <RatingSelect form={form} name="support" options={supportValues} labels={supportLabels} />
          </div>
        </>
      )}
    </EditForm>
  );
}

const ratingFields = {
  belief: { label: 'Belief', hint: 'How sure are you that this reason is true?' },
  support: { label: 'Support', hint: 'If it is true, how much does it support or refute the belief?' },
};

interface RatingSelectProps<V extends string> {
  form: FormFields<ReasonFormValues>;
  name: keyof typeof ratingFields;
  options: readonly V[];
  labels: Record<V | 'none', string>;
}

/** One rating's select: its values by their labels, and an empty option for no rating (null). */
function RatingSelect<V extends string>({ form, name, options, labels }: RatingSelectProps<V>) {
  const { label, hint } = ratingFields[name];
  return (
    <FormField label={label} hint={hint} error={form.errors[name]}>
      {(control) => (
        <select
          {...control}
          data-rating={name}
          value={form.values[name]}
          onChange={(event) => form.set({ [name]: event.target.value } as Partial<ReasonFormValues>)}
          onKeyDown={(event) => {
            // PRODUCT §13.1: 1–5 pick a rating from the least to the most, 0 none, without opening the list.
            const value =
              name === 'belief' ? ratingForDigit('belief', event) : ratingForDigit('support', event);
            if (value === undefined) return;
            event.preventDefault();
            form.set({ [name]: value } as Partial<ReasonFormValues>);
          }}
        >
          <option value="">{labels.none}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {labels[option]}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
