import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import type { Draft } from '../../../domain/belief-map';
import { describeImport } from '../../../domain/formats/describe-import';
import type { ImportedMap } from '../../../domain/formats/import-map';
import { mapVersion } from '../../../domain/map-version';
import { defaultBodyLimitBytes } from '../../../domain/limits';
import { newLocalDraftId } from '../../../domain/local-draft-id';
import { flashDurations, useFlash } from '../../components/flash';
import { useDraftCommands } from '../../draft/use-commands';
import { ImportPreview } from './ImportPreview';
import { parseImport } from './parse-import';

// PRODUCT §15.3: "Import map" from a file or pasted text, JSON, Markdown or Argdown, as a new draft,
// after a preview of what it becomes. The parsers run in a worker, or load on this page only when
// a map is imported (PRODUCT §13.5); nothing is stored unless it is valid and the preview accepted.

/** A file read and shown before it is stored, with what it was read from to read it again. */
interface Preview {
  input: Uint8Array | string;
  main: number;
  unlinkedAsReasons: boolean;
  imported: ImportedMap;
}

export function ImportForm() {
  const commands = useDraftCommands();
  const flash = useFlash();
  const [, navigate] = useLocation();
  const [file, setFile] = useState<File | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<Preview | null>(null);
  const firstControl = useRef<HTMLInputElement>(null);
  const backToForm = useRef(false);
  // Only the latest reading counts: a main statement chosen again while one is read replaces it.
  const reading = useRef(0);
  const id = useId();

  useEffect(() => {
    if (preview === null && backToForm.current) {
      backToForm.current = false;
      firstControl.current?.focus();
    }
  }, [preview]);

  /** The file's bytes (decoded once the parsers have loaded) or the pasted text. */
  async function read(): Promise<Uint8Array | string | null> {
    if (file) {
      // Refused before it is read (rule F7): a file larger than any map is never loaded.
      if (file.size > defaultBodyLimitBytes) {
        setError(`The file is too large: a map can be at most ${defaultBodyLimitBytes / 1024 / 1024} MiB.`);
        return null;
      }
      return new Uint8Array(await file.arrayBuffer());
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
    const current = ++reading.current;
    try {
      const input = await read();
      if (input === null) return;
      const result = await parseImport({ input });
      if (current !== reading.current) return;
      if (!result.ok) setError(result.error);
      else setPreview({ input, main: 0, unlinkedAsReasons: false, imported: result.value });
    } catch (failure) {
      setError(`The map could not be imported: ${(failure as Error).message}`);
    } finally {
      if (current === reading.current) setBusy(false);
    }
  }

  /** Reads the file again with another statement as the belief (rule F5), or with the statements
   * not linked to it as unrated reasons or not (rule F6). */
  async function readAgain(choice: Pick<Preview, 'main' | 'unlinkedAsReasons'>) {
    if (!preview) return;
    const current = ++reading.current;
    setBusy(true);
    setPreview({ ...preview, ...choice });
    try {
      const result = await parseImport({ input: preview.input, ...choice });
      if (current !== reading.current) return;
      if (result.ok) setPreview({ input: preview.input, ...choice, imported: result.value });
      else cancel(result.error);
    } catch (failure) {
      if (current === reading.current) cancel(`The map could not be imported: ${(failure as Error).message}`);
    } finally {
      if (current === reading.current) setBusy(false);
    }
  }

  /** Back to the form with nothing stored, and the focus on its first control. */
  function cancel(problem: string | null = null) {
    reading.current++;
    backToForm.current = true;
    setBusy(false);
    setError(problem);
    setPreview(null);
  }

  async function store() {
    if (!preview || busy) return;
    const draftId = newLocalDraftId();
    const draft: Draft = {
      version: mapVersion,
      published: null,
      updatedAt: new Date().toISOString(),
      data: preview.imported.data,
    };
    setBusy(true);
    const saveError = await commands.create(draftId, draft);
    setBusy(false);
    if (saveError) {
      cancel(`Not saved in this browser. ${saveError}`);
      return;
    }
    navigate(`/map/${draftId}`);
    // Rule F7: say what was read, and what of it was folded or left out.
    flash.show({ text: describeImport(preview.imported), durationMs: flashDurations.undo });
  }

  return (
    <section className="maps-section" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Import map</h2>
      <p className="prose">
        Open a map downloaded from Belief Map (JSON, Markdown or Argdown), or any Argdown file: its most
        discussed statement, such as <code>[Title]: text</code>, becomes the belief, with a line{' '}
        <code>+ reason</code> for each reason for it and <code>- reason</code> for each against; deeper
        reasons are kept in each reason&apos;s relevance. You see what it becomes before it opens as a new
        draft.
      </p>
      {preview && (
        <ImportPreview
          imported={preview.imported}
          main={preview.main}
          unlinkedAsReasons={preview.unlinkedAsReasons}
          busy={busy}
          onMainChange={(main) => void readAgain({ main, unlinkedAsReasons: preview.unlinkedAsReasons })}
          onUnlinkedAsReasonsChange={(unlinkedAsReasons) =>
            void readAgain({ main: preview.main, unlinkedAsReasons })
          }
          onImport={() => void store()}
          onCancel={() => cancel()}
        />
      )}
      <form
        className="maps-import"
        onSubmit={(event) => void submit(event)}
        noValidate
        hidden={preview !== null}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <div className="field">
          <label htmlFor={`${id}-file`}>Map file (.json or .argdown)</label>
          <input
            id={`${id}-file`}
            ref={firstControl}
            type="file"
            accept=".json,.argdown,.ad,.md,.txt,application/json,text/markdown,text/plain"
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
