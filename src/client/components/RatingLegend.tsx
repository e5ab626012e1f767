import type { ReactElement } from 'react';
import type { Belief, Support } from '../../domain/ratings';
import { beliefLabel, beliefValues, supportLabel, supportValues } from '../../domain/ratings';
import { BeliefIcon, SupportIcon } from './RatingIcons';
import './rating-legend.css';

// The key to the rating icons (PRODUCT §10.1), drawn with the same components the maps use, so the
// legend cannot drift from what readers see on a map. Its headings are level 3: it sits inside a
// section of the Help page.

const supportMeanings: Record<Support | 'none', string> = {
  'strong-support': 'If true, a strong reason for the belief',
  support: 'If true, a reason for the belief',
  neutral: 'Makes no difference to the belief, true or not',
  disconfirm: 'If true, a reason against the belief',
  'strong-disconfirm': 'If true, a strong reason against the belief',
  none: 'Not rated',
};

const beliefMeanings: Record<Belief | 'none', string> = {
  'strong-agree': 'The author is sure the reason is true',
  agree: 'The author thinks it is true',
  neutral: 'The author has no view either way',
  disagree: 'The author thinks it is false',
  'strong-disagree': 'The author is sure it is false',
  none: 'Not rated',
};

/** One row of the legend: the icon, its name and what it means. */
interface LegendRow {
  key: string;
  icon: ReactElement;
  label: string;
  meaning: string;
}

/** A scale's rows, its values in order and then "not rated", each drawn by `Icon`. */
function legendRows<V extends string>(
  values: readonly V[],
  Icon: (props: { value: V | null }) => ReactElement,
  label: (value: V | null) => string,
  meanings: Record<V | 'none', string>,
): LegendRow[] {
  return [...values, null].map((value) => ({
    key: value ?? 'none',
    icon: <Icon value={value} />,
    label: label(value),
    meaning: meanings[value ?? 'none'],
  }));
}

const scales = [
  { heading: 'Belief: is it true?', rows: legendRows(beliefValues, BeliefIcon, beliefLabel, beliefMeanings) },
  {
    heading: 'Support: would it matter?',
    rows: legendRows(supportValues, SupportIcon, supportLabel, supportMeanings),
  },
];

export function RatingLegend() {
  return (
    <section className="rating-legend" aria-label="Icon legend">
      {scales.map((scale) => (
        <div key={scale.heading} className="rating-legend-scale">
          <h3 className="rating-legend-heading">{scale.heading}</h3>
          <ul className="rating-legend-list">
            {scale.rows.map((row) => (
              <li key={row.key}>
                {row.icon}
                <span className="rating-legend-text">
                  <span className="rating-legend-label">{row.label}</span>
                  <span className="rating-legend-meaning">{row.meaning}</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
