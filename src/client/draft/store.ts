import type { Draft, PublishedMap } from '../../domain/belief-map';
import { createDraft } from '../../domain/draft';
import { parseMapId } from '../../domain/map-id';
import type { Direction, DraftHistory, DraftState, HistoryStep, StepKind } from './history';
import type { Persistence } from './storage/host';
import type { Answering } from './storage/publish-map';
import { noHistory, SessionHistories } from './session-histories';
import type { HistoryStorage } from './storage/session-history';
import { loadMap } from './load-map';
import {
  emptyMapsState,
  absent,
  isDraftEntry,
  isNewer,
  reconcileDraft,
  setEntry,
  type AbsentEntry,
  type DraftEntry,
  type MapEntry,
  type MapsState,
} from './entries';

// The client's maps and every transition of a draft (PRODUCT §7, §8.1): load, edit, publish,
// discard, restore. Framework-free, so it is unit-tested without a browser; React reads it through
// useSyncExternalStore (index.tsx).
//
// Two rules keep drafts safe. Every change of a draft goes through one queue, so two quick edits,
// or an edit racing a publish, never read the same old draft. And every change bumps the draft's
// revision, so a slow load that started before it cannot put an older draft back.

/** A change to a draft: a pure function such as those of domain/draft.ts or domain/merge.ts. */
export type DraftChange = (draft: Draft, now: Date) => Draft;

export interface EditResult {
  next: Draft;
  /** Set when storage refused the draft (e.g. full); the edit is still held in this tab. */
  saveError: string | null;
  /** The history's step of this edit, null when it changed nothing: undoing it is the only Undo. */
  step: HistoryStep | null;
}

export type { DraftHistory, HistoryStep, StepKind };

export interface StepOptions {
  /** Stores the state exactly as it was, as if the step had never been made (a flash's Undo). */
  asBefore?: boolean;
  /** Moves only when this is the step next in line (a flash's Undo is for its own step). */
  stepId?: string;
}

/** A draft changed by another tab or window (the storage event), for the page to announce. */
export interface ExternalChange {
  draftId: string;
  change: 'updated' | 'deleted';
}

export class MapsStore {
  private state: MapsState = emptyMapsState;
  private readonly listeners = new Set<() => void>();
  private readonly externalListeners = new Set<(change: ExternalChange) => void>();
  private readonly revisions = new Map<string, number>();
  private queue: Promise<unknown> = Promise.resolve();
  readonly persistence: Persistence;
  /** The persistence, but published maps come from state once loaded: they never change (PRODUCT §8.2). */
  private readonly cachedPersistence: Persistence;
  private readonly now: () => Date;
  private readonly histories: SessionHistories;
  /**
   * The map this store has just published (PRODUCT §8.5), so that its page confirms the publish
   * once. Held here, not in the URL: a reload or the link opened elsewhere shows the map without it.
   */
  private justPublished: { mapId: string; unlistedReason: string | null } | null = null;
  /** Titles of published maps known without their maps: those a server's page names (PRODUCT §6.2). */
  declare knownTitles?: Readonly<Record<string, string>> | undefined;

  constructor(persistence: Persistence, now: () => Date = () => new Date(), historyStorage?: HistoryStorage) {
    this.persistence = persistence;
    this.now = now;
    this.histories = new SessionHistories(() => this.notify(), historyStorage);
    this.cachedPersistence = {
      ...persistence,
      fetchMap: async (mapId) => {
        const entry = this.state.entries[mapId];
        if (entry?.kind === 'published') return entry.map;
        return persistence.fetchMap(mapId);
      },
    };
  }

  // --- reading, for useSyncExternalStore -------------------------------------------------------

  readonly getSnapshot = (): MapsState => this.state;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Calls `listener` when another tab changes or deletes a draft this store holds. */
  onExternalChange(listener: (change: ExternalChange) => void): () => void {
    this.externalListeners.add(listener);
    return () => this.externalListeners.delete(listener);
  }

