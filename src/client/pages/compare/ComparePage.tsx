import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { MapData } from '../../../domain/belief-map';
import { compareMaps, isEmptyDiff } from '../../../domain/compare';
import { DisclosureButton } from '../../components/DisclosureButton';
import { useDocumentTitle } from '../../components/use-document-title';
import './compare.css';
import { listDiffEntries, neighbourKey, type DiffEntry } from './diff-entries';
import { ChangePair, FieldChanges, MapLink, ReasonBody, TextValue } from './DiffViews';
import {
  useComparedMaps,
  type ComparedMapsApi,
  type LoadedView,
  type LoadFailure,
} from './use-compared-maps';

// PRODUCT §6.6, §9: the compare page. Every difference is a list item marked Added,
// Deleted or Changed; when the base is a draft each one has a button that merges it.

export function ComparePage() {
  useDocumentTitle('Compare maps');
  const { baseId = '', modId = '' } = useParams();
  // Keyed by the pair, so moving to another comparison starts from "Loading maps..." afresh.
  return <CompareView key={`${baseId}/${modId}`} baseInput={baseId} modifiedInput={modId} />;
}

function CompareView({ baseInput, modifiedInput }: { baseInput: string; modifiedInput: string }) {
  const { state, merge } = useComparedMaps(baseInput, modifiedInput);
  return (
    <div className="page compare-page">
      <h1>Compare maps</h1>
      {state.status === 'loading' && (
        <p role="status" className="loading">
          Loading maps...
        </p>
      )}
      {state.status === 'failed' && <LoadError failures={state.failures} baseInput={baseInput} />}
      {state.status === 'loaded' && <Comparison base={state.base} modified={state.modified} merge={merge} />}
    </div>
  );
}

/** PRODUCT §6.6, §12.1: "Error loading maps" when either map fails, saying which and why. */
function LoadError({ failures, baseInput }: { failures: LoadFailure[]; baseInput: string }) {
  const baseFailed = failures.some((failure) => failure.which === 'Base map');
  const retry = baseFailed ? '/compare' : `/compare?baseMapId=${encodeURIComponent(baseInput)}`;
  return (
    <section className="compare-error" aria-labelledby="compare-error-heading">
      <h2 id="compare-error-heading">Error loading maps</h2>
      <p>You might have mispasted a URL, or a map might have been deleted.</p>
      <ul>
        {failures.map((failure) => (
          <li key={failure.which}>
            {failure.which}: {failure.message}
          </li>
        ))}
      </ul>
      <p>
        <Link to={retry}>Choose other maps</Link>
      </p>
    </section>
  );
}

function dataOf(view: LoadedView): MapData {
  return view.status === 'published' ? view.map.data : view.entry.draft.data;
}

function ComparedMap({ label, map }: { label: string; map: LoadedView }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <MapLink id={map.id.input} /> <span className="compared-title">{dataOf(map).title}</span>
        {map.status === 'draft' && <span className="draft-badge">Draft</span>}
      </dd>
    </div>
  );
}

interface ComparisonProps {
  base: LoadedView;
  modified: LoadedView;
  merge: ComparedMapsApi['merge'];
}

function Comparison({ base, modified, merge }: ComparisonProps) {
  const baseData = dataOf(base);
  const modifiedData = dataOf(modified);
  const diff = useMemo(() => compareMaps(baseData, modifiedData), [baseData, modifiedData]);
  const entries = useMemo(() => listDiffEntries(diff), [diff]);
  const mergeable = base.status === 'draft';

  // After a merge its button is gone: focus goes to the next difference (or the heading when none
  // is left), and after an Undo back to the difference that returned.
  const [focusKey, setFocusKey] = useState<string | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focusKey) return;
    const section = sectionRef.current;
    const target =
      section?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(focusKey)}"]`) ??
      section?.querySelector<HTMLElement>('[data-focus-key="differences"]');
    target?.focus();
    setFocusKey(null);
  }, [focusKey, entries]);

  function onMerge(entry: DiffEntry) {
    const next = neighbourKey(entries, entry.key) ?? 'differences';
    if (merge(entry.action, () => setFocusKey(entry.key))) setFocusKey(next);
  }

  const draftOfBase = base.id.draftId;
  return (
    <>
      <dl className="compared-maps">
        <ComparedMap label="Base map" map={base} />
        <ComparedMap label="Modified map" map={modified} />
      </dl>
      {mergeable ? (
        <p className="merge-note">
          Merging a difference changes your draft.
          {base.status === 'draft' &&
            !base.entry.stored &&
            base.entry.saveError === null &&
            ' You have no draft of this map yet: the first merge creates it.'}
        </p>
      ) : (
        <p className="merge-note">
          The base map is published, so nothing can be merged into it.
          {modified.id.input !== draftOfBase && (
            <>
              {' '}
              To merge these differences into your draft of it,{' '}
              <Link to={`/compare/${draftOfBase}/${modified.id.input}`}>compare your draft instead</Link>.
            </>
          )}
        </p>
      )}

      <section className="differences" aria-labelledby="differences-heading" ref={sectionRef}>
        <h2 id="differences-heading" tabIndex={-1} data-focus-key="differences">
          Differences
        </h2>
        {isEmptyDiff(diff) ? (
          <p>No differences: the maps have the same title, description and reasons.</p>
        ) : (
          <ul className="diff-list">
            {entries.map((entry) => (
              <DiffRow key={entry.key} entry={entry} mergeable={mergeable} onMerge={() => onMerge(entry)} />
            ))}
          </ul>
        )}
      </section>

      <UnchangedReasons reasons={diff.unchanged} />
    </>
  );
}

