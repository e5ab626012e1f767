import { useMemo, useState } from 'react';
import type { MapData } from '../../../domain/belief-map';
import { formatWeight, mapBalance } from '../../../domain/balance';
import type { MapDiff } from '../../../domain/compare';
import { cruxesOfDiff, type Crux } from '../../../domain/cruxes';
import { BalanceSummary, WeightExplanation } from '../../components/BalanceSummary';
import { BeliefIcon, SupportIcon } from '../../components/RatingIcons';
import './disagreements.css';

// PRODUCT §9.5: the region "Where you disagree" above the differences: the cruxes between the two
// maps, largest first (rules X1, X2), and both maps' balances side by side (rules W2, W5).

/** Cruxes shown before "Show all N". */
const cruxesShownFirst = 5;

interface DisagreementsProps {
  base: MapData;
  modified: MapData;
  /** The two maps' diff, which the page has already made: cruxes come from its changed reasons. */
  diff: MapDiff;
}

export function Disagreements({ base, modified, diff }: DisagreementsProps) {
  const cruxes = useMemo(() => cruxesOfDiff(diff), [diff]);
  const balances = useMemo(() => [mapBalance(base), mapBalance(modified)] as const, [base, modified]);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? cruxes : cruxes.slice(0, cruxesShownFirst);
  return (
    <section className="disagreements" aria-labelledby="disagreements-heading">
      <h2 id="disagreements-heading">Where you disagree</h2>
      {/* One explanation for every number of the region, not one per crux (PRODUCT §9.5). */}
      <details className="explain">
        <summary>What are disagreement and weight?</summary>
        <p>Disagreement = how far apart the two maps’ weights of a reason are, from 0 to 4.</p>
        <WeightExplanation />
      </details>
      {cruxes.length === 0 ? (
        <p>No disagreement on the reasons you share</p>
      ) : (
        <>
          <ol className="crux-list">
            {shown.map((crux) => (
              <CruxItem key={crux.modified.id} crux={crux} />
            ))}
          </ol>
          {!showAll && cruxes.length > cruxesShownFirst && (
            <button type="button" onClick={() => setShowAll(true)}>
              {`Show all ${cruxes.length}`}
            </button>
          )}
        </>
      )}
      <div className="balances">
        {(['Base map', 'Modified map'] as const).map((label, at) => (
          <section key={label} className="balance-side" aria-label={`Balance of the ${label.toLowerCase()}`}>
            <p className="balance-side-title">{`${label} balance`}</p>
            <BalanceSummary balance={balances[at]!} />
          </section>
        ))}
      </div>
    </section>
  );
}

function CruxItem({ crux }: { crux: Crux }) {
  return (
    <li className="crux">
      <p className="crux-title" dir="auto">
        {crux.modified.title}
      </p>
      <div className="crux-ratings">
        {(['base', 'modified'] as const).map((side) => (
          <span key={side} className="crux-side">
            <span className="crux-side-label">{side === 'base' ? 'Base' : 'Modified'}</span>
            <BeliefIcon value={crux[side].belief} />
            <SupportIcon value={crux[side].support} />
          </span>
        ))}
      </div>
      <p className="crux-note">
        {`Disagreement ${formatWeight(crux.disagreement)}`}
        {crux.reversal && <strong className="crux-reversal">Counts the other way</strong>}
      </p>
    </li>
  );
}