  // --- loading ---------------------------------------------------------------------------------

  /**
   * Loads `input` (PRODUCT §7.2): a published id loads the map (once; published maps never change)
   * and re-reads its draft; a draft id re-reads the draft or copies its base. Never throws: a
   * failure becomes a "failed" entry of the base id (a malformed id fails in viewMap at once).
   */
  async load(input: string): Promise<void> {
    const parsed = parseMapId(input);
    if (!parsed.ok) return;
    const id = parsed.value;
    if (this.state.entries[id.baseId]?.kind === 'failed') this.set(id.baseId, undefined); // retry
    const revision = this.revision(id.draftId);
    const result = await loadMap(this.cachedPersistence, input, this.now);
    if (!result.ok) {
      console.warn(`Could not load map ${input}: ${result.error}`);
      this.set(id.baseId, { kind: 'failed', message: result.error });
      return;
    }
    const loaded = result.value;
    // A published map loaded for a fresh copy is kept too: the draft's subtitle shows its title.
    const published = loaded.kind === 'published' ? loaded.map : loaded.base;
    if (published) this.set(id.baseId, { kind: 'published', map: published });
    if (revision !== this.revision(id.draftId)) return; // the draft changed while we were reading
    const draft: DraftEntry | AbsentEntry =
      loaded.kind === 'draft'
        ? { kind: 'draft', draft: loaded.draft, stored: loaded.stored, saveError: null }
        : loaded.draft
          ? { kind: 'draft', draft: loaded.draft, stored: true, saveError: null }
          : absent;
    const next = reconcileDraft(this.state.entries[id.draftId], draft);
    if (next !== this.state.entries[id.draftId]) this.set(id.draftId, next);
  }

  /**
   * Loads the published map `mapId` alone, for what a draft page shows of its base (its title in
   * the subtitle, PRODUCT §6.2). Unlike `load`, it leaves every draft as it is; a map the server
   * does not have becomes a failed entry, and a map that cannot be reached stays unknown.
   */
  async loadPublished(mapId: string): Promise<void> {
    if (this.state.entries[mapId] !== undefined) return;
    const map = await this.cachedPersistence.fetchMap(mapId).catch(() => undefined);
    if (map === undefined || this.state.entries[mapId] !== undefined) return;
    // A map the server does not have (expired, PRODUCT §8.3) is known to be gone; opening it later
    // tries again, as any failed map does.
    this.set(
      mapId,
      map ? { kind: 'published', map } : { kind: 'failed', message: `Map ${mapId} does not exist` },
    );
  }

  /**
   * Holds `maps` as loaded: the published maps a page rendered on the server carries (PRODUCT
   * §13.6), so that showing them, on the server and again in the browser, fetches nothing; and
   * `titles`, those of the maps they answer, which the page names.
   */
  preload(maps: Readonly<Record<string, PublishedMap>>, titles?: Readonly<Record<string, string>>): void {
    for (const [id, map] of Object.entries(maps)) this.set(id, { kind: 'published', map });
    this.knownTitles = titles;
  }

  // --- changing drafts -------------------------------------------------------------------------

  /**
   * Applies `change` to the draft `draftId` (PRODUCT §7.3: the change sets updatedAt and re-sorts), shows
   * it at once and stores it. A newer version stored by another tab is edited instead of this
   * tab's copy, so neither tab overwrites the other. Rejects only when the draft cannot be loaded.
   */
  edit(draftId: string, change: DraftChange, kind: StepKind = 'edit'): Promise<EditResult> {
    return this.enqueue(async () => {
      const history = await this.loadHistoryCode();
      const current = await this.currentDraft(draftId);
      let base = current.draft;
      if (current.saveError === null) {
        const stored = await this.persistence.fetchDraft(draftId).catch(() => null);
        if (stored && isNewer(stored, base)) base = stored;
      }
      const next = change(base, this.now());
      const step = sameData(base, next)
        ? null
        : history.patchStep(
            stateOf(current, base !== current.draft, base),
            { draft: next, stored: true },
            kind,
          );
      if (step) this.setHistory(draftId, history.recordStep(this.history(draftId), step));
      this.bump(draftId);
      this.set(draftId, { kind: 'draft', draft: next, stored: current.stored, saveError: null });
      const saveError = await this.store(draftId, next, current.stored);
      return { next, saveError, step };
    });
  }

