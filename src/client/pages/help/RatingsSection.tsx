import { Link } from 'wouter';
import { HelpSection } from './HelpSection';
import { RatingLegend } from '../../components/RatingLegend';
import { examplePath } from './help-links';

// PRODUCT §1, §3.2, §10.1: the two ratings of a reason, what each answers, how to read their icons,
// and the weight they give it (rules W1, W6), where "What the icons mean" on a map page leads.

export function RatingsSection() {
  return (
    <HelpSection id="ratings">
      <p>Every reason is rated twice, and the two ratings answer different questions.</p>
      <ul>
        <li>
          <strong>Belief: is the reason true?</strong> It says how strongly the map’s author agrees that the
          reason is true.
        </li>
        <li>
          <strong>Support: if the reason were true, how much would it matter?</strong> It says how strongly
          the reason would support the belief, or disconfirm it (count against it), if it were true.
        </li>
      </ul>
      <p>
        The two are independent. A reason can matter a great deal and still be doubted: “Removing the parking
        lane would cost the shops trade” would be a strong reason against a bike lane if it were true, but you
        may not believe it is. Reasons like that are often the ones most worth talking about.
      </p>
      <p>
        Belief icons are circles, with ticks for agreeing and crosses for disagreeing. Support icons are
        rounded squares, with an arrow up for a reason for the belief and down for a reason against it. Two
        marks on a solid shape mean “strongly”, and a dashed outline with a question mark means the rating was
        left empty. Point at an icon, or move to it with the Tab key, to see its name.
      </p>
      <RatingLegend />
      <p>
        <Link to={examplePath('help-example-icons')}>Reading the icons</Link> is a map with a reason for every
        rating, each saying what its two icons mean.
      </p>
      <h3>Weights</h3>
      <p>
        Together the two ratings give a reason its weight: how strongly it would count × how much you believe
        it. Support counts 2 for “Strongly supports” and “Strongly disconfirms”, 1 for “Supports” and
        “Disconfirms”, and 0 for “Has no relevance”; belief counts 1 for “Strongly agree”, then 0.75, 0.5 and
        0.25, down to 0 for “Strongly disagree”. So a reason weighs from 0 to 2, for the belief or against it.
      </p>
      <p>
        A reason rated “Has no relevance” counts for neither side, whatever you believe of it, and a reason
        missing either rating weighs nothing and is counted as not rated. A map’s balance adds up each side’s
        weights, and comparing two maps measures how far apart each shared reason’s weights are: see{' '}
        <a href="#disagree">Finding where you disagree</a>.
      </p>
    </HelpSection>
  );
}
