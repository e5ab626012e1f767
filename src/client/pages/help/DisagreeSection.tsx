import { Link } from 'wouter';
import { HelpSection } from './HelpSection';
import { comparePath, examplePath } from './help-links';

// PRODUCT §10.1: how the balance of a map and the cruxes between two maps read, on the second
// maps of Alice and Bob (rules W1, W2, W5, X1, X2). The figures are those the pages show.

export function DisagreeSection() {
  return (
    <HelpSection id="disagree">
      <p>
        Each reason weighs its support times how strongly its author believes it: a strong reason its author
        is sure of weighs 2, one they think false weighs nothing, however strong it would be. A reason without
        both ratings weighs nothing and is counted apart.
      </p>
      <h3>The balance of a map</h3>
      <p>
        Every map page has a region “Balance”: how many reasons count for the belief and against it, and how
        much they weigh, with a grid that places each reason by its support (rows) and belief (columns).
        Choose a number in the grid to go to its reasons. The balance is not a verdict: it shows where the
        weight of a map lies, not whether the belief is true.
      </p>
      <ul>
        <li>
          <Link to={examplePath('help-example-alice-2')}>Alice’s second map</Link>: For: 6 reasons, weight
          7.5; Against: 3 reasons, weight 3.3.
        </li>
        <li>
          <Link to={examplePath('help-example-bob-2')}>Bob’s second map</Link>: For: 5 reasons, weight 6.3;
          Against: 4 reasons, weight 5.3. Bob now accepts so many of Alice’s reasons that even his own ratings
          weigh a little more for the lane than against it.
        </li>
      </ul>
      <h3>The cruxes between two maps</h3>
      <p>
        The compare page opens with “Where you disagree”: the reasons both maps share, ranked by how far apart
        their weights are, the largest first. A reason one of you counts for the belief and the other against
        it is marked “Counts the other way”.
      </p>
      <ul>
        <li>
          <Link to={comparePath('help-example-alice-2', 'help-example-bob-2')}>
            See where Alice’s and Bob’s second maps disagree
          </Link>
          : first today’s bike count (disagreement 2.0 of at most 4.0, marked “Counts the other way”), then
          the shops’ trade (1.0), then the survey of shoppers (0.3).
        </li>
        <li>
          <Link to={comparePath('help-example-alice-1', 'help-example-bob-1')}>
            See where their first maps disagreed
          </Link>
          : on the three reasons they shared, before either had read the other’s map.
        </li>
      </ul>
      <p>
        The list tells them what to talk about first. The bike count is a question of values: both accept the
        figure and weigh it opposite ways. The shops are a question of fact, which a count of shoppers through
        the winter could settle.
      </p>
    </HelpSection>
  );
}
