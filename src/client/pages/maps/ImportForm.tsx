import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { mapVersion, type Draft } from '../../../domain/belief-map';
import { defaultBodyLimitBytes } from '../../../domain/limits';
import { newLocalDraftId } from '../../../domain/local-draft-id';
import { useMapsStore } from '../../state/maps-context';

// PRODUCT §15.3: "Import map" from a file or pasted text, JSON or Argdown, as a new draft. The
// parsers load only when a map is imported (PRODUCT §13.5); nothing is stored unless it is valid.

export function ImportForm() {
  const store = useMapsStore();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function read(): Promise<string | null> {
    if (file) {
      if (file.size > defaultBodyLimitBytes) {
        setError(`The file is too large: a map can be at most ${defaultBodyLimitBytes / 1024 / 1024} MiB`);
        return null;
      }
      return file.text();
    }
    if (text.trim() === '') {
      setError('Choose a file or paste a map first.');
      return null;
    }
    return text;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setError(null);
    setBusy(true);
    try {
      const input = await read();
      if (input === null) return;
      const { importMap } = await import('../../../domain/formats/import-map');
      const result = importMap(input);
      if (!result.ok) {
        setError(result.error);
        return;
      }
      const draftId = newLocalDraftId();
      const draft: Draft = {
        version: mapVersion,
        published: null,
        updatedAt: new Date().toISOString(),
        data: result.value,
      };
      const saveError = await store.create(draftId, draft);
      if (saveError) setError(`Not saved in this browser. ${saveError}`);
      else navigate(`/map/${draftId}`);
    } catch (failure) {
      setError(`The map could not be imported: ${(failure as Error).message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="maps-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Import map</h2>
      <p className="prose">
        Open a map downloaded from Belief Map (JSON or Argdown), or an Argdown file of your own: one main
        statement such as <code>[Title]: text</code>, with a line <code>+ reason</code> for each reason for it
        and <code>- reason</code> for each against. It opens as a new draft.
      </p>
      <form
        className="maps-import"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <div className="field">
          <label htmlFor={`${id}-file`}>Map file (.json or .argdown)</label>
          <input
            id={`${id}-file`}
            type="file"
            accept=".json,.argdown,.ad,.txt,application/json,text/plain"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="field">
          <label htmlFor={`${id}-text`}>Or paste the map</label>
          <textarea
            id={`${id}-text`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            spellCheck={false}
          />
        </div>
        {error && (
          <p className="field-error maps-import-error" id={`${id}-error`} role="alert">
            {error} Nothing was stored.
          </p>
        )}
        <button type="submit" className="primary" aria-disabled={busy || undefined}>
          Import map
        </button>
      </form>
    </section>
  );
}
