import { useRef, useState } from 'react';
import { flashDurations, useFlash } from '../../components/flash';
import { ReplaceQuestion } from '../../components/ReplaceQuestion';
import { useDraftCommands } from '../../draft/use-commands';
import { newLocalDraftId } from '../../../domain/local-draft-id';
import type { DiscardedDraft } from '../../draft/storage/discarded-drafts';
import { useMapsStore } from '../../draft';
import { DraftOf, formatTime, reasonCount } from './draft-meta';
import type { RestoreChoice } from '../../draft/restore-discarded';
import { discardedCode } from './discarded-code';
import { quoted } from '../../../domain/text-direction';

// PRODUCT §15.1: "Recently discarded" on Your maps: the drafts discarded in this browser in the last
// 30 days (PRODUCT §7.4), newest first, each with "Restore" and "Delete for good".

export function RecentlyDiscarded({ items, onChange }: { items: DiscardedDraft[]; onChange: () => void }) {
  const store = useMapsStore();
  const commands = useDraftCommands();
  const flash = useFlash();
  const [asking, setAsking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  /** The item's buttons are gone: the focus goes to the section, not to the page's start. */
  function done(text: string, undo?: () => void) {
    setAsking(null);
    onChange();
    heading.current?.focus();
    flash.show({ text, durationMs: flashDurations.undo, ...(undo ? { undo } : {}) });
  }

  async function restore(item: DiscardedDraft, choice?: RestoreChoice) {
    setError(null);
    const { restoreDiscarded } = await discardedCode();
    const outcome = await restoreDiscarded(store, commands.create, item, choice);
    if (outcome === 'taken') setAsking(item.key);
    else if ('error' in outcome) setError(outcome.error);
    else done('Draft restored');
  }

  async function deleteForGood(item: DiscardedDraft) {
    const { discardedDrafts } = await discardedCode();
    discardedDrafts.deleteDiscarded(item.key);
    done('Draft deleted for good', () => void undoDelete(item));
  }

  /** Runs after the flash bar has cleared the message whose Undo was pressed, and says what it did. */
  async function undoDelete(item: DiscardedDraft) {
    const { discardedDrafts } = await discardedCode();
    discardedDrafts.putDiscarded(item);
    onChange();
    flash.show({
      text: `Undone: deleted ${quoted(item.draft.data.title)} for good`,
      durationMs: flashDurations.undo,
    });
  }

  return (
    <section className="maps-section" aria-labelledby="maps-discarded">
      <h2 id="maps-discarded" ref={heading} tabIndex={-1}>
        Recently discarded
      </h2>
      {error && (
        <p className="maps-error" role="alert">
          <strong>Not restored.</strong> {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="maps-empty">
          Nothing discarded. A discarded draft is kept here for 30 days, or until its room is needed for
          drafts.
        </p>
      ) : (
        <ul className="maps-list card-list">
          {items.map((item) => {
            const titleId = `discarded-${item.key}`;
            return (
              <li key={item.key} className="maps-item">
                <h3 id={titleId} dir="auto">
                  {item.draft.data.title}
                </h3>
                <p className="maps-meta">
                  <DraftOf draftId={item.draftId} /> · Discarded{' '}
                  {formatTime(new Date(item.discardedAt).toISOString())} ·{' '}
                  {reasonCount(item.draft.data.reasons.length)}
                </p>
                {asking === item.key ? (
                  <ReplaceQuestion
                    id={`${titleId}-question`}
                    className="maps-replace-question"
                    buttonsClassName="maps-buttons"
                    question="A newer draft of this map is kept in this browser. Replace it with this one (it then moves to Recently discarded), or keep both?"
                    replaceLabel="Replace"
                    onReplace={() => void restore(item, 'replace')}
                    onKeepBoth={() => void restore(item, { keepBothAs: newLocalDraftId() })}
                    onCancel={() => setAsking(null)}
                  />
                ) : (
                  <div className="maps-buttons">
                    <button type="button" aria-describedby={titleId} onClick={() => void restore(item)}>
                      Restore
                    </button>
                    <button
                      type="button"
                      className="danger"
                      aria-describedby={titleId}
                      onClick={() => void deleteForGood(item)}
                    >
                      Delete for good
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
