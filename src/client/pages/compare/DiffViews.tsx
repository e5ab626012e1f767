import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { Reason } from '../../../domain/belief-map';
import { truncateMapId } from '../../../domain/compare-ids';
import type { FieldChange, ReasonField } from '../../../domain/compare';
import { beliefSteps, describeBeliefSteps } from '../../../domain/rating-steps';
import { beliefLabel, supportLabel, type Belief, type Support } from '../../../domain/ratings';
import type { WordPart } from '../../../domain/word-diff';
import { BeliefIcon, SupportIcon } from '../../components/RatingIcons';
import type { CompareExtras } from './use-compare-extras';

// The pieces of the compare page that show a map, a reason or a difference. Text from users is
// rendered as text, and long text wraps in full.

/**
 * PRODUCT §6.6, rule C8: a link to a compared map, labelled with its id cut to 10 characters. A cut
 * id is shown whole on hover (its title) and on keyboard focus (a tooltip that also describes it).
 */
export function MapLink({ id }: { id: string }) {
  const tipId = useId();
  const label = truncateMapId(id);
  const cut = label !== id;
  return (
    <span className="map-id">
      <Link to={`/map/${id}`} title={id} className="map-id-link" aria-describedby={cut ? tipId : undefined}>
        {label}
      </Link>
      {cut && (
        <span id={tipId} role="tooltip" className="map-id-tip">
          {id}
        </span>
      )}
    </span>
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
function TextValue({ text }: { text: string | null }) {
  return text === null ? (
    <span className="none-value">(none)</span>
  ) : (
    <span className="text-value" dir="auto">
      {text}
    </span>
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
      {reason.relevance !== null && (
        <p className="reason-relevance" dir="auto">
          {reason.relevance}
        </p>
      )}
    </>
  );
}

/** What marks changed words: the word diff and its view, once compare-extras.ts has loaded. */
export type WordMarker = Pick<CompareExtras, 'diffWhenVisible' | 'MarkedText'>;

/**
 * PRODUCT §9.2: a text change base → modified, both texts whole until its words are diffed (once
 * the marker has loaded and the pair nears the screen, diff-when-visible.ts), then its changed
 * words marked on each side. The pair stays the same elements when the marker arrives: replacing
 * every row's texts at once re-laid out the whole list in one task (PRODUCT §13.6).
 */
export function TextChangePair({
  base,
  modified,
  marker,
}: {
  base: string | null;
  modified: string | null;
  marker: WordMarker | null;
}) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [done, setDone] = useState<{ base: string; modified: string; parts: WordPart[] | null } | null>(null);
  useEffect(() => {
    if (!marker || !element || base === null || modified === null) return;
    return marker.diffWhenVisible(element, base, modified, (parts) => setDone({ base, modified, parts }));
  }, [marker, element, base, modified]);
  const parts = done && done.base === base && done.modified === modified ? done.parts : null;
  const side = (text: string | null, which: 'base' | 'modified') =>
    marker && parts ? <marker.MarkedText parts={parts} side={which} /> : <TextValue text={text} />;
  return (
    <ChangePair
      variant="text"
      base={side(base, 'base')}
      modified={side(modified, 'modified')}
      elementRef={setElement}
    />
  );
}

/** PRODUCT §6.6: a difference shown base → modified. Texts sit in blocks that stack on narrow screens. */
function ChangePair({
  base,
  modified,
  variant,
  elementRef,
}: {
  base: ReactNode;
  modified: ReactNode;
  variant: 'text' | 'rating';
  elementRef?: (element: HTMLElement | null) => void;
}) {
  return (
    <span className={`change-pair change-${variant}`} ref={elementRef}>
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

function FieldChangePair({ change, marker }: { change: FieldChange; marker: WordMarker | null }) {
  switch (change.field) {
    case 'title':
    case 'relevance':
      return <TextChangePair base={change.base} modified={change.modified} marker={marker} />;
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
  }
}

interface FieldChangesProps {
  fields: readonly FieldChange[];
  marker?: WordMarker | null;
  /** Offers "Take their {field}" per field (PRODUCT §9.3, rule M8); absent when nothing can be merged. */
  onTake?: ((field: ReasonField) => void) | undefined;
  /** The id of the reason's heading, which describes each "Take their …" button. */
  describedBy?: string;
  /** The data-focus-key prefix of the buttons, so focus can return to one after an Undo. */
  focusKey?: string;
}

/**
 * Rule C3: the differing fields of a changed reason, in the order title, relevance, belief, support;
 * a belief change says by how many steps it moved (rule G2).
 */
export function FieldChanges({ fields, marker = null, onTake, describedBy, focusKey }: FieldChangesProps) {
  return (
    <dl className="field-changes">
      {fields.map((change) => {
        const steps =
          change.field === 'belief' ? describeBeliefSteps(beliefSteps(change.base, change.modified)) : null;
        return (
          <div key={change.field} className="field-change">
            <dt>{fieldNames[change.field]}</dt>
            <dd>
              <FieldChangePair change={change} marker={marker} />
              {steps && <span className="belief-steps">{steps}</span>}
              {onTake && (
                <button
                  type="button"
                  className="take-field"
                  aria-describedby={describedBy}
                  data-focus-key={focusKey && `${focusKey}-${change.field}`}
                  onClick={() => onTake(change.field)}
                >
                  Take their {fieldNames[change.field].toLowerCase()}
                </button>
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
