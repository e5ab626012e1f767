import {
  beliefLabel,
  beliefValues,
  supportLabel,
  supportValues,
  type Belief,
  type Support,
} from '../../domain/ratings';
import { BeliefIcon, SupportIcon } from './RatingIcons';
import './rating-legend.css';

// The key to the rating icons (SPEC §3), drawn with the same components the maps use, so the
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

export function RatingLegend() {
  return (
    <section className="rating-legend" aria-label="Icon legend">
      <div className="rating-legend-scale">
        <h3 className="rating-legend-heading">Belief: is it true?</h3>
        <ul className="rating-legend-list">
          {[...beliefValues, null].map((value) => (
            <li key={value ?? 'none'}>
              <BeliefIcon value={value} />
              <span className="rating-legend-text">
                <span className="rating-legend-label">{beliefLabel(value)}</span>
                <span className="rating-legend-meaning">{beliefMeanings[value ?? 'none']}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
      <div className="rating-legend-scale">
        <h3 className="rating-legend-heading">Support: would it matter?</h3>
        <ul className="rating-legend-list">
          {[...supportValues, null].map((value) => (
            <li key={value ?? 'none'}>
              <SupportIcon value={value} />
              <span className="rating-legend-text">
                <span className="rating-legend-label">{supportLabel(value)}</span>
                <span className="rating-legend-meaning">{supportMeanings[value ?? 'none']}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
