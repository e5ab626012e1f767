import { lazy, Suspense } from 'react';
import { Link } from 'wouter';
import { HelpSection } from './HelpSection';
import type { HelpExampleId } from '../../../domain/built-in';
import { comparePath, discussionPath, examplePath } from './help-links';

// The table reads the example maps, several KB of prose that the rest of the page does not need:
// it loads just after the page, far below the first screen (PRODUCT §13, the first-load budget).
const CruxTable = lazy(() => import('./CruxTable').then((m) => ({ default: m.CruxTable })));

// PRODUCT §10.2: the story of Alice and Bob, step by step, with a link to each example map and to the
// comparisons that tell it. The maps themselves are in src/domain/built-in (STORY.md outlines them).

export function WorkedExample() {
  return (
    <HelpSection id="example">
      <p>
        Alice and Bob live two doors apart on Birch Road. Their council proposes to replace the 48 parking
        spaces on one side of Elm Street with a two-way bike lane behind a low concrete kerb. Elm Street runs
        from the station past a bakery, a hardware store, a pharmacy and the health centre to Elm Street
        Primary.
      </p>
      <p>
        Alice cycles along Elm Street to the station every day and has two children at the school. She is for
        the lane. Bob drives his mother, who is 84, to the health centre every month and does his Saturday
        shopping on Elm Street by car. He is against it. This is how they used belief maps to find out what
        they really disagree about.
      </p>

      <h3>1. The question</h3>
      <p>
        The residents’ association put the question on a map, with the three reasons raised at its meeting:
        cycling would be safer, the shops would lose trade, and more children would cycle to school. Nobody
        has rated them yet. Alice and Bob each opened the map and chose “Edit a copy”, so that each had a
        draft of their own.
      </p>
      <ul>
        <li>
          <Link to={examplePath('help-example-initial')}>The initial map</Link>
        </li>
      </ul>

      <h3>2. Two first maps</h3>
      <p>
        Each rated the three reasons and added three of their own. Alice added police figures on cyclists
        injured in the street, two of them by car doors opening; a survey finding that most shoppers walk or
        cycle there; and a council count showing that the parking lane is rarely full. Bob added delivery vans
        blocking the traffic lane, the parking lost to people who cannot walk far, and how few people cycle
        there today.
      </p>
      <ul>
        <FirstMapLinks id="help-example-alice-1" person="Alice" pronoun="she" />
        <FirstMapLinks id="help-example-bob-1" person="Bob" pronoun="he" />
      </ul>
      <p>Comparing their two maps shows the whole disagreement on one page:</p>
      <ul>
        <li>
          <Link to={comparePath('help-example-alice-1', 'help-example-bob-1')}>
            Compare Alice’s first map with Bob’s
          </Link>
          . The three shared reasons are Changed, in their ratings only. Alice’s own reasons are Deleted (they
          are only in the base map, hers) and Bob’s are Added.
        </li>
      </ul>
      <p>
        They rate the shared reasons differently. Alice is sure the lane would make cycling safer and counts
        that strongly; Bob only agrees. Bob doubts that more children would cycle. And where Alice disagrees
        that the shops would lose trade, Bob is sure they would, and counts it as a strong reason against.
      </p>

      <h3>3. Putting the reasons together</h3>
      <p>
        Alice wanted them both to weigh all nine reasons. She compared a draft of her map with Bob’s map and
        pressed “Add to draft” for each of his three reasons, leaving her own where they were. Then she
        cleared every rating, so that neither of them would start from the other’s answers, and published the
        result.
      </p>
      <ul>
        <li>
          <Link to={examplePath('help-example-combined-reasons')}>The combined reasons</Link>, all nine and
          unrated
        </li>
        <li>
          <Link to={comparePath('help-example-alice-1', 'help-example-combined-reasons')}>
            Compare Alice’s first map with the combined reasons
          </Link>
          : Bob’s three reasons are Added, and Alice’s six are Changed because their ratings are gone.
        </li>
        <li>
          Try the merge yourself:{' '}
          <Link to={comparePath('draft.help-example-alice-1', 'help-example-bob-1')}>
            compare a draft of Alice’s first map with Bob’s
          </Link>{' '}
          and press “Add to draft”. The draft stays in your browser, and “Discard draft” on its map page
          removes it.
        </li>
      </ul>

      <h3>4. Rating them again</h3>
      <p>Each rated the nine reasons afresh, and both changed their minds about something.</p>
      <ul>
        <li>
          Alice accepted Bob’s costs as real: delivery vans would block the traffic, and people who cannot
          walk far would lose their parking. She now also counts the shops’ trade as a strong reason against
          the lane, if they really would lose it.
        </li>
        <li>
          Bob was persuaded by the injury figures that the lane would make the street safer, and by the
          school’s 320 pupils that children would cycle, and he accepts the council’s parking count. He still
          counts today’s few cyclists against the lane.
        </li>
      </ul>
      <ul>
        <SecondMapLinks person="Alice" first="help-example-alice-1" second="help-example-alice-2" />
        <SecondMapLinks person="Bob" first="help-example-bob-1" second="help-example-bob-2" />
      </ul>

      <h3>5. Where they still disagree</h3>
      <ul>
        <li>
          <Link to={comparePath('help-example-alice-2', 'help-example-bob-2')}>
            Compare Alice’s second map with Bob’s
          </Link>
          . Only three reasons are Changed now: two are about the shops, and one is today’s bike count.
        </li>
      </ul>
      <p>
        Alice and Bob now agree on how much every reason would matter but one: both accept that hardly anyone
        cycles on Elm Street today, but Alice reads it as a reason for the lane (people stay off a street
        where cyclists get hurt) and Bob as a reason against it. Otherwise they differ only in belief, on two
        questions of fact:
      </p>
      <Suspense fallback={<div className="help-table-wrap" />}>
        <CruxTable />
      </Suspense>
      <p>
        If the shops would lose trade, both count that as a strong reason against the lane; Alice does not
        believe they would, and Bob does. Behind it sits the survey: Alice accepts that most shoppers walk or
        cycle, while Bob is unsure, because one Saturday in May may not show how people shop on a wet Tuesday
        in February.
      </p>
      <p>
        That is real progress. Their argument is no longer about what matters but about what is true, and they
        can say what would settle it: counting how shoppers arrive on ordinary weekdays through the winter, or
        a six-month trial of the lane with temporary barriers while the shops compare their takings with the
        year before. If Bob came to believe the shops would not lose trade, his own map would favour the lane;
        if Alice came to believe they would, hers would lean against it.
      </p>

      <h3>6. The neighbours join in</h3>
      <p>
        Alice and Bob shared their first maps, and three neighbours answered them with maps of their own, each
        made with “Edit a copy”. Carol teaches at Elm Street Primary: she answered Alice’s map, counts the
        children cycling to school for the lane and adds the school’s travel survey. Dan runs the hardware
        store: he answered Bob’s map, counts the delivery vans strongly against the lane and adds his
        customers, who carry paint and timber to their cars. Erin, a physiotherapist at the health centre who
        cycles there, answered Bob’s map too: like Bob she is sure people who cannot walk far must keep their
        parking, but she reads his bike count the other way, as a reason for the lane, and adds a loading bay
        for the vans.
      </p>
      <ul>
        <li>
          <Link to={examplePath('help-example-carol-1')}>Carol’s map</Link>,{' '}
          <Link to={examplePath('help-example-dan-1')}>Dan’s map</Link> and{' '}
          <Link to={examplePath('help-example-erin-1')}>Erin’s map</Link>
        </li>
        <li>
          <Link to={discussionPath('help-example-alice-1')}>See the discussion of Alice’s first map</Link>:
          all five maps on one page.
        </li>
      </ul>
      <p>
        The discussion shows where the group stands. Alice, Carol and Erin lean for the lane, Bob and Dan
        against it. All five agree that more children would cycle to school, and the three who weigh it agree
        that people who cannot walk far would lose their parking. They split most on the shops’ trade, which
        everyone counts against the lane but with very different weight, and on today’s few cyclists, which
        “Counts the other way for some”: Erin reads it for the lane, Bob and Dan against. The opinion groups
        find the two camps: Group A is Alice, Carol and Erin; Group B is Bob and Dan.
      </p>
    </HelpSection>
  );
}

interface SecondMapLinksProps {
  person: 'Alice' | 'Bob';
  first: HelpExampleId;
  second: HelpExampleId;
}

/** Step 4: a person's second map, compared with the combined reasons and with their first map. */
function SecondMapLinks({ person, first, second }: SecondMapLinksProps) {
  const whose = `${person}’s`;
  const their = person === 'Alice' ? 'her' : 'his';
  return (
    <li>
      <Link to={examplePath(second)}>{`${whose} second map`}</Link>:{' '}
      <Link to={comparePath('help-example-combined-reasons', second)}>
        {`compare the combined reasons with ${whose} ratings`}
      </Link>
      , or see{' '}
      <Link to={comparePath(first, second)}>
        {`how ${person} changed ${their} mind since ${their} first map`}
      </Link>
    </li>
  );
}

/** A first map of the story and the comparison of it with the initial map it copied. */
function FirstMapLinks({ id, person, pronoun }: { id: HelpExampleId; person: string; pronoun: string }) {
  return (
    <li>
      <Link to={examplePath(id)}>{person}’s first map</Link> and what {pronoun} changed:{' '}
      <Link to={comparePath('help-example-initial', id)}>compare the initial map with {person}’s</Link>
    </li>
  );
}