  /**
   * Stores `draft` as the new draft `draftId` (an import, a shared draft saved: PRODUCT §15.3,
   * §15.4) and resolves to null or the message of a refused write. Rejects when a draft is
   * already kept under that id: a new draft never overwrites one.
   */
  create(draftId: string, draft: Draft): Promise<string | null> {
    return this.enqueue(async () => {
      if (await this.persistence.fetchDraft(draftId).catch(() => null)) {
        throw new Error(`A draft ${draftId} already exists`);
      }
      this.bump(draftId);
      this.set(draftId, { kind: 'draft', draft, stored: false, saveError: null });
      const saveError = await this.store(draftId, draft, false);
      if (saveError) this.set(draftId, absent);
      return saveError;
    });
  }

  /** Every draft kept, for Your maps (PRODUCT §15.1). */
  listDrafts() {
    return this.persistence.listDrafts();
  }

  /**
   * Undoes the latest step of the draft's history (PRODUCT §7.6), the only way anything of a draft
   * is undone: the draft as it was before it, stored as an edit (updatedAt now, so other tabs
   * follow), or deleted again if it was a fresh copy. With `asBefore` (the Undo of a flash message,
   * right after its step) the state is stored exactly as it was. Resolves to the step undone, or
   * null when there is none (or `stepId` is not the latest).
   */
  undo(draftId: string, options: StepOptions = {}): Promise<HistoryStep | null> {
    return this.enqueue(() => this.step(draftId, 'undo', options));
  }

  /** Redoes the latest undone step (PRODUCT §7.6); resolves to it, or null when there is none. */
  redo(draftId: string): Promise<HistoryStep | null> {
    return this.enqueue(() => this.step(draftId, 'redo', {}));
  }

  /** What is kept under `draftId`, valid draft or not (a shared draft asks before replacing it). */
  keptDraft(draftId: string): Promise<unknown> {
    return this.persistence.fetchKeptDraft(draftId).catch(() => null);
  }

  /** The draft's Undo history in this session; the same object until it changes. */
  history(draftId: string): DraftHistory {
    return this.histories.get(draftId);
  }

  /**
   * Deletes the draft (PRODUCT §7.4), a step of its history that `undo` takes back; resolves to the
   * step, or null when no draft was kept to come back to.
   */
  discard(draftId: string): Promise<HistoryStep | null> {
    return this.enqueue(async () => {
      const history = await this.loadHistoryCode();
      const entry = this.state.entries[draftId];
      const step =
        isDraftEntry(entry) && (entry.stored || entry.saveError) ? history.discardStep(stateOf(entry)) : null;
      if (step) this.setHistory(draftId, history.recordStep(this.history(draftId), step));
      this.bump(draftId);
      await this.persistence.deleteDraft(draftId);
      this.set(draftId, absent);
      return step;
    });
  }

