import { useMemo } from 'react';
import type { Reason } from '../../domain/belief-map';
import { countReasons } from '../../domain/balance';
import { balanceGrid, gridBeliefs, gridSupports } from '../../domain/balance-grid';
import { beliefLabel, supportLabel } from '../../domain/ratings';
import './balance-grid.css';
import { BeliefIcon, SupportIcon } from './RatingIcons';

// PRODUCT §6.2: the support × belief grid of the region "Balance" (rule W4), a table whose cells
// lead to their reasons. Its headers show each icon with its label in words, the columns' labels
// running upwards to fit 360 px; the icons are hidden from screen readers, which read the labels,
// so the page's images stay those of its reasons.

/** The id of the heading of a reason on the map page (`ReasonList`). */
const reasonHeadingId = (id: string) => `reason-${id}`;

/**
 * Marks the chosen reasons on the page and moves the focus to the first of them. The reasons'
 * list item carries `data-chosen` until another cell is chosen.
 */
function showReasons(reasons: readonly Reason[]) {
  document.querySelectorAll('[data-chosen]').forEach((element) => element.removeAttribute('data-chosen'));
  const headings = reasons
    .map((reason) => document.getElementById(reasonHeadingId(reason.id)))
    .filter((heading) => heading !== null);
  for (const heading of headings) heading.closest('li')?.setAttribute('data-chosen', '');
  const first = headings[0];
  if (!first) return;
  first.tabIndex = -1;
  first.focus();
}

/** The grid of a map's reasons by support and belief, loaded on demand by `BalanceRegion`. */
export default function BalanceGrid({ reasons }: { reasons: readonly Reason[] }) {
  const cells = useMemo(() => balanceGrid(reasons), [reasons]);
  return (
    <table className="balance-grid">
      <caption>Reasons by support (rows) and belief (columns)</caption>
      <thead>
        <tr>
          <td />
          {gridBeliefs.map((belief) => (
            <th key={belief ?? 'none'} scope="col">
              <span className="balance-head">
                <span aria-hidden="true">
                  <BeliefIcon value={belief} focusable={false} />
                </span>
                <span className="balance-label">{beliefLabel(belief)}</span>
              </span>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {gridSupports.map((support, row) => (
          <tr key={support ?? 'none'}>
            <th scope="row">
              <span className="balance-head">
                <span aria-hidden="true">
                  <SupportIcon value={support} focusable={false} />
                </span>
                <span className="balance-label">{supportLabel(support)}</span>
              </span>
            </th>
            {gridBeliefs.map((belief, column) => {
              const inCell = cells[row]![column]!;
              return (
                <td key={belief ?? 'none'}>
                  {inCell.length > 0 && (
                    <button
                      type="button"
                      className="balance-cell"
                      aria-label={`${countReasons(inCell.length)}: ${supportLabel(support)}, ${beliefLabel(belief)}`}
                      onClick={() => showReasons(inCell)}
                    >
                      {inCell.length}
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
