import type { MapData } from '../../../domain/belief-map';
import type { BeliefFields } from '../../../domain/draft';
import { defaultLimits } from '../../../domain/limits';
import { beliefFormValues, parseBeliefForm, type BeliefFormValues } from '../../state/draft-forms';
import { EditForm, TextFields, type TextFieldSpec } from './EditForm';

interface BeliefFormProps {
  data: MapData;
  onSave(fields: BeliefFields): Promise<void>;
  onCancel(): void;
}

const fields: TextFieldSpec<BeliefFormValues>[] = [
  { name: 'title', label: 'Title', max: defaultLimits.titleLength, required: true },
  { name: 'description', label: 'Description', max: defaultLimits.descriptionLength, rows: 4 },
];

/** PRODUCT §6.3 belief form: Title required, Description optional. */
export function BeliefForm({ data, onSave, onCancel }: BeliefFormProps) {
  const parse = (values: BeliefFormValues) => parseBeliefForm(values, data);
  return (
    <EditForm
      label="Edit belief"
      initial={beliefFormValues(data)}
      parse={parse}
      onSave={onSave}
      onCancel={onCancel}
    >
      {(form) => <TextFields specs={fields} form={form} />}
    </EditForm>
  );
}