const markOf: Record<DiffEntry['kind'], 'Added' | 'Deleted' | 'Changed'> = {
  title: 'Changed',
  description: 'Changed',
  added: 'Added',
  deleted: 'Deleted',
  changed: 'Changed',
};

const mergeLabelOf: Record<DiffEntry['kind'], string> = {
  title: 'Apply changes',
  description: 'Apply changes',
  added: 'Add to draft',
  deleted: 'Delete from draft',
  changed: 'Apply changes',
};

function DiffRow({
  entry,
  mergeable,
  onMerge,
}: {
  entry: DiffEntry;
  mergeable: boolean;
  onMerge: () => void;
}) {
  const headingId = useId();
  const mark = markOf[entry.kind];
  return (
    <li className={`diff-item diff-${mark.toLowerCase()}`}>
      <div className="diff-head">
        <span className="diff-mark">{mark}</span>
        <h3 id={headingId}>{rowTitle(entry)}</h3>
      </div>
      <RowBody entry={entry} />
      {mergeable && (
        <div className="diff-actions">
          <button
            type="button"
            className={entry.kind === 'deleted' ? 'danger' : 'primary'}
            data-focus-key={entry.key}
            aria-describedby={headingId}
            onClick={onMerge}
          >
            {mergeLabelOf[entry.kind]}
          </button>
        </div>
      )}
    </li>
  );
}

function rowTitle(entry: DiffEntry): string {
  switch (entry.kind) {
    case 'title':
      return 'Map title';
    case 'description':
      return 'Map description';
    case 'added':
    case 'deleted':
      return entry.reason.title;
    case 'changed':
      return entry.change.modified.title;
  }
}

function RowBody({ entry }: { entry: DiffEntry }) {
  switch (entry.kind) {
    case 'title':
    case 'description':
      return (
        <p className="map-field-change">
          <ChangePair
            variant="text"
            base={<TextValue text={entry.base} />}
            modified={<TextValue text={entry.modified} />}
          />
        </p>
      );
    case 'added':
    case 'deleted':
      return <ReasonBody reason={entry.reason} />;
    case 'changed':
      return <FieldChanges fields={entry.change.fields} />;
  }
}

/** PRODUCT §6.6: unchanged reasons come last, collapsed behind their count. */
function UnchangedReasons({ reasons }: { reasons: MapData['reasons'] }) {
  const [open, setOpen] = useState(false);
  if (reasons.length === 0) return null;
  const label = reasons.length === 1 ? '1 reason unchanged' : `${reasons.length} reasons unchanged`;
  return (
    <section className="unchanged">
      <h2>
        <DisclosureButton
          className="unchanged-toggle"
          controls="unchanged-reasons"
          open={open}
          onToggle={setOpen}
        >
          {label}
        </DisclosureButton>
      </h2>
      <ul id="unchanged-reasons" className="diff-list" hidden={!open}>
        {reasons.map((reason) => (
          <li key={reason.id} className="diff-item diff-unchanged">
            <div className="diff-head">
              <h3>{reason.title}</h3>
            </div>
            <ReasonBody reason={reason} />
          </li>
        ))}
      </ul>
    </section>
  );
}
