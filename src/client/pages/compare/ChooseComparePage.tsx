import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { mapIdFromInput } from '../../../domain/compare-ids';
import { parsePastedMaps } from '../../../domain/discussion/map-set';
import { FormField } from '../../components/FormField';
import { showRefusal } from '../../components/focus-refused';
import { useDocumentTitle } from '../../components/use-document-title';
import './choose-compare.css';
import { PageHeading } from '../../components/PageHeading';

/** PRODUCT §6.5: the choose-compare page; `?baseMapId=` pre-fills the base field. */
export function ChooseComparePage() {
  useDocumentTitle('Compare maps');
  const query = new URLSearchParams(useSearch());
  const baseMapId = query.get('baseMapId') ?? '';
  const maps = query.get('maps') ?? '';
  // Keyed by the query, so following a "Compare" link while here starts the form afresh.
  return (
    <div className="page choose-compare">
      <ChooseCompareForm key={baseMapId} initialBase={baseMapId} />
      <SeveralMapsForm key={maps} initialMaps={maps} />
    </div>
  );
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
      showRefusal(
        () =>
          setErrors({
            ...(baseId ? {} : { base: emptyFieldError(base, 'base') }),
            ...(modifiedId ? {} : { modified: emptyFieldError(modified, 'modified') }),
          }),
        () => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]'),
      );
      return;
    }
    navigate(`/compare/${encodeURIComponent(baseId)}/${encodeURIComponent(modifiedId)}`);
  }

  return (
    <>
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
    </>
  );
}

/**
 * PRODUCT §6.10, rule N14: "Compare several maps", one link or id a line, opens the discussion of
 * the valid ones; bad lines are named, and left alone in the field to be mended.
 */
function SeveralMapsForm({ initialMaps }: { initialMaps: string }) {
  const [, navigate] = useLocation();
  // `?maps=a,b` (from a discussion's "Add or remove maps") fills the field, one map a line.
  const [text, setText] = useState(() => initialMaps.split(',').filter(Boolean).join('\n'));
  const [error, setError] = useState<string | undefined>(undefined);
  const form = useRef<HTMLFormElement>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { ids, bad } = parsePastedMaps(text);
    if (bad.length > 0 || ids.length < 2) {
      showRefusal(
        () => {
          setError(
            bad.length > 0
              ? `Not a map link or id: ${bad.map((line) => `“${line}”`).join(', ')}`
              : 'Enter at least two map links or ids, one a line.',
          );
          // The bad lines are named and taken out; the valid ones stay, for the reader to add to.
          if (bad.length > 0)
            setText(
              text
                .split(/\r?\n/)
                .filter((line) => line.trim() !== '' && !bad.includes(line.trim()))
                .join('\n'),
            );
        },
        () => form.current?.querySelector<HTMLElement>('textarea'),
      );
      return;
    }
    navigate(`/discussion?maps=${ids.join(',')}`);
  }

  return (
    <section className="several-maps" aria-labelledby="several-maps-heading">
      <h2 id="several-maps-heading">Compare several maps</h2>
      <p className="prose">
        See where a group of maps on one belief agrees, splits and stands: paste a link to each map, or its
        id.
      </p>
      <form className="compare-form" noValidate onSubmit={submit} ref={form}>
        <FormField
          label="Maps, one link or id a line"
          hint="e.g. help-example-alice-1 and help-example-bob-1 on two lines"
          error={error}
        >
          {(control) => (
            <textarea
              {...control}
              rows={5}
              autoComplete="off"
              spellCheck={false}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        <button type="submit" className="primary">
          Show the discussion
        </button>
      </form>
    </section>
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
