import { useId, useRef } from 'react';
import { Link } from 'wouter';
import type { Draft, Reason } from '../../../domain/belief-map';
import { addReason, deleteReason, newReasonId, reasonCountError, saveReason } from '../../../domain/draft';
import { reasonFormValues } from '../../draft/form/values';
import { useMapLimits } from '../../draft/form/limits';
import { startValues } from '../../draft/form/open-form';
import { OpenFormSlot } from './OpenFormSlot';
import { ReasonList } from './ReasonList';
import type { Busy } from './use-busy';
import type { DraftForms } from './use-draft-forms';
import { useJustAdded } from './use-just-added';

interface DraftReasonsProps extends Busy {
  draft: Draft;
  draftForms: DraftForms;
  onShowShortcuts(): void;
}

/**
 * The draft's Reasons section (PRODUCT §6.2, §7.3): the reasons with "Edit item" each, and "Add
 * item". A reason's form shows in its place; a new reason's, or that of a reason deleted elsewhere
 * while its form was open, where "Add item" was.
 */
export function DraftReasons({ draft, draftForms, busy, run, onShowShortcuts }: DraftReasonsProps) {
  const { editing, open, close, controlRef } = draftForms;
  const limits = useMapLimits();
  const headingId = useId();
  const reasonsSection = useRef<HTMLElement>(null);
  const justAdded = useJustAdded(reasonsSection, draft.data.reasons);
  const formOpen = editing !== null;
  const reasonEdited = (reason: Reason) => editing?.kind === 'reason' && editing.id === reason.id;
  const editedReasonGone =
    editing?.kind === 'reason' && !draft.data.reasons.some((reason) => reason.id === editing.id);

  /** The open reason form: for `reason`, or with no reason to add one (or one deleted elsewhere). */
  const reasonForm = (reason: Reason | null) => {
    if (editing?.kind !== 'add' && editing?.kind !== 'reason') return null;
    const adding = editing.kind === 'add';
    const saveItem = (saved: Reason) =>
      draftForms
        .saveForm((d, now) => saveReason(d, saved, now), draftForms.itemControl(saved.id))
        .then(() => undefined);
    const addItem = async (added: Reason) => {
      await draftForms.save((d, now) => addReason(d, added, now), 'add-item');
      justAdded.mark(added);
    };
    return (
      <OpenFormSlot draftForms={draftForms} run={run}>
        {(forms) => (
          <forms.ReasonForm
            reason={reason}
            label={adding ? 'Add item' : 'Edit item'}
            start={startValues(draftForms.openForm.read(), reasonFormValues(null))}
            onChange={draftForms.openForm.change}
            newId={editing.id}
            addError={adding ? reasonCountError(draft, limits.reasonCount) : null}
            onSave={adding ? addItem : saveItem}
            onDelete={
              reason
                ? () =>
                    draftForms.save((d, now) => deleteReason(d, reason.id, now), 'add-item', 'itemDeleted')
                : undefined
            }
            onCancel={() => close(reason ? `edit-${reason.id}` : 'add-item')}
            formRef={draftForms.formRef}
          />
        )}
      </OpenFormSlot>
    );
  };

  return (
    <section className="map-reasons-section" aria-labelledby={headingId} ref={reasonsSection}>
      <div className="map-section-head">
        <h2 id={headingId}>Reasons</h2>
        <span className="map-section-links">
          <button type="button" className="link-button" onClick={onShowShortcuts}>
            Keyboard shortcuts
          </button>
          <Link to="/help#ratings" className="map-icons-help">
            What the icons mean
          </Link>
        </span>
      </div>
      <div className="visually-hidden" aria-live="polite">
        {justAdded.announcement}
      </div>
      <ReasonList
        reasons={draft.data.reasons}
        highlight={justAdded.highlight}
        empty="No reasons yet. Add the reasons for and against this belief with Add item."
        renderForm={(reason) => (reasonEdited(reason) ? reasonForm(reason) : null)}
        renderActions={(reason, titleId) =>
          !formOpen && (
            <button
              type="button"
              ref={controlRef(`edit-${reason.id}`)}
              aria-describedby={titleId}
              disabled={busy}
              onClick={() => open({ kind: 'reason', id: reason.id })}
            >
              Edit item
            </button>
          )
        }
      />
      {editing?.kind === 'add' || editedReasonGone ? (
        // A reason deleted elsewhere while its form was open keeps its form here.
        <div className="add-form">{reasonForm(null)}</div>
      ) : (
        !formOpen && (
          <button
            type="button"
            ref={controlRef('add-item')}
            className="map-add-item"
            disabled={busy}
            onClick={() => open({ kind: 'add', id: newReasonId() })}
          >
            Add item
          </button>
        )
      )}
    </section>
  );
}
