import './draft-actions.css';
import { lazy, Suspense, useId, useState } from 'react';
import type { Draft } from '../../../domain/belief-map';
import { defaultMap, isBuiltInMapId } from '../../../domain/built-in/ids';
import { defaultMapId, isLocalBaseId, parseMapId } from '../../../domain/map-id';
import { useMapsStore, usePublishedTitle } from '../../draft';
import { useDraftCommands } from '../../draft/use-commands';
import { CompareWithBaseLink } from '../../components/CompareWithBaseLink';
import { LazyDownloadButtons as DownloadButtons } from '../../components/LazyDownloadButtons';
import { embeddedElsewhere, siteLink } from '../../lib/site';
import type { Busy } from './use-busy';
import type { DraftForms } from './use-draft-forms';

// Loaded after the page, so "Copy share link" costs the first load nothing (PRODUCT §13.5).
const ShareDraft = lazy(() => import('./ShareDraft').then((m) => ({ default: m.ShareDraft })));
// The question before publishing an empty map loads only when it is asked (PRODUCT §8.1).
const ConfirmDialog = lazy(() => import('../../components/ConfirmDialog'));

/**
 * PRODUCT §5.5, §8.1: the published or built-in map a draft was made from, which its map will
 * answer, and whether its author may ask to be listed there (not under a built-in map); null for a
 * draft made from nothing.
 */
function answeredBy(draftId: string): { basedOn: string; listable: boolean } | null {
  const parsed = parseMapId(draftId);
  if (!parsed.ok) return null;
  const { baseId } = parsed.value;
  if (baseId === defaultMapId || isLocalBaseId(baseId)) return null;
  return { basedOn: baseId, listable: !isBuiltInMapId(baseId) };
}

/** PRODUCT §8.1: a map with no reasons and the default title is empty; publishing it asks first. */
function isEmptyMap(data: { title: string; reasons: readonly unknown[] }): boolean {
  return data.reasons.length === 0 && data.title.trim() === defaultMap.data.title;
}

interface DraftActionsProps extends Busy {
  draftId: string;
  draft: Draft;
  draftForms: Pick<DraftForms, 'settleBeforePublish' | 'settleBeforeDiscard'>;
}

/**
 * The "Draft actions" region (PRODUCT §8.1, §15.4): "Publish draft" (asking first about an empty
 * map, and offering "Try again" after a failure), "Discard draft", the share link and downloads.
 */
export function DraftActions({ draftId, draft, draftForms, busy, run }: DraftActionsProps) {
  const { publish, discard } = useDraftCommands();
  /** PRODUCT §12.1: why the last publish failed, shown with "Try again" until the next try. */
  const [publishFailure, setPublishFailure] = useState<string | null>(null);
  /**
   * The question about an empty map: how many times it was asked, and whether it is open. Each
   * asking is a new dialog: the browser closes a dialog on Escape (and gives the focus back) before
   * the page has taken its answer, so a quick second "Publish draft" must not find the old one.
   */
  const [emptyQuestion, setEmptyQuestion] = useState({ asked: 0, open: false });
  const headingId = useId();
  const answered = answeredBy(draftId);
  const [listed, setListed] = useState(true);

  // PRODUCT §11.5: on another site's page, the draft is published on Belief Map's own site, where
  // its author sees what they publish: no other site can make its visitors publish.
  const { host } = useMapsStore().persistence;
  const publishesHere = !embeddedElsewhere || Boolean(host.publishMap);

  const publishDraft = async () => {
    if (!(await draftForms.settleBeforePublish())) return;
    if (!publishesHere) return publishOnSite();
    if (isEmptyMap(draft.data)) return setEmptyQuestion(({ asked }) => ({ asked: asked + 1, open: true }));
    await sendPublish();
  };
  const sendPublish = async () => {
    setPublishFailure(null);
    const outcome = await publish(
      draftId,
      answered && { basedOn: answered.basedOn, listed: answered.listable && listed },
    );
    if (!outcome.ok && !outcome.offline) setPublishFailure(outcome.reason);
  };
  /** Opens the draft on Belief Map's site in a new tab, by its share link (PRODUCT §15.4). */
  const publishOnSite = async () => {
    setPublishFailure(null);
    const { makeShareLink } = await import('../../lib/share-link');
    const link = await makeShareLink({ draftId, draft }, siteLink(''));
    if (!link.ok)
      return setPublishFailure(
        'This draft is too long to open on Belief Map’s site by link. Download it, then import it there.',
      );
    window.open(link.url, '_blank', 'noopener');
  };
  const discardDraft = async () => {
    if (draftForms.settleBeforeDiscard()) await discard(draftId);
  };
  const draftActions = [
    { name: 'Publish draft', className: 'primary', action: publishDraft },
    { name: 'Discard draft', className: 'danger', action: discardDraft },
  ];
  return (
    <>
      <section className="map-draft-actions" aria-labelledby={headingId}>
        <h2 id={headingId}>Draft actions</h2>
        <p className="map-actions-hint">
          Publishing gives the map its own link for anyone to read; the draft stays in this browser until
          then. A share link sends the draft as it is now, without publishing it.
        </p>
        {answered?.listable && <ListUnder baseId={answered.basedOn} listed={listed} onChange={setListed} />}
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
          <CompareWithBaseLink draftId={draftId} />
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
          <ShareDraft draftId={draftId} draft={draft} />
        </Suspense>
        <DownloadButtons map={draft} printable />
      </section>
      {emptyQuestion.open && (
        <Suspense fallback={null}>
          <ConfirmDialog
            key={emptyQuestion.asked}
            title="Publish an empty map?"
            text="This map has no reasons and still has the title “New belief”. Once published, anyone with the link can read it."
            confirm="Publish anyway"
            cancel="Keep editing"
            onAnswer={(confirmed) => {
              // An answer closes its own asking only, never a newer one.
              const { asked } = emptyQuestion;
              setEmptyQuestion((current) => (current.asked === asked ? { asked, open: false } : current));
              if (confirmed) void run(sendPublish);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** PRODUCT §8.1: whether the published map is listed under the map it answers; yes unless unticked. */
function ListUnder({
  baseId,
  listed,
  onChange,
}: {
  baseId: string;
  listed: boolean;
  onChange: (listed: boolean) => void;
}) {
  const title = usePublishedTitle(baseId) ?? baseId;
  const hintId = useId();
  return (
    <p className="map-list-under">
      <label>
        <input
          type="checkbox"
          checked={listed}
          aria-describedby={hintId}
          onChange={(event) => onChange(event.target.checked)}
        />{' '}
        List my map under “<bdi>{title}</bdi>”
      </label>
      <span id={hintId} className="map-list-under-hint">
        Anyone who opens “<bdi>{title}</bdi>” will see a link to your map.
      </span>
    </p>
  );
}
