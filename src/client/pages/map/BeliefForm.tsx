import type { Ref } from 'react';
import type { MapData } from '../../../domain/belief-map';
import type { BeliefFields } from '../../../domain/draft';
import { defaultMap } from '../../../domain/built-in/ids';
import { beliefFormValues, parseBeliefForm, type BeliefFormValues } from '../../draft/form/draft-forms';
import { useMapLimits } from '../../draft/form/limits';
import { EditForm, TextFields, type EditFormHandle, type TextFieldSpec } from './EditForm';

interface BeliefFormProps {
  data: MapData;
  onSave(fields: BeliefFields): Promise<void>;
  onCancel(): void;
  /** The values it started from and those typed, for a form reopened after a reload. */
  start?: { initial: BeliefFormValues; values: BeliefFormValues } | undefined;
  onChange?: ((values: BeliefFormValues) => void) | undefined;
  formRef?: Ref<EditFormHandle> | undefined;
}

/** PRODUCT §6.3 belief form: Title required, Description optional. */
export function BeliefForm({ data, onSave, onCancel, start, onChange, formRef }: BeliefFormProps) {
  // The limits the server enforces (PRODUCT §3.3).
  const limits = useMapLimits();
  const fields: TextFieldSpec<BeliefFormValues>[] = [
    { name: 'title', label: 'Title', max: limits.titleLength, required: true },
    { name: 'description', label: 'Description', max: limits.descriptionLength, rows: 4 },
  ];
  const parse = (values: BeliefFormValues) => parseBeliefForm(values, data);
  return (
    <EditForm
      label="Edit belief"
      initial={start?.initial ?? beliefFormValues(data)}
      start={start?.values}
      onChange={onChange}
      parse={parse}
      onSave={onSave}
      onCancel={onCancel}
      selectFirst={data.title === defaultMap.data.title}
      formRef={formRef}
    >
      {(form) => <TextFields specs={fields} form={form} />}
    </EditForm>
  );
}