  /**
   * Publishes the draft (PRODUCT §8): sends it, then deletes it, and resolves to the new map id. On
   * failure it rejects and the draft stays exactly as it was. A draft changed while the request
   * was out (in another tab) is kept. When the answer says when the map was published, the map is
   * held as published at once from what was sent, so opening it needs no request. `answering` says
   * which map it answers and whether to be listed there (PRODUCT §5.5); the map's author key is
   * kept with the record of maps published here.
   */
  publish(draftId: string, answering: Answering | null = null): Promise<string> {
    return this.enqueue(async () => {
      const current = await this.currentDraft(draftId);
      const revision = this.revision(draftId);
      const publication = await this.persistence.publishDraft(current.draft, answering);
      const { mapId, published, map, authorKey } = publication;
      if (map) this.set(mapId, { kind: 'published', map });
      const title = current.draft.data.title;
      this.persistence.recordPublished({
        mapId,
        title,
        published: published ?? this.now().toISOString(),
        ...(authorKey ? { authorKey } : {}),
      });
      const stored = await this.persistence.fetchDraft(draftId).catch(() => null);
      const changedElsewhere = stored !== null && isNewer(stored, current.draft);
      if (revision === this.revision(draftId) && !changedElsewhere) {
        this.bump(draftId);
        await this.persistence
          .deleteDraft(draftId)
          .catch((error: unknown) => console.warn('Could not delete the published draft', error));
        this.setHistory(draftId, noHistory);
        this.set(draftId, absent);
      }
      this.justPublished = { mapId, unlistedReason: publication.unlistedReason };
      return mapId;
    });
  }

  /**
   * How the publish of `mapId` went when this store has just published it (PRODUCT §8.5): null
   * otherwise, else why it is not listed under the map it answers (null when it is, or was not
   * asked to be).
   */
  justPublishedOutcome(mapId: string): { unlistedReason: string | null } | null {
    return this.justPublished?.mapId === mapId ? this.justPublished : null;
  }

  // --- other tabs ------------------------------------------------------------------------------

  /** Follows drafts changed in other tabs, so two tabs stay in step (PRODUCT §7). */
  watch(): () => void {
    return this.persistence.watchDrafts((draftId) => {
      const ids =
        draftId === '*' ? Object.keys(this.state.entries).filter((id) => id.startsWith('draft.')) : [draftId];
      for (const id of ids) void this.refresh(id);
    });
  }

  /** Re-reads one draft after another tab changed it; ignores drafts this store never loaded. */
  refresh(draftId: string): Promise<void> {
    return this.enqueue(async () => {
      const entry = this.state.entries[draftId];
      if (entry === undefined) return;
      const stored = await this.persistence.fetchDraft(draftId).catch(() => null);
      if (stored) {
        if (isDraftEntry(entry) && !isNewer(stored, entry.draft) && (entry.stored || entry.saveError)) return;
        this.bump(draftId);
        this.set(draftId, { kind: 'draft', draft: stored, stored: true, saveError: null });
        this.emit({ draftId, change: 'updated' });
        return;
      }
      if (!isDraftEntry(entry) || !entry.stored || entry.saveError !== null) return;
      // Deleted (discarded or published) elsewhere: show a fresh copy of the base, as a reload would.
      this.bump(draftId);
      const base = await this.baseOf(draftId);
      this.set(
        draftId,
        base
          ? { kind: 'draft', draft: createDraft(base, this.now()), stored: false, saveError: null }
          : absent,
      );
      this.emit({ draftId, change: 'deleted' });
    });
  }

  // --- internals -------------------------------------------------------------------------------

