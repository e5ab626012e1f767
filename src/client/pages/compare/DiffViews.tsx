import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { Reason } from '../../../domain/belief-map';
import { truncateMapId } from '../../../domain/compare-ids';
import type { FieldChange, ReasonField } from '../../../domain/compare';
import { beliefLabel, supportLabel, type Belief, type Support } from '../../../domain/ratings';
import { BeliefIcon, SupportIcon } from '../../components/RatingIcons';

// The pieces of the compare page that show a map, a reason or a difference. Text from users is
// rendered as text, and long text wraps in full.

/** PRODUCT §6.6, rule C8: a link to a compared map, labelled with its id cut to 10 characters. */
export function MapLink({ id }: { id: string }) {
  return (
    <Link to={`/map/${id}`} title={id} className="map-id-link">
      {truncateMapId(id)}
    </Link>
  );
}

/** A rating's icon (whose accessible name is its label) with the label written out beside it. */
function LabelledIcon({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className="rating">
      {children}
      <span className="rating-label" aria-hidden="true">
        {label}
      </span>
    </span>
  );
}

const BeliefRating = ({ value }: { value: Belief | null }) => (
  <LabelledIcon label={beliefLabel(value)}>{<BeliefIcon value={value} />}</LabelledIcon>
);

const SupportRating = ({ value }: { value: Support | null }) => (
  <LabelledIcon label={supportLabel(value)}>{<SupportIcon value={value} />}</LabelledIcon>
);

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

/** PRODUCT §6.6: a difference shown base → modified. Texts sit in blocks that stack on narrow screens. */
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

/** One side of a field's change: a rating with its icon, or a text. */
function FieldValue({ change, side }: { change: FieldChange; side: 'base' | 'modified' }) {
  switch (change.field) {
    case 'belief':
      return <BeliefRating value={change[side]} />;
    case 'support':
      return <SupportRating value={change[side]} />;
    case 'title':
    case 'relevance':
      return <TextValue text={change[side]} />;
  }
}

function FieldChangePair({ change }: { change: FieldChange }) {
  const variant = change.field === 'belief' || change.field === 'support' ? 'rating' : 'text';
  return (
    <ChangePair
      variant={variant}
      base={<FieldValue change={change} side="base" />}
      modified={<FieldValue change={change} side="modified" />}
    />
  );
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
