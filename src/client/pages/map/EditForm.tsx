import {
  useEffect,
  useImperativeHandle,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';
import type { Result } from '../../../domain/result';
import { FormField, lengthHint } from '../../components/FormField';
import { showRefusal } from '../../components/focus-refused';
import type { FieldErrors } from '../../draft/form/draft-forms';

// What the belief and reason forms share (PRODUCT §6.3): focus moves into the form when it opens,
// Escape cancels, leaving the page with unsaved typing asks first, a refused save shows each
// message beside its field and focuses the first, and a save or delete runs once.

/** A form's values: a string per field, as its controls hold them. */
type FormValues<V> = { [K in keyof V]: string };

export interface FormFields<V extends FormValues<V>> {
  values: V;
  errors: FieldErrors<keyof V & string>;
  set(patch: Partial<V>): void;
  /** For the form's first field, which takes the focus when the form opens. */
  firstField: RefObject<HTMLInputElement | null>;
}

/** What the page may do to the open form from outside it: submit it as Save does, or focus it. */
export interface EditFormHandle {
  requestSubmit(): void;
  focusFirstField(): void;
}

interface EditFormProps<V extends FormValues<V>, T> {
  /** The form's accessible name. */
  label: string;
  initial: V;
  /** The values to show at first, when they differ from `initial` (a form reopened after a reload). */
  start?: V | undefined;
  /** Told every change of the values, so the page can keep them with the draft's state. */
  onChange?: ((values: V) => void) | undefined;
  parse(values: V): Result<T, FieldErrors<keyof V & string>>;
  onSave(value: T): Promise<void>;
  onCancel(): void;
  /** Why this form cannot save at all (the map is full), shown instead of saving. */
  refusal?: string | null;
  /** Offers "Delete" (an existing reason). */
  onDelete?: (() => Promise<void>) | undefined;
  children(fields: FormFields<V>): ReactNode;
  /** Selects the first field's text on opening, so typing replaces a placeholder value. */
  selectFirst?: boolean;
  formRef?: Ref<EditFormHandle> | undefined;
}

export function EditForm<V extends FormValues<V>, T>(props: EditFormProps<V, T>) {
  const {
    label,
    parse,
    onSave,
    onCancel,
    refusal = null,
    onDelete,
    onChange,
    children,
    selectFirst = false,
    formRef,
  } = props;
  const [initial] = useState(props.initial);
  const [values, setValues] = useState(props.start ?? initial);
  const [errors, setErrors] = useState<FieldErrors<keyof V & string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const firstField = useRef<HTMLInputElement>(null);
  // A form reopened with text the person typed keeps the caret; only a fresh form selects.
  const [select] = useState(
    () =>
      selectFirst &&
      (!props.start ||
        (Object.keys(initial) as (keyof V)[]).every((key) => props.start![key] === initial[key])),
  );
  useEffect(() => {
    firstField.current?.focus();
    if (select) firstField.current?.select();
  }, [select]);
  useEffect(() => onChange?.(values), [onChange, values]);
  useImperativeHandle(
    formRef,
    () => ({
      requestSubmit: () => form.current?.requestSubmit(),
      focusFirstField: () => firstField.current?.focus(),
    }),
    [],
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (refusal) return setFormError(refusal);
    const result = parse(values);
    if (!result.ok) {
      showRefusal(
        () => setErrors(result.error),
        () => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]'),
      );
      return;
    }
    setSaving(true);
    // The page may keep the form open (a conflict to resolve first): it can be saved again.
    await onSave(result.value).finally(() => setSaving(false));
  };
  const remove = async () => {
    if (saving || !onDelete) return;
    setSaving(true);
    await onDelete().finally(() => setSaving(false));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    onCancel();
  };

  const set = (patch: Partial<V>) => setValues((current) => ({ ...current, ...patch }));
  return (
    <form
      ref={form}
      className="edit-form"
      aria-label={label}
      onSubmit={submit}
      onKeyDown={onKeyDown}
      noValidate
    >
      {children({ values, errors, set, firstField })}
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
        {onDelete && (
          <button type="button" className="danger push-end" onClick={() => void remove()}>
            Delete
          </button>
        )}
      </div>
    </form>
  );
}

/** A text field of a form: which value it edits, its label and its limit. */
export interface TextFieldSpec<V> {
  name: keyof V & string;
  label: string;
  /** Longest text allowed, in characters (PRODUCT §3). */
  max: number;
  required?: boolean;
  /** A text area of this many rows; a one-line field when absent. */
  rows?: number;
}

/** The form's text fields in order; the first takes the focus when the form opens. */
export function TextFields<V extends FormValues<V>>({
  specs,
  form,
}: {
  specs: readonly TextFieldSpec<V>[];
  form: FormFields<V>;
}) {
  return specs.map(({ name, ...spec }, index) => (
    <TextField
      key={name}
      {...spec}
      value={form.values[name]}
      error={form.errors[name]}
      inputRef={index === 0 ? form.firstField : undefined}
      onChange={(value) => form.set({ [name]: value } as Partial<V>)}
    />
  ));
}

interface TextFieldProps {
  label: string;
  value: string;
  /** Longest text allowed, in characters (PRODUCT §3). */
  max: number;
  required?: boolean;
  error: string | undefined;
  /** A text area of this many rows; a one-line field when absent. */
  rows?: number;
  inputRef?: RefObject<HTMLInputElement | null> | undefined;
  onChange(value: string): void;
}

/** A labelled text field whose hint says its limit, and counts the characters near it. */
function TextField({ label, value, max, required = false, error, rows, inputRef, onChange }: TextFieldProps) {
  const change = (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value);
  return (
    <FormField label={label} hint={lengthHint(value.length, max, required)} error={error}>
      {(control) =>
        rows ? (
          <textarea {...control} dir="auto" rows={rows} value={value} onChange={change} />
        ) : (
          <input
            {...control}
            ref={inputRef}
            type="text"
            dir="auto"
            autoComplete="off"
            value={value}
            onChange={change}
          />
        )
      }
    </FormField>
  );
}
