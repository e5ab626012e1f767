import { useEffect, useId, useState, type Ref } from 'react';
import { Link } from 'wouter';
import type { Reason, ReasonId } from '../../../domain/belief-map';
import {
  addReason,
  deleteReason,
  newReasonId,
  reasonCountError,
  saveReason,
  updateBelief,
  type BeliefFields,
} from '../../../domain/draft';
import type { MapView } from '../../state/maps-state';
import type { DraftChange } from '../../state/maps-store';
import { flashTexts, useDraftActions } from '../../state/use-draft-actions';
import { CompareWithBaseLink } from '../../components/CompareWithBaseLink';
import { MapDescription, MapHeading } from './MapHeading';
import { ReasonList } from './ReasonList';
import { useUnsavedGuard } from './use-unsaved-guard';
import { useEditForms } from './use-edit-forms';

type Editing = { kind: 'belief' } | { kind: 'add'; id: ReasonId } | { kind: 'reason'; id: ReasonId } | null;

interface DraftViewProps {
  view: Extract<MapView, { status: 'draft' }>;
  headingRef: Ref<HTMLHeadingElement>;
}

/**
 * A draft (PRODUCT §6.2, §7): the map with "Edit belief", "Add item", "Edit item" per reason and the
 * "Draft actions" region. One form is open at a time, in place of what it edits; while it is open
 * the other edit buttons step aside, so nothing typed is dropped by opening another form.
 */
export function DraftView({ view, headingRef }: DraftViewProps) {
  const { id, entry } = view;
  const { draft } = entry;
  const { edit, publish, discard } = useDraftActions();
  const forms = useEditForms();
  const [editing, setEditing] = useState<Editing>(null);
  const [busy, setBusy] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const prefix = useId();
  const controlId = (name: string) => `${prefix}-${name}`;
  useUnsavedGuard(entry.saveError !== null);

  // Focus goes back to the control that opened a form, once it is shown again (PRODUCT §13).
  useEffect(() => {
    if (focusTarget === null) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const close = (target: string) => {
    setEditing(null);
    setFocusTarget(controlId(target));
  };
  /** Applies `change`, then closes the form and puts focus back on `target`. */
  const save = async (change: DraftChange, target: string, undoMessage?: string) => {
    await edit(id.draftId, change, undoMessage ? { undoMessage } : {});
    close(target);
  };

  const saveBelief = (fields: BeliefFields) => save((d, now) => updateBelief(d, fields, now), 'edit-belief');
  const saveItem = (reason: Reason) =>
    save((d, now) => saveReason(d, reason, now), editing?.kind === 'add' ? 'add-item' : `edit-${reason.id}`);
  const deleteItem = (reasonId: ReasonId) =>
    save((d, now) => deleteReason(d, reasonId, now), 'add-item', flashTexts.itemDeleted);

  const run = async (action: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const formOpen = editing !== null;
  const draftActions = [
    { name: 'Publish draft', className: 'primary', action: publish },
    { name: 'Discard draft', className: 'danger', action: discard },
  ];
  return (
    <>
      <MapHeading view={view} data={draft.data} headingRef={headingRef} />
      {entry.saveError && (
        <p className="map-save-error">
          <strong>Not saved in this browser.</strong> {entry.saveError} Keep this tab open, or publish the
          draft.
        </p>
      )}
      {editing?.kind === 'belief' ? (
        forms ? (
          <forms.BeliefForm data={draft.data} onSave={saveBelief} onCancel={() => close('edit-belief')} />
        ) : (
          <FormLoading />
        )
      ) : (
        <>
          <MapDescription description={draft.data.description} />
          {!formOpen && (
            <button
              type="button"
              id={controlId('edit-belief')}
              disabled={busy}
              onClick={() => setEditing({ kind: 'belief' })}
            >
              Edit belief
            </button>
          )}
        </>
      )}

      <section className="map-reasons-section" aria-labelledby={controlId('reasons')}>
        <div className="map-section-head">
          <h2 id={controlId('reasons')}>Reasons</h2>
          <Link to="/help" className="map-icons-help">
            What the icons mean
          </Link>
        </div>
        <ReasonList
          reasons={draft.data.reasons}
          empty="No reasons yet. Add the reasons for and against this belief with Add item."
          renderForm={(reason) =>
            editing?.kind === 'reason' && editing.id === reason.id ? (
              forms ? (
                <forms.ReasonForm
                  reason={reason}
                  newId={reason.id}
                  onSave={saveItem}
                  onDelete={() => deleteItem(reason.id)}
                  onCancel={() => close(`edit-${reason.id}`)}
                />
              ) : (
                <FormLoading />
              )
            ) : null
          }
          renderActions={(reason, titleId) =>
            !formOpen && (
              <button
                type="button"
                id={controlId(`edit-${reason.id}`)}
                aria-describedby={titleId}
                disabled={busy}
                onClick={() => setEditing({ kind: 'reason', id: reason.id })}
              >
                Edit item
              </button>
            )
          }
        />
        {editing?.kind === 'add' ? (
          <div className="add-form">
            {forms ? (
              <forms.ReasonForm
                reason={null}
                newId={editing.id}
                addError={reasonCountError(draft)}
                onSave={(reason) => save((d, now) => addReason(d, reason, now), 'add-item')}
                onCancel={() => close('add-item')}
              />
            ) : (
              <FormLoading />
            )}
          </div>
        ) : (
          !formOpen && (
            <button
              type="button"
              id={controlId('add-item')}
              className="map-add-item"
              disabled={busy}
              onClick={() => setEditing({ kind: 'add', id: newReasonId() })}
            >
              Add item
            </button>
          )
        )}
      </section>

      <section className="map-draft-actions" aria-labelledby={controlId('actions')}>
        <h2 id={controlId('actions')}>Draft actions</h2>
        <p className="map-actions-hint">
          Publishing gives the map its own link for anyone to read; the draft stays in this browser until
          then.
        </p>
        <div className="form-buttons">
          {draftActions.map(({ name, className, action }) => (
            <button
              key={name}
              type="button"
              className={className}
              aria-disabled={busy || undefined}
              onClick={() => void run(() => action(id.draftId))}
            >
              {name}
            </button>
          ))}
        </div>
        <p className="map-compare-base">
          <CompareWithBaseLink draftId={id.draftId} />
        </p>
      </section>
    </>
  );
}

/** In place of a form whose chunk is still on its way (only on a very slow connection). */
function FormLoading() {
  return <p className="page-loading">Loading...</p>;
}
