import type { Reason } from '../../../domain/belief-map';
import { getBuiltInMap } from '../../../domain/built-in';
import { elmStreetReasons } from '../../../domain/built-in/help-example-reasons';
import { beliefLabel, supportLabel } from '../../../domain/ratings';
import { BeliefIcon, SupportIcon } from '../../components/RatingIcons';

// PRODUCT §10: the end of the story of Alice and Bob, the three reasons they still rate
// differently, with each person's icons read from their second maps.

const cruxReasons = [
  elmStreetReasons.fewCyclistsToday,
  elmStreetReasons.shopsLoseTrade,
  elmStreetReasons.shoppersWalkOrCycle,
];

function ratedIn(mapId: 'help-example-alice-2' | 'help-example-bob-2', reasonId: string): Reason | undefined {
  return getBuiltInMap(mapId)?.data.reasons.find((reason) => reason.id === reasonId);
}

/** The three reasons Alice and Bob still rate differently, with both people's icons. */
export function CruxTable() {
  return (
    <div className="help-table-wrap">
      <table className="help-table">
        <caption>Where Alice’s and Bob’s second maps differ</caption>
        <thead>
          <tr>
            <th scope="col">Reason</th>
            <th scope="col">Alice</th>
            <th scope="col">Bob</th>
          </tr>
        </thead>
        <tbody>
          {cruxReasons.map((text) => (
            <tr key={text.id}>
              <th scope="row">{text.title}</th>
              {(['help-example-alice-2', 'help-example-bob-2'] as const).map((mapId) => {
                const reason = ratedIn(mapId, text.id);
                return (
                  <td key={mapId}>
                    <span className="help-icon-pair">
                      <BeliefIcon value={reason?.belief ?? null} />
                      <SupportIcon value={reason?.support ?? null} />
                    </span>
                    <span className="help-table-note">
                      {beliefLabel(reason?.belief ?? null)},{' '}
                      {supportLabel(reason?.support ?? null).toLowerCase()}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
