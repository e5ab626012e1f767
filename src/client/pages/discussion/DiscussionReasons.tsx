import { createContext, memo, useContext, useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import type { ReasonOrder } from '../../../domain/discussion/reason-orders';
import type { MapId } from '../../../domain/map-id';
import { beliefValues, supportValues } from '../../../domain/ratings';
import { BeliefIcon, SupportIcon } from '../../components/RatingIcons';
import { useRevealedCount } from '../../lib/use-revealed-count';
import type { EntrySummary, ReasonSummary } from './work-out-discussion';

// PRODUCT §6.10: the reasons of a discussion as the regions list them: "Where the group agrees",
// "Where the group splits" (at most 5 at first) and "All reasons" (sortable, rule N11).

/** Reasons shown before "Show all {n}". */
const shownFirst = 5;

/** What a reason of the discussion can do, the same for every reason of the page. */
export interface ReasonActions {
  /** How the page names each map (rule N15). */
  titles: ReadonlyMap<MapId, string>;
  /** Adds the reason to the draft: with the group's median ratings, or as one map (`version`) holds it. */
  onAdd: (reason: ReasonSummary, version: EntrySummary | null) => void;
  /** The reason's versions in its maps, asked of the discussion's worker. */
  versionsOf: (key: string) => Promise<EntrySummary[] | null>;
}

export const ReasonActionsContext = createContext<ReasonActions | null>(null);

function useReasonActions(): ReasonActions {
  const actions = useContext(ReasonActionsContext);
  if (!actions) throw new Error('useReasonActions needs a ReasonActionsContext');
  return actions;
}

interface ReasonListProps {
  id: string;
  heading: string;
  reasons: readonly ReasonSummary[];
  mapCount: number;
  empty: string;
}

/** A region of reasons: the first 5, then a button that shows all of them. */
export function ReasonList({ id, heading, reasons, mapCount, empty }: ReasonListProps) {
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? reasons : reasons.slice(0, shownFirst);
  return (
    <section className="discussion-reasons" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{heading}</h2>
      {reasons.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <>
          <ol className="card-list discussion-reason-list">
            {shown.map((reason) => (
              <ReasonItem key={reason.key} reason={reason} mapCount={mapCount} />
            ))}
          </ol>
          {!showAll && reasons.length > shownFirst && (
            <button type="button" onClick={() => setShowAll(true)}>
              {`Show all ${reasons.length}`}
            </button>
          )}
        </>
      )}
    </section>
  );
}

const orderNames: Record<ReasonOrder, string> = {
  'most-shared': 'Most shared',
  'most-contested': 'Most contested',
  'strongest-for': 'Strongest for',
  'strongest-against': 'Strongest against',
};

/** "All reasons": every matched reason, in the order chosen (rule N11). */
export function AllReasons({
  reasons,
  orders,
  mapCount,
}: {
  reasons: readonly ReasonSummary[];
  /** The reasons' places in `reasons` in each order, as the worker sorted them. */
  orders: Record<ReasonOrder, readonly number[]>;
  mapCount: number;
}) {
  const [order, setOrder] = useState<ReasonOrder>('most-shared');
  const sorted = useMemo(() => orders[order].flatMap((at) => reasons[at] ?? []), [reasons, orders, order]);
  // A long list goes on the page a slice a task (PRODUCT §13.6).
  const revealed = useRevealedCount(sorted.length);
  const selectId = useId();
  return (
    <section className="discussion-reasons" aria-labelledby="all-reasons-heading">
      <h2 id="all-reasons-heading">All reasons</h2>
      <p className="discussion-sort">
        <label htmlFor={selectId}>Sort by</label>{' '}
        <select id={selectId} value={order} onChange={(event) => setOrder(event.target.value as ReasonOrder)}>
          {(Object.keys(orderNames) as ReasonOrder[]).map((value) => (
            <option key={value} value={value}>
              {orderNames[value]}
            </option>
          ))}
        </select>
      </p>
      <ol className="card-list discussion-reason-list">
        {sorted.slice(0, revealed).map((reason) => (
          <ReasonItem key={reason.key} reason={reason} mapCount={mapCount} />
        ))}
      </ol>
    </section>
  );
}

/**
 * One reason with its figures. Memoised: "All reasons" goes on the page a slice a task, and each
 * slice would otherwise draw every reason already there again, thousands for a large discussion.
 */
