import { lazy, Suspense, useMemo } from 'react';
import type { Reason } from '../../domain/belief-map';
import { mapBalance } from '../../domain/balance';
import { BalanceSummary, WeightExplanation } from './BalanceSummary';
import { useHydrated } from './use-hydrated';

// The grid loads after the page (PRODUCT §13.5) into a slot of its own height, so nothing moves.
const BalanceGrid = lazy(() => import('./BalanceGrid'));

// PRODUCT §6.2: how a map's reasons weigh for and against its belief (rules W1–W4): two lines,
// never a verdict, and a support × belief grid whose cells lead to their reasons.

/** The region "Balance" of the map page: the summary and the grid (PRODUCT §6.2). */
export function BalanceRegion({ reasons }: { reasons: readonly Reason[] }) {
  const balance = useMemo(() => mapBalance({ reasons }), [reasons]);
  // The grid's cells are buttons: drawn once the page's code runs, into its slot (PRODUCT §13.6).
  const hydrated = useHydrated();
  return (
    <section className="balance" aria-labelledby="balance-heading">
      <h2 id="balance-heading">Balance</h2>
      <BalanceSummary balance={balance} />
      <details className="explain">
        <summary>What is weight?</summary>
        <WeightExplanation />
      </details>
      {reasons.length > 0 && (
        <div className="balance-grid-slot">
          {hydrated && (
            <Suspense fallback={null}>
              <BalanceGrid reasons={reasons} />
            </Suspense>
          )}
        </div>
      )}
    </section>
  );
}
