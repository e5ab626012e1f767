import { countReasons, describeNeither, describeSide, type MapBalance } from '../../domain/balance';
import './balance.css';

// PRODUCT §6.2, §9.5: a balance in words and what its weights mean, shown by the map page's region
// "Balance" and by the compare page for both maps. Apart from that region, so that the compare page
// loads neither its grid nor its code.

/**
 * "For: …", "Against: …", and when there are any, "K reasons count for neither side: …" and
 * "K reasons not rated" (rules W5, W6).
 */
export function BalanceSummary({ balance }: { balance: MapBalance }) {
  return (
    <ul className="balance-summary">
      <li>{describeSide('For', balance.for)}</li>
      <li>{describeSide('Against', balance.against)}</li>
      {balance.neither > 0 && <li>{describeNeither(balance.neither)}</li>}
      {balance.unrated > 0 && <li>{`${countReasons(balance.unrated)} not rated`}</li>}
    </ul>
  );
}

/**
 * What a weight is (rule W1), in words, for a disclosure beside the numbers (PRODUCT §6.2, §9.5).
 * Plain markup in a native `details`: it opens by keyboard, without the page's code, and renders
 * the same on the server and in the browser.
 */
export function WeightExplanation() {
  return (
    <p>
      Weight = how strongly it would count × how much you believe it. Support counts 2 for “strongly”, 1, or 0
      for “Has no relevance”; belief from 1 (strongly agree) through 0.75, 0.5 and 0.25 to 0 (strongly
      disagree). Each side adds up its reasons’ weights.
    </p>
  );
}
