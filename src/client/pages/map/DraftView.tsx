import { lazy, Suspense, useCallback, useState, type ReactNode, type Ref } from 'react';
import { updateBelief, type BeliefFields } from '../../../domain/draft';
import type { MapView } from '../../draft/entries';
import { emptyBeliefValues, startValues } from '../../draft/form/open-form';
import { useDraftCommands } from '../../draft/use-commands';
import { BalanceRegion } from '../../components/Balance';
import { DraftReasons } from './DraftReasons';
import { HistoryButtons } from './HistoryButtons';
import { MapDescription, MapHeading } from './MapHeading';
import { OpenFormSlot } from './OpenFormSlot';
import { useBusy } from './use-busy';
import { useDraftForms } from './use-draft-forms';
import { useDraftKeyboard } from './use-draft-keyboard';
import { useUnsavedGuard } from './use-unsaved-guard';

// The list of shortcuts loads when it is first asked for (PRODUCT §13.5).
const ShortcutsDialog = lazy(() => import('../../components/ShortcutsDialog'));
// The "Draft actions" region, last on the page, comes just after the map and its reasons show,
// keeping the first load within its budget (PRODUCT §13.5).
const DraftActions = lazy(() => import('./DraftActions').then((m) => ({ default: m.DraftActions })));

interface DraftViewProps {
  view: Extract<MapView, { status: 'draft' }>;
  headingRef: Ref<HTMLHeadingElement>;
  /** What the page shows after the draft (its notice). */
  after?: ReactNode;
}

/**
 * A draft (PRODUCT §6.2, §7): the map with "Edit belief", its Reasons section and the "Draft
 * actions" region. One form is open at a time, in place of what it edits; while it is open the
 * other edit buttons step aside, so nothing typed is dropped by opening another form.
 */
export function DraftView({ view, headingRef, after }: DraftViewProps) {
  const { id, entry } = view;
  const { draft } = entry;
  const { undo, redo } = useDraftCommands();
  const draftForms = useDraftForms(id.draftId, draft);
  const { editing, open, close, controlRef } = draftForms;
  const { busy, run } = useBusy();
  // Each opening is a new dialog: the browser closes one on Escape before the page hears of it, so
  // opening it again at once must not find the closed one (see DraftActions' empty-map question).
  const [shortcuts, setShortcuts] = useState({ opened: 0, open: false });
  const showShortcuts = () => setShortcuts(({ opened }) => ({ opened: opened + 1, open: true }));
  useUnsavedGuard(entry.saveError !== null);

  const onUndo = useCallback(() => void run(() => undo(id.draftId)), [run, undo, id.draftId]);
  const onRedo = useCallback(() => void run(() => redo(id.draftId)), [run, redo, id.draftId]);
  const saveBelief = (fields: BeliefFields) =>
    draftForms.saveForm((d, now) => updateBelief(d, fields, now), 'edit-belief').then(() => undefined);

  const formOpen = editing !== null;
  useDraftKeyboard({
    formOpen,
    busy,
    open,
    reasonEditButtons: () =>
      draft.data.reasons.flatMap((reason) => draftForms.control(`edit-${reason.id}`) ?? []),
    showShortcuts,
  });
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
        <OpenFormSlot draftForms={draftForms} run={run}>
          {(forms) => (
            <forms.BeliefForm
              data={draft.data}
              start={startValues(draftForms.openForm.read(), emptyBeliefValues)}
              onChange={draftForms.openForm.change}
              onSave={saveBelief}
              onCancel={() => close('edit-belief')}
              formRef={draftForms.formRef}
            />
          )}
        </OpenFormSlot>
      ) : (
        <>
          <MapDescription description={draft.data.description} />
          {!formOpen && (
            <button
              type="button"
              ref={controlRef('edit-belief')}
              disabled={busy}
              onClick={() => open({ kind: 'belief' })}
            >
              Edit belief
            </button>
          )}
        </>
      )}
      <DraftReasons
        draft={draft}
        draftForms={draftForms}
        busy={busy}
        run={run}
        onShowShortcuts={showShortcuts}
      />
      <BalanceRegion reasons={draft.data.reasons} />
      {/* What follows the actions arrives with them, so that nothing shown moves down (layout shift). */}
      <Suspense fallback={null}>
        <DraftActions draftId={id.draftId} draft={draft} draftForms={draftForms} busy={busy} run={run} />
        {after}
      </Suspense>
      {shortcuts.open && (
        <Suspense fallback={null}>
          <ShortcutsDialog
            key={shortcuts.opened}
            onClose={() => {
              const { opened } = shortcuts;
              setShortcuts((current) => (current.opened === opened ? { opened, open: false } : current));
            }}
          />
        </Suspense>
      )}
    </>
  );
}
