import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState, type Ref } from 'react';
import { Link } from 'wouter';
import type { Draft, Reason, ReasonId } from '../../../domain/belief-map';
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
import { reasonFormValues } from '../../state/draft-forms';
import type { FormConflict } from '../../state/form-save';
import { emptyBeliefValues, isFormChanged, type FormTarget, startValues } from '../../state/open-form';
import type { DraftChange } from '../../state/maps-store';
import { flashTexts, useDraftActions } from '../../state/use-draft-actions';
import { BalanceRegion } from '../../components/Balance';
import { CompareWithBaseLink } from '../../components/CompareWithBaseLink';
import { LazyDownloadButtons as DownloadButtons } from '../../components/LazyDownloadButtons';
import { HistoryButtons } from './HistoryButtons';
import { useShortcuts } from '../../lib/use-shortcuts';
import { MapDescription, MapHeading } from './MapHeading';
import { ReasonList } from './ReasonList';
import { useJustAdded } from './use-just-added';
import { useUnsavedGuard } from './use-unsaved-guard';
import { useEditForms } from './use-edit-forms';
import { useOpenForm } from './use-open-form';

/** A save held back because what the form edits was changed elsewhere since it opened. */
interface Conflict {
  kind: FormConflict;
  change: DraftChange;
  /** The control that gets the focus back when the form closes. */
  focusBack: string;
}

// Loaded after the page, so "Copy share link" costs the first load nothing (PRODUCT §13.5).
const ShareDraft = lazy(() => import('./ShareDraft').then((m) => ({ default: m.ShareDraft })));
// The list of shortcuts loads when it is first asked for (PRODUCT §13.5).
const ShortcutsDialog = lazy(() => import('../../components/ShortcutsDialog'));
// The question before publishing an empty map loads only when it is asked (PRODUCT §8.1).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog'));

