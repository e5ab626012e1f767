import type { MapData } from '../../../domain/belief-map';
import type { BeliefFields } from '../../../domain/draft';
import { defaultMap } from '../../../domain/built-in/ids';
import { defaultLimits } from '../../../domain/limits';
import { beliefFormValues, parseBeliefForm, type BeliefFormValues } from '../../state/draft-forms';
import { EditForm, TextFields, type TextFieldSpec } from './EditForm';

interface BeliefFormProps {
  data: MapData;
  onSave(fields: BeliefFields): Promise<void>;
  onCancel(): void;
  /** The values it started from and those typed, for a form reopened after a reload. */
  start?: { initial: BeliefFormValues; values: BeliefFormValues } | undefined;
  onChange?: ((values: BeliefFormValues) => void) | undefined;
}

const fields: TextFieldSpec<BeliefFormValues>[] = [
  { name: 'title', label: 'Title', max: defaultLimits.titleLength, required: true },
  { name: 'description', label: 'Description', max: defaultLimits.descriptionLength, rows: 4 },
];

/** PRODUCT §6.3 belief form: Title required, Description optional. */
export function BeliefForm({ data, onSave, onCancel, start, onChange }: BeliefFormProps) {
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
    >
      {(form) => <TextFields specs={fields} form={form} />}
    </EditForm>
  );
}
