import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { mapIdFromInput } from '../../../domain/compare-ids';
import { FormField } from '../../components/FormField';
import { useDocumentTitle } from '../../components/use-document-title';
import './compare.css';
import { PageHeading } from '../../components/PageHeading';

/** PRODUCT §6.5: the choose-compare page; `?baseMapId=` pre-fills the base field. */
export function ChooseComparePage() {
  useDocumentTitle('Compare maps');
  const baseMapId = new URLSearchParams(useSearch()).get('baseMapId') ?? '';
  // Keyed by the query, so following a "Compare" link while here starts the form afresh.
  return <ChooseCompareForm key={baseMapId} initialBase={baseMapId} />;
}

type Field = 'base' | 'modified';

const fields: readonly { name: Field; label: string; hint: string }[] = [
  { name: 'base', label: 'Base map', hint: 'The map to compare against, e.g. help-example-alice-1' },
  {
    name: 'modified',
    label: 'Modified map',
    hint: 'The map whose differences to show, e.g. help-example-bob-1',
  },
];

function ChooseCompareForm({ initialBase }: { initialBase: string }) {
  const [, navigate] = useLocation();
  const [inputs, setInputs] = useState<Record<Field, string>>({ base: initialBase, modified: '' });
  const { base, modified } = inputs;
  /** Why each field was refused at the last Compare; cleared as soon as the field is typed in. */
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const change = (field: Field) => (value: string) => {
    setInputs((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _, ...rest }) => rest);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const baseId = mapIdFromInput(base);
    const modifiedId = mapIdFromInput(modified);
    // PRODUCT §6.5: with an empty field the page stays, writes an error to the console and says
    // beside each empty field what it needs, focusing the first. The form is noValidate so that the
    // browser's own bubble does not stand in for this.
    if (!baseId || !modifiedId) {
      console.error(`Compare needs two map ids (base: "${baseId}", modified: "${modifiedId}")`);
      setErrors({
        ...(baseId ? {} : { base: emptyFieldError(base, 'base') }),
        ...(modifiedId ? {} : { modified: emptyFieldError(modified, 'modified') }),
      });
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    navigate(`/compare/${encodeURIComponent(baseId)}/${encodeURIComponent(modifiedId)}`);
  }

  return (
    <div className="page choose-compare">
      <PageHeading>Compare maps</PageHeading>
      <p className="prose">
        See what one map adds, removes or rates differently from another. Paste a link to each map, or type
        its id. To merge differences into your draft, use the draft as the base map: its id is{' '}
        <code>draft.</code> followed by the id of the map it copies.
      </p>
      <form className="compare-form" noValidate onSubmit={submit} ref={form}>
        {fields.map(({ name, label, hint }) => (
          <MapIdField
            key={name}
            label={label}
            hint={hint}
            error={errors[name]}
            value={inputs[name]}
            onChange={change(name)}
            // Arriving from a map's "Compare" link, the base is filled in: the other field is next.
            autoFocus={name === 'modified' && initialBase !== ''}
          />
        ))}
        <button type="submit" className="primary">
          Compare
        </button>
      </form>
    </div>
  );
}

/** What an empty compare field needs: a link with nothing after "/map/" is told so. */
function emptyFieldError(input: string, which: Field): string {
  if (input.trim() !== '') return 'This link has no map id after “/map/”. Paste the whole link.';
  return `Enter the link or id of the ${which} map.`;
}

interface MapIdFieldProps {
  label: string;
  hint: string;
  error: string | undefined;
  value: string;
  onChange(value: string): void;
  autoFocus?: boolean;
}

/** A field for a map id or a pasted link (rule C9): no autocomplete, no spelling marks. */
function MapIdField({ label, hint, error, value, onChange, autoFocus = false }: MapIdFieldProps) {
  return (
    <FormField label={label} hint={hint} error={error}>
      {(control) => (
        <input
          {...control}
          required
          autoComplete="off"
          spellCheck={false}
          autoFocus={autoFocus}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
