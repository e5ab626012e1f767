import type { ReactNode } from 'react';
import type { Reason } from '../../../domain/belief-map';
import { BeliefIcon, SupportIcon } from '../../components/RatingIcons';

interface ReasonListProps {
  reasons: readonly Reason[];
  /** What to show when there are no reasons. */
  empty: ReactNode;
  /** Replaces a reason's content, e.g. by its edit form. */
  renderForm?: (reason: Reason) => ReactNode | null;
  /** Controls after a reason's content, e.g. its "Edit item" button. */
  renderActions?: (reason: Reason, titleId: string) => ReactNode;
  /** The id of a reason to mark as just added (PRODUCT §7.3), or null. */
  highlight?: string | null;
}

/**
 * PRODUCT §6.2: the reasons in their saved order, each with its icons, title and relevance. A
 * read-only reason is five elements (PRODUCT §13.6): the list item, two icons, title and relevance.
 */
export function ReasonList({ reasons, empty, renderForm, renderActions, highlight = null }: ReasonListProps) {
  if (reasons.length === 0) return <p className="map-empty">{empty}</p>;
  return (
    <ol className="map-reasons">
      {reasons.map((reason) => {
        const form = renderForm?.(reason);
        const titleId = `reason-${reason.id}`;
        return (
          <li
            key={reason.id}
            className={form ? 'map-reason editing' : 'map-reason'}
            data-just-added={reason.id === highlight || undefined}
          >
            {form ?? (
              <>
                <BeliefIcon value={reason.belief} />
                <SupportIcon value={reason.support} />
                <h3 className="map-reason-title" id={titleId} dir="auto">
                  {reason.title}
                </h3>
                {reason.relevance && (
                  <p className="map-reason-relevance" dir="auto">
                    {reason.relevance}
                  </p>
                )}
                {renderActions && <div className="map-reason-actions">{renderActions(reason, titleId)}</div>}
              </>
            )}
          </li>
        );
      })}
    </ol>
  );
}
