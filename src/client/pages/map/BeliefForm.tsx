import { useRef, useState, type FormEvent } from 'react';
import type { MapData } from '../../../domain/belief-map';
import type { BeliefFields } from '../../../domain/draft';
import { defaultLimits } from '../../../domain/limits';
import { FormField, lengthHint } from '../../components/FormField';
import {
  beliefFormValues,
  parseBeliefForm,
  type BeliefField,
  type FieldErrors,
} from '../../state/draft-forms';
import { focusFirstInvalid, useEditForm } from './use-edit-form';

interface BeliefFormProps {
  data: MapData;
  onSave(fields: BeliefFields): Promise<void>;
  onCancel(): void;
}

/** SPEC §5 belief form: Title required, Description optional (PRODUCT §6 names). */
export function BeliefForm({ data, onSave, onCancel }: BeliefFormProps) {
  const [initial] = useState(() => beliefFormValues(data));
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<BeliefField>>({});
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const dirty = values.title !== initial.title || values.description !== initial.description;
  const { firstField, onKeyDown } = useEditForm<HTMLInputElement>(onCancel, dirty);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const result = parseBeliefForm(values, data);
    if (!result.ok) {
      setErrors(result.error);
      focusFirstInvalid(form.current);
      return;
    }
    setSaving(true);
    await onSave(result.value);
  };

  return (
    <form
      ref={form}
      className="edit-form"
      aria-label="Edit belief"
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      <FormField
        label="Title"
        hint={lengthHint(values.title.length, defaultLimits.titleLength, true)}
        error={errors.title}
      >
        {(control) => (
          <input
            {...control}
            ref={firstField}
            type="text"
            autoComplete="off"
            value={values.title}
            onChange={(e) => setValues({ ...values, title: e.target.value })}
          />
        )}
      </FormField>
      <FormField
        label="Description"
        hint={lengthHint(values.description.length, defaultLimits.descriptionLength, false)}
        error={errors.description}
      >
        {(control) => (
          <textarea
            {...control}
            rows={4}
            value={values.description}
            onChange={(e) => setValues({ ...values, description: e.target.value })}
          />
        )}
      </FormField>
      <div className="form-buttons">
        <button type="submit" className="primary">
          Save
        </button>
        <button type="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
