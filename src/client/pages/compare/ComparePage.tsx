import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'wouter';
import type { MapData, Reason } from '../../../domain/belief-map';
import { compareMaps, isEmptyDiff, reasonIdKey } from '../../../domain/compare';
import type { MergeAction } from '../../../domain/merge-actions';
import { DisclosureButton } from '../../components/DisclosureButton';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatPublished } from '../../draft/entries';
import { ApplyAll } from './ApplyAll';
import './compare.css';
import { listDiffEntries, neighbourKey } from './diff-entries';
import { useRevealedCount } from '../../lib/use-revealed-count';
import { DiffRow, type FocusAfter } from './DiffRow';
import { Disagreements } from './Disagreements';
import { MapLink, ReasonBody } from './DiffViews';
import { useCompareExtras } from './use-compare-extras';
import {
  useComparedMaps,
  type ComparedMapsApi,
  type LoadedView,
  type LoadFailure,
} from './use-compared-maps';
import { PageHeading } from '../../components/PageHeading';

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
      <PageHeading>Compare maps</PageHeading>
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
        <MapLink id={map.id.input} />{' '}
        <span className="compared-title" dir="auto">
          {dataOf(map).title}
        </span>
        {map.status === 'draft' && <span className="draft-badge">Draft</span>}
        {/* PRODUCT §6.6: two maps with one title still differ in date (or draft badge) and id. */}
        {/* The space keeps the date a word apart from the title for screen readers and copying. */}
        {map.status === 'published' && (
          <>
            {' '}
            <span className="compared-date">Published {formatPublished(map.map.published)}</span>
          </>
        )}
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
  const revealed = useRevealedCount(entries.length);
  const mergeable = base.status === 'draft';

  // PRODUCT §9.2, §9.4: word highlights and similar reasons, once their chunk has loaded.
  const extras = useCompareExtras();
  const possibleMatches = useMemo(() => {
    const byAddedKey = new Map<string, Reason>();
    extras
      ?.findSimilarReasons(diff.added, diff.deleted)
      .forEach(({ reason }, at) => byAddedKey.set(reasonIdKey(diff.added[at]!.id), reason));
    return byAddedKey;
  }, [extras, diff]);
  const findInDraft = useCallback(
    (reason: Reason) => extras?.findSimilarReasons([reason], baseData.reasons).get(0)?.reason ?? null,
    [extras, baseData],
  );

  // After a merge its button is gone: focus goes to the first of the keys still on the page (the
  // next difference, or the heading when none is left), and after an Undo back to the one that
  // returned.
  const [focusKeys, setFocusKeys] = useState<readonly string[] | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  // A merge is shown once the store's queue reaches it: until the differences change, the rows
  // it leaves (say, the reason two now share) are not on the page yet.
  const entriesAtMerge = useRef<typeof entries | null>(null);
  useEffect(() => {
    if (!focusKeys || entries === entriesAtMerge.current) return;
    entriesAtMerge.current = null;
    const section = sectionRef.current;
    const target = [...focusKeys, 'differences']
      .map((key) => section?.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`))
      .find((element) => element);
    target?.focus();
    setFocusKeys(null);
  }, [focusKeys, entries]);

  /** One user action is one merge, stored as one draft edit with one Undo (rules M1, M9). */
  function runMerge(actions: MergeAction | readonly MergeAction[], focusAfter: FocusAfter, undoKey: string) {
    const undone = () => {
      entriesAtMerge.current = null;
      setFocusKeys([undoKey]);
    };
    // The rows as they were when the reader chose, whenever the merge's code arrives.
    const entriesBefore = entries;
    void merge(actions, undone).then((merged) => {
      if (!merged) return;
      entriesAtMerge.current = entriesBefore;
      setFocusKeys(focusAfter);
    });
  }

  const draftOfBase = base.id.draftId;
  return (
    <>
      <dl className="compared-maps">
        <ComparedMap label="Base map" map={base} />
        <ComparedMap label="Modified map" map={modified} />
      </dl>
      {/* PRODUCT §6.10: the two maps are the start of a discussion of more. */}
      <p>
        <Link to={`/discussion?maps=${base.id.baseId},${modified.id.baseId}`}>Add more maps</Link>
      </p>
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

      <Disagreements base={baseData} modified={modifiedData} diff={diff} />

      <section className="differences" aria-labelledby="differences-heading" ref={sectionRef}>
        <h2 id="differences-heading" tabIndex={-1} data-focus-key="differences">
          Differences
        </h2>
        {mergeable && (
          <ApplyAll entries={entries} onApply={(key, actions) => runMerge(actions, ['differences'], key)} />
        )}
        {isEmptyDiff(diff) ? (
          <p>No differences: the maps have the same title, description and reasons.</p>
        ) : (
          <ul className="diff-list card-list">
            {entries.slice(0, revealed).map((entry) => (
              <DiffRow
                key={entry.key}
                entry={entry}
                mergeable={mergeable}
                extras={extras}
                possibleMatch={
                  entry.kind === 'added' ? (possibleMatches.get(reasonIdKey(entry.reason.id)) ?? null) : null
                }
                findInDraft={findInDraft}
                onMerge={(action, focusAfter) =>
                  runMerge(
                    action,
                    [...focusAfter, neighbourKey(entries, entry.key) ?? 'differences'],
                    entry.key,
                  )
                }
              />
            ))}
          </ul>
        )}
      </section>

      <UnchangedReasons reasons={diff.unchanged} />
    </>
  );
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
      <ul id="unchanged-reasons" className="diff-list card-list" hidden={!open}>
        {reasons.map((reason) => (
          <li key={reason.id} className="diff-item diff-unchanged">
            <div className="diff-head">
              <h3 dir="auto">{reason.title}</h3>
            </div>
            <ReasonBody reason={reason} />
          </li>
        ))}
      </ul>
    </section>
  );
}
