import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Reason } from '../../../domain/belief-map';
import { truncateMapId } from '../../../domain/compare-ids';
import type { FieldChange, ReasonField } from '../../../domain/compare';
import { beliefLabel, supportLabel, type Belief, type Support } from '../../../domain/ratings';
import { BeliefIcon, SupportIcon } from '../../components/RatingIcons';

// The pieces of the compare page that show a map, a reason or a difference. Text from users is
// rendered as text, and long text wraps in full.

/** PRODUCT §6, rule C8: a link to a compared map, labelled with its id cut to 10 characters. */
export function MapLink({ id }: { id: string }) {
  return (
    <Link to={`/map/${id}`} title={id} className="map-id-link">
      {truncateMapId(id)}
    </Link>
  );
}

/** A rating's icon (whose accessible name is its label) with the label written out beside it. */
export function BeliefRating({ value }: { value: Belief | null }) {
  return (
    <span className="rating">
      <BeliefIcon value={value} />
      <span className="rating-label" aria-hidden="true">
        {beliefLabel(value)}
      </span>
    </span>
  );
}

export function SupportRating({ value }: { value: Support | null }) {
  return (
    <span className="rating">
      <SupportIcon value={value} />
      <span className="rating-label" aria-hidden="true">
        {supportLabel(value)}
      </span>
    </span>
  );
}

/** An optional text; null reads "(none)". */
export function TextValue({ text }: { text: string | null }) {
  return text === null ? (
    <span className="none-value">(none)</span>
  ) : (
    <span className="text-value">{text}</span>
  );
}

/** A reason as a map shows it: both ratings, then its relevance. Its title is the row's heading. */
export function ReasonBody({ reason }: { reason: Reason }) {
  return (
    <>
      <p className="reason-ratings">
        <BeliefRating value={reason.belief} />
        <SupportRating value={reason.support} />
      </p>
      {reason.relevance !== null && <p className="reason-relevance">{reason.relevance}</p>}
    </>
  );
}

/** PRODUCT §6: a difference shown base → modified. Texts sit in blocks that stack on narrow screens. */
export function ChangePair({
  base,
  modified,
  variant,
}: {
  base: ReactNode;
  modified: ReactNode;
  variant: 'text' | 'rating';
}) {
  return (
    <span className={`change-pair change-${variant}`}>
      <span className="change-base">{base}</span> <span className="change-arrow">→</span>{' '}
      <span className="change-modified">{modified}</span>
    </span>
  );
}

const fieldNames: Record<ReasonField, string> = {
  title: 'Title',
  relevance: 'Relevance',
  belief: 'Belief',
  support: 'Support',
};

function FieldChangePair({ change }: { change: FieldChange }) {
  switch (change.field) {
    case 'belief':
      return (
        <ChangePair
          variant="rating"
          base={<BeliefRating value={change.base} />}
          modified={<BeliefRating value={change.modified} />}
        />
      );
    case 'support':
      return (
        <ChangePair
          variant="rating"
          base={<SupportRating value={change.base} />}
          modified={<SupportRating value={change.modified} />}
        />
      );
    case 'title':
    case 'relevance':
      return (
        <ChangePair
          variant="text"
          base={<TextValue text={change.base} />}
          modified={<TextValue text={change.modified} />}
        />
      );
  }
}

/** Rule C3: the differing fields of a changed reason, in the order title, relevance, belief, support. */
export function FieldChanges({ fields }: { fields: readonly FieldChange[] }) {
  return (
    <dl className="field-changes">
      {fields.map((change) => (
        <div key={change.field} className="field-change">
          <dt>{fieldNames[change.field]}</dt>
          <dd>
            <FieldChangePair change={change} />
          </dd>
        </div>
      ))}
    </dl>
  );
}