  private async step(
    draftId: string,
    direction: Direction,
    options: StepOptions,
  ): Promise<HistoryStep | null> {
    const { takeStep, applyStep, isValidDraft } = await this.loadHistoryCode();
    const taken = takeStep(this.history(draftId), direction);
    if (!taken || (options.stepId !== undefined && taken.step.id !== options.stepId)) return null;
    const { step } = taken;
    const entry = this.state.entries[draftId];
    // Undoing a discard needs no draft at hand: the discarded one comes back whole.
    const present =
      step.kind === 'discard' && direction === 'undo'
        ? isDraftEntry(entry)
          ? stateOf(entry)
          : null
        : stateOf(await this.currentDraft(draftId));
    const target = applyStep(present, step, direction);
    if (target && !isValidDraft(target.draft)) {
      // A damaged stored step: forget the history rather than store what it makes.
      console.warn(`Could not ${direction} a damaged step of ${draftId}`);
      this.setHistory(draftId, noHistory);
      return null;
    }
    this.setHistory(draftId, taken.history);
    this.bump(draftId);
    if (target === null) {
      await this.persistence.deleteDraft(draftId);
      this.set(draftId, absent);
      void this.load(draftId); // a fresh copy of the base, as a reload would show
    } else if (target.stored) {
      const draft =
        options.asBefore || present === null
          ? target.draft
          : { ...target.draft, updatedAt: later(this.now(), present.draft.updatedAt) };
      const wasStored = present?.stored ?? false;
      this.set(draftId, { kind: 'draft', draft, stored: wasStored, saveError: null });
      await this.store(draftId, draft, wasStored);
    } else {
      await this.persistence.deleteDraft(draftId);
      this.set(draftId, { kind: 'draft', draft: target.draft, stored: false, saveError: null });
    }
    return step;
  }

  private loadHistoryCode() {
    return this.histories.code();
  }

  private setHistory(draftId: string, history: DraftHistory): void {
    this.histories.set(draftId, history);
  }

  /** The draft in state, or loaded as a draft route would load it (the compare page may edit a draft it never showed). */
  private async currentDraft(draftId: string): Promise<DraftEntry> {
    const entry = this.state.entries[draftId];
    if (isDraftEntry(entry)) return entry;
    const result = await loadMap(this.cachedPersistence, draftId, this.now);
    if (!result.ok || result.value.kind !== 'draft')
      throw new Error(result.ok ? `${draftId} is not a draft id` : result.error);
    const loaded: DraftEntry = {
      kind: 'draft',
      draft: result.value.draft,
      stored: result.value.stored,
      saveError: null,
    };
    this.set(draftId, loaded);
    return loaded;
  }

  private async baseOf(draftId: string): Promise<PublishedMap | null> {
    const parsed = parseMapId(draftId);
    if (!parsed.ok) return null;
    return this.cachedPersistence.fetchMap(parsed.value.baseId).catch(() => null);
  }

  /** Stores `draft`; resolves to null, or to the message of a refused write (kept in memory). */
  private async store(draftId: string, draft: Draft, wasStored: boolean): Promise<string | null> {
    const revision = this.revision(draftId);
    let saveError: string | null = null;
    try {
      await this.persistence.persistDraft(draftId, draft);
    } catch (error) {
      saveError = error instanceof Error ? error.message : String(error);
      console.warn(`Could not store draft ${draftId}: ${saveError}`);
    }
    if (revision === this.revision(draftId))
      this.set(draftId, { kind: 'draft', draft, stored: saveError === null || wasStored, saveError });
    return saveError;
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private revision(draftId: string): number {
    return this.revisions.get(draftId) ?? 0;
  }

  private bump(draftId: string): void {
    this.revisions.set(draftId, this.revision(draftId) + 1);
  }

  private set(id: string, entry: MapEntry | undefined): void {
    this.state = setEntry(this.state, id, entry);
    this.notify();
  }

  private notify(): void {
    for (const listener of this.listeners) listener();
  }

  private emit(change: ExternalChange): void {
    for (const listener of this.externalListeners) listener(change);
  }
}

function stateOf(entry: DraftEntry, storedElsewhere = false, draft = entry.draft): DraftState {
  return { draft, stored: storedElsewhere || entry.stored || entry.saveError !== null };
}

function sameData(a: Draft, b: Draft): boolean {
  return JSON.stringify(a.data) === JSON.stringify(b.data);
}

/** `now` as an ISO timestamp, or 1 ms after `than` if that is not earlier, so the step counts as newer. */
function later(now: Date, than: string): string {
  const after = Date.parse(than) + 1;
  return new Date(Math.max(now.getTime(), Number.isNaN(after) ? 0 : after)).toISOString();
}