/** PRODUCT §8.1: a map with no reasons and the default title is empty; publishing it asks first. */
function isEmptyMap(data: { title: string; reasons: readonly unknown[] }): boolean {
  return data.reasons.length === 0 && data.title.trim() === 'New belief';
}

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
  const { edit, publish, discard, undo, redo } = useDraftActions();
  const forms = useEditForms();
  const openForm = useOpenForm(id.draftId);
  const editing = openForm.target;
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [busy, setBusy] = useState(false);
  /** PRODUCT §12.1: why the last publish failed, shown with "Try again" until the next try. */
  const [publishFailure, setPublishFailure] = useState<string | null>(null);
  const [askEmpty, setAskEmpty] = useState(false);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const prefix = useId();
  const controlId = (name: string) => `${prefix}-${name}`;
  useUnsavedGuard(entry.saveError !== null);
  const [showShortcuts, setShowShortcuts] = useState(false);
  const reasonsSection = useRef<HTMLElement>(null);
  const justAdded = useJustAdded(reasonsSection, draft.data.reasons);

  // Focus goes back to the control that opened a form, once it is shown again (PRODUCT §13).
  useEffect(() => {
    if (focusTarget === null) return;
    document.getElementById(focusTarget)?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const setEditing = (target: FormTarget) => openForm.open(target, draft);
  const close = (target: string) => {
    openForm.close();
    setConflict(null);
    setFocusTarget(controlId(target));
  };
  /** Applies `change`, then closes the form and puts focus back on `target`. */
  const save = async (change: DraftChange, target: string, undoMessage?: string) => {
    await edit(id.draftId, change, undoMessage ? { undoMessage } : {});
    close(target);
  };
  /**
   * Saves the open form's `change`, unless what it edits was changed or deleted elsewhere since
   * it opened (PRODUCT §7.5): then the person chooses first, and nothing is overwritten unasked.
   */
  const saveForm = async (change: DraftChange, target: string): Promise<boolean> => {
    const form = openForm.read();
    // A form is open, so its chunk, which holds the check, is loaded.
    const conflictIn = (d: Draft) => (form && forms?.formConflict(d, form)) || null;
    const ask = (kind: FormConflict) => {
      setConflict({ kind, change, focusBack: target });
      return false;
    };
    const seen = conflictIn(draft);
    if (seen) return ask(seen);
    // Another tab may have stored its change a moment ago, before this tab heard of it: the edit
    // works on the newest stored draft, so the check runs there again and then changes nothing.
    let stored: FormConflict | null = null;
    await edit(id.draftId, (d, now) => {
      stored = conflictIn(d);
      return stored ? d : change(d, now);
    });
    if (stored) return ask(stored);
    close(target);
    return true;
  };

  const itemTarget = (reasonId: string) =>
    draft.data.reasons.some((r) => r.id === reasonId) ? `edit-${reasonId}` : 'add-item';
  const saveBelief = (fields: BeliefFields) =>
    saveForm((d, now) => updateBelief(d, fields, now), 'edit-belief').then(() => undefined);
  const saveItem = (reason: Reason) =>
    saveForm(
      (d, now) => saveReason(d, reason, now),
      editing?.kind === 'add' ? 'add-item' : itemTarget(reason.id),
    ).then(() => undefined);
  const deleteItem = (reasonId: ReasonId) =>
    save((d, now) => deleteReason(d, reasonId, now), 'add-item', flashTexts.itemDeleted);

  /**
   * Saves the open form as its Save button would, for publishing: false when it cannot be (a
   * field refused, shown beside it by submitting the form, or a conflict to resolve first).
   */
  const saveOpenForm = async (): Promise<boolean> => {
    const form = openForm.read();
    if (!form) return true;
    const { target } = form;
    const change = forms?.formChange(form, draft.data);
    if (!change) {
      document.querySelector<HTMLFormElement>('form.edit-form')?.requestSubmit();
      return false;
    }
    return saveForm(change, target.kind === 'belief' ? 'edit-belief' : itemTarget(target.id));
  };
  const firstFormField = () => document.querySelector<HTMLElement>('form.edit-form input')?.focus();

  /** PRODUCT §8.1: an open form is saved first, or the publish waits, so nothing typed is lost. */
  const publishDraft = async () => {
    const form = openForm.read();
    if (form && isFormChanged(form)) {
      // The form shows (its chunk loaded) before it can be changed; until then there is nothing to ask.
      if (!forms || !window.confirm(forms.publishQuestion)) return firstFormField();
      if (!(await saveOpenForm())) return;
    } else if (form) openForm.close();
    if (isEmptyMap(draft.data)) return setAskEmpty(true);
    await sendPublish();
  };
  const sendPublish = async () => {
    setPublishFailure(null);
    const outcome = await publish(id.draftId);
    if (!outcome.ok && !outcome.offline) setPublishFailure(outcome.reason);
  };
  const discardDraft = async () => {
    const form = openForm.read();
    if (form && isFormChanged(form) && (!forms || !window.confirm(forms.discardQuestion)))
      return firstFormField();
    if (form) openForm.close();
    await discard(id.draftId);
  };

  const run = useCallback(
    async (action: () => Promise<unknown>) => {
      if (busy) return;
      setBusy(true);
      try {
        await action();
      } finally {
        setBusy(false);
      }
    },
    [busy],
  );
  const onUndo = useCallback(() => void run(() => undo(id.draftId)), [run, undo, id.draftId]);
  const onRedo = useCallback(() => void run(() => redo(id.draftId)), [run, redo, id.draftId]);

  const formOpen = editing !== null;
  const editedReasonGone =
    editing?.kind === 'reason' && !draft.data.reasons.some((reason) => reason.id === editing.id);
  const conflictNotice = conflict && forms && (
    <forms.ConflictNotice
      kind={conflict.kind}
      what={editing?.kind === 'belief' ? 'belief' : 'item'}
      onKeepMine={() => void run(() => save(conflict.change, conflict.focusBack))}
      onTakeTheirs={() => close(conflict.focusBack)}
    />
  );
  /** Opens a form by its shortcut, unless one is open or an action runs (the key is then left alone). */
  const openByKey = (next: FormTarget) => {
    if (formOpen || busy) return false;
    setEditing(next);
  };
  /** Moves the focus to the next (or previous) reason's "Edit item", from the focused one. */
  const moveBetweenReasons = (step: 1 | -1) => {
    if (formOpen) return false;
    const buttons = [...(reasonsSection.current?.querySelectorAll<HTMLElement>('[data-reason-edit]') ?? [])];
    if (buttons.length === 0) return;
    const at = buttons.findIndex((button) => button === document.activeElement);
    const next =
      at === -1
        ? step === 1
          ? 0
          : buttons.length - 1
        : Math.min(Math.max(at + step, 0), buttons.length - 1);
    buttons[next]!.focus();
    buttons[next]!.scrollIntoView({ block: 'nearest' });
  };
  // PRODUCT §13.1: the draft's keyboard shortcuts.
  useShortcuts({
    'add-reason': () => openByKey({ kind: 'add', id: newReasonId() }),
    'edit-belief': () => openByKey({ kind: 'belief' }),
    'next-reason': () => moveBetweenReasons(1),
    'previous-reason': () => moveBetweenReasons(-1),
    'show-shortcuts': () => setShowShortcuts(true),
  });
  const draftActions = [
    { name: 'Publish draft', className: 'primary', action: publishDraft },
    { name: 'Discard draft', className: 'danger', action: discardDraft },
  ];
  return (
    <>
      <MapHeading view={view} data={draft.data} headingRef={headingRef} />
      {/* While a form is open, Undo and Redo step aside with the other edit buttons. */}
      {!formOpen && <HistoryButtons draftId={id.draftId} busy={busy} onUndo={onUndo} onRedo={onRedo} />}
      {entry.saveError && (
        <p className="map-save-error">
          <strong>Not saved in this browser.</strong> {entry.saveError} Keep this tab open, or publish the
          draft.
        </p>
      )}
      {editing?.kind === 'belief' ? (
        forms ? (
          <>
            {conflictNotice}
            <forms.BeliefForm
              data={draft.data}
              start={startValues(openForm.read(), emptyBeliefValues)}
              onChange={openForm.change}
              onSave={saveBelief}
              onCancel={() => close('edit-belief')}
            />
          </>
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

      <section className="map-reasons-section" aria-labelledby={controlId('reasons')} ref={reasonsSection}>
        <div className="map-section-head">
          <h2 id={controlId('reasons')}>Reasons</h2>
          <span className="map-section-links">
            <button type="button" className="link-button" onClick={() => setShowShortcuts(true)}>
              Keyboard shortcuts
            </button>
            <Link to="/help" className="map-icons-help">
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
          renderForm={(reason) =>
            editing?.kind === 'reason' && editing.id === reason.id ? (
              forms ? (
                <>
                  {conflictNotice}
                  <forms.ReasonForm
                    start={startValues(openForm.read(), reasonFormValues(null))}
                    onChange={openForm.change}
                    reason={reason}
                    newId={reason.id}
                    onSave={saveItem}
                    onDelete={() => deleteItem(reason.id)}
                    onCancel={() => close(`edit-${reason.id}`)}
                  />
                </>
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
                data-reason-edit
                aria-describedby={titleId}
                disabled={busy}
                onClick={() => setEditing({ kind: 'reason', id: reason.id })}
              >
                Edit item
              </button>
            )
          }
        />
        {editing?.kind === 'add' || (editing?.kind === 'reason' && editedReasonGone) ? (
          <div className="add-form">
            {forms ? (
              <>
                {conflictNotice}
                {/* A reason deleted elsewhere while its form was open keeps its form here. */}
                <forms.ReasonForm
                  reason={null}
                  label={editing.kind === 'add' ? 'Add item' : 'Edit item'}
                  start={startValues(openForm.read(), reasonFormValues(null))}
                  onChange={openForm.change}
                  newId={editing.id}
                  addError={editing.kind === 'add' ? reasonCountError(draft) : null}
                  onSave={
                    editing.kind === 'add'
                      ? async (reason) => {
                          await save((d, now) => addReason(d, reason, now), 'add-item');
                          justAdded.mark(reason);
                        }
                      : saveItem
                  }
                  onCancel={() => close('add-item')}
                />
              </>
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

      <BalanceRegion reasons={draft.data.reasons} />

      <section className="map-draft-actions" aria-labelledby={controlId('actions')}>
        <h2 id={controlId('actions')}>Draft actions</h2>
        <p className="map-actions-hint">
          Publishing gives the map its own link for anyone to read; the draft stays in this browser until
          then. A share link sends the draft as it is now, without publishing it.
        </p>
        <div className="form-buttons">
          {draftActions.map(({ name, className, action }) => (
            <button
              key={name}
              type="button"
              className={className}
              aria-disabled={busy || undefined}
              onClick={() => void run(action)}
            >
              {name}
            </button>
          ))}
        </div>
        {publishFailure && (
          <div role="alert" className="map-publish-error">
            <p>
              <strong>Not published.</strong> {publishFailure} Your draft is kept as it was.
            </p>
            <button type="button" aria-disabled={busy || undefined} onClick={() => void run(sendPublish)}>
              Try again
            </button>
          </div>
        )}
        <p className="map-compare-base">
          <CompareWithBaseLink draftId={id.draftId} />
        </p>
        <Suspense
          fallback={
            <div className="map-share">
              <button type="button" disabled>
                Copy share link
              </button>
            </div>
          }
        >
          <ShareDraft draftId={id.draftId} draft={draft} />
        </Suspense>
        <DownloadButtons map={draft} />
      </section>
      {askEmpty && (
        <Suspense fallback={null}>
          <ConfirmDialog
            title="Publish an empty map?"
            text="This map has no reasons and still has the title “New belief”. Once published, anyone with the link can read it."
            confirm="Publish anyway"
            cancel="Keep editing"
            onAnswer={(confirmed) => {
              setAskEmpty(false);
              if (confirmed) void run(sendPublish);
            }}
          />
        </Suspense>
      )}
      {showShortcuts && (
        <Suspense fallback={null}>
          <ShortcutsDialog onClose={() => setShowShortcuts(false)} />
        </Suspense>
      )}
    </>
  );
}

/** In place of a form whose chunk is still on its way (only on a very slow connection). */
function FormLoading() {
  return <p className="page-loading">Loading...</p>;
}