const ReasonItem = memo(function ReasonItem({
  reason,
  mapCount,
}: {
  reason: ReasonSummary;
  mapCount: number;
}) {
  const { onAdd } = useReasonActions();
  const titleId = useId();
  const versionsId = useId();
  const [versionsShown, setVersionsShown] = useState(false);
  return (
    <li className="discussion-reason">
      <h3 id={titleId} dir="auto">
        {reason.title}
      </h3>
      <p className="discussion-presence">
        {`In ${reason.presence} of ${mapCount} maps`}
        {reason.matchedByTitle && ' · Matched by title in some maps'}
      </p>
      {reason.split && <p className="discussion-split">Counts the other way for some</p>}
      <div className="discussion-distributions">
        <Distribution
          label="Support"
          values={supportValues}
          counts={reason.support}
          total={reason.presence}
          icon={(value) => <SupportIcon value={value} focusable={false} />}
        />
        <Distribution
          label="Belief"
          values={beliefValues}
          counts={reason.belief}
          total={reason.presence}
          icon={(value) => <BeliefIcon value={value} focusable={false} />}
        />
      </div>
      <p className="discussion-median">
        Median: <BeliefIcon value={reason.medianBelief} focusable={false} />{' '}
        <SupportIcon value={reason.medianSupport} focusable={false} />
      </p>
      <p className="discussion-reason-actions">
        <button type="button" aria-describedby={titleId} onClick={() => onAdd(reason, null)}>
          Add to my draft
        </button>
        <button
          type="button"
          aria-expanded={versionsShown}
          aria-controls={versionsShown ? versionsId : undefined}
          aria-describedby={titleId}
          onClick={() => setVersionsShown((shown) => !shown)}
        >
          {`Each map’s version (${reason.presence})`}
        </button>
      </p>
      {versionsShown && <Versions id={versionsId} reason={reason} />}
    </li>
  );
});

/**
 * The reason as each map holds it: the map, its ratings, and its own title where it joined by
 * title; "Add this version" takes it into the draft with those ratings.
 */
function Versions({ id, reason }: { id: string; reason: ReasonSummary }) {
  const { titles, onAdd, versionsOf } = useReasonActions();
  const [versions, setVersions] = useState<EntrySummary[] | null | 'loading'>('loading');
  useEffect(() => {
    let current = true;
    void versionsOf(reason.key).then((found) => current && setVersions(found));
    return () => {
      current = false;
    };
  }, [versionsOf, reason.key]);
  const prefix = useId();
  if (versions === 'loading')
    return (
      <p id={id} role="status" className="loading">
        Loading versions...
      </p>
    );
  if (versions === null)
    return (
      <p id={id} role="status">
        The figures have changed: this reason is no longer in the discussion.
      </p>
    );
  return (
    <ul id={id} className="discussion-versions" aria-label={`Versions of ${reason.title}`}>
      {versions.map((entry, n) => (
        <li key={entry.mapId}>
          <span id={`${prefix}-${n}`} className="discussion-version-map" dir="auto">
            {titles.get(entry.mapId) ?? entry.mapId}
          </span>{' '}
          <BeliefIcon value={entry.belief} focusable={false} />{' '}
          <SupportIcon value={entry.support} focusable={false} />
          {entry.title !== null && (
            <span className="discussion-version-title" dir="auto">
              {entry.title}
            </span>
          )}{' '}
          <button type="button" aria-describedby={`${prefix}-${n}`} onClick={() => onAdd(reason, entry)}>
            Add this version
          </button>
        </li>
      ))}
    </ul>
  );
}

interface DistributionProps<Value extends string> {
  label: string;
  values: readonly Value[];
  counts: Record<Value | 'none', number>;
  total: number;
  icon: (value: Value) => ReactNode;
}

/** How many maps gave each rating: a small bar per rating, with its icon and the count in text. */
function Distribution<Value extends string>({
  label,
  values,
  counts,
  total,
  icon,
}: DistributionProps<Value>) {
  const rated = values.filter((value) => counts[value] > 0);
  return (
    <div className="discussion-distribution">
      <p className="discussion-distribution-label">{label}</p>
      <ul aria-label={label}>
        {rated.map((value) => (
          <li key={value}>
            {icon(value)}
            <span className="discussion-bar" aria-hidden="true">
              <span style={{ width: `${(100 * counts[value]) / Math.max(1, total)}%` }} />
            </span>
            <span className="discussion-count">{counts[value]}</span>
          </li>
        ))}
        {counts.none > 0 && <li className="discussion-unrated">{`${counts.none} not rated`}</li>}
      </ul>
    </div>
  );
}
